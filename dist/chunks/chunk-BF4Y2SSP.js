import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);

// src/util/secrets.ts
var MIN_SECRET_LENGTH = 6;
var REDACTED = "***";
var secrets = /* @__PURE__ */ new Set();
var ordered = [];
function variants(value) {
  const out = /* @__PURE__ */ new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]);
  return [...out].filter((v) => v.length >= MIN_SECRET_LENGTH);
}
function registerSecrets(values) {
  for (const v of values) {
    if (typeof v !== "string" || v.length < MIN_SECRET_LENGTH) continue;
    for (const x of variants(v)) secrets.add(x);
  }
  ordered = [...secrets].sort((a, b) => b.length - a.length);
}
var URL_QUERY = /\b(https?:\/\/[^\s?#"'<>()]*)\?[^\s#"'<>()]*/gi;
function redactUrl(url) {
  return url.replace(URL_QUERY, "$1?\u2026");
}
function scrubText(text) {
  let out = text;
  for (const s of ordered) if (out.includes(s)) out = out.replaceAll(s, REDACTED);
  return out.includes("?") ? redactUrl(out) : out;
}
function scrubDeep(value) {
  return walk(value);
}
function walk(value) {
  if (typeof value === "string") return scrubText(value);
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(walk);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrubText(k), walk(v)]));
}

// src/util/safe-text.ts
var MAX_VALUE_CHARS = 1e3;
var MAX_LOG_LINE_CHARS = 16 * 1024;
var MAX_LOG_TEXT_CHARS = 1024 * 1024;
function clip(text, max, length = text.length) {
  if (text.length <= max) return text;
  const head = headOf(text, max);
  return copy(`${head}\u2026[cut: ${head.length} of ${length} characters]`);
}
function headOf(text, max) {
  if (text.length <= max) return text;
  let cut = Math.max(0, max);
  const last = text.charCodeAt(cut - 1);
  if (last >= 55296 && last <= 56319) cut--;
  return text.slice(0, cut);
}
function copy(s) {
  return JSON.parse(JSON.stringify(s));
}
var SECRET_MARGIN = 16 * 1024;
function scrubbedWindow(text, max) {
  if (text.length <= max) return scrubText(text);
  for (let window = max + SECRET_MARGIN; ; window *= 2) {
    if (window >= text.length) return scrubText(text);
    const head = scrubText(text.slice(0, window));
    if (head.length >= max + SECRET_MARGIN / 2) return head;
  }
}
function scrubbedHead(text, max) {
  return clip(scrubbedWindow(text, max), max, text.length);
}
var CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
var CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
var NAMED = { "\n": "\\n", "\r": "\\r", "	": "\\t" };
function escapeControl(ch) {
  const named = NAMED[ch];
  if (named !== void 0) return named;
  const code = ch.charCodeAt(0);
  return code <= 255 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}
function neutraliseCommands(line) {
  return line.replace(/^(\s*)::/, "$1\\x3a:").replaceAll("##[", "#\\x23[");
}
function forTerminal(value) {
  return neutraliseCommands(escapeControls(value));
}
function escapeControls(value, max = MAX_VALUE_CHARS, lineBreaks) {
  const head = scrubbedHead(value, max);
  return (lineBreaks === void 0 ? head : head.replace(/\r?\n|\r/g, lineBreaks)).replace(CONTROL, escapeControl);
}
function forLog(text) {
  const window = scrubbedWindow(text, MAX_LOG_TEXT_CHARS);
  const cut = window.length > MAX_LOG_TEXT_CHARS;
  const lines = headOf(window, MAX_LOG_TEXT_CHARS).split("\n");
  const last = cut ? lines.pop() : null;
  const out = lines.map((line) => clip(line, MAX_LOG_LINE_CHARS));
  if (last !== null) out.push(headOf(last, MAX_LOG_LINE_CHARS), `\u2026[cut: ${MAX_LOG_TEXT_CHARS} of ${text.length} characters]`);
  return out.map((line) => neutraliseCommands(line.replace(CONTROL_BUT_NEWLINE, escapeControl))).join("\n");
}

export {
  registerSecrets,
  scrubDeep,
  clip,
  scrubbedHead,
  forTerminal,
  escapeControls,
  forLog
};
