// Untrusted text on its way to a terminal or a CI log: a server's error
// message, a model id from /v1/models, a cell id or model name read from a
// result a fork made. Raw, an ESC sequence rewrites the user's terminal, and a
// line starting `::` (or containing `##[`) is a workflow command to the GitHub
// runner, which parses every line of every step's output: a model id
// "x\n::set-output name=verdict::pass" would set an output, "::add-mask::"
// would hide the log, "::stop-commands::" would switch the guard off.
// Registered secrets are scrubbed too (util/secrets.ts).
// And every such text is bounded (issue 19, item 9): a 100 MB model name in a
// result file was printed whole, as one 100 MB line, and escaped whole first.
// Each sink keeps the head of what it is given and marks the cut with the
// original length (clip), before any other work on the text.
// No @actions/* import, so the CLI, the action and the reports share it.
import { scrubText } from './secrets.js';

/** Characters kept of one untrusted value (a model id, a message, a cell id) in a terminal table or a line. */
export const MAX_VALUE_CHARS = 1000;
/** Characters kept of one line of log text. */
export const MAX_LOG_LINE_CHARS = 16 * 1024;
/** Characters kept of one whole log text (a table, a usage page): far beyond any the tool writes. */
export const MAX_LOG_TEXT_CHARS = 1024 * 1024;

/**
 * The one bound on untrusted text: at most `max` characters of its head
 * (never half a surrogate pair), then a mark that says it was cut and how
 * long it was: `abc…[cut: 1000 of 314572800 characters]`. Shorter text is
 * returned as it is. `length` is the original's length when `text` is
 * already a part of it. The head is a copy: a stored clip never keeps the
 * huge original alive (V8 slices are views into their parent).
 */
export function clip(text: string, max: number, length = text.length): string {
  if (text.length <= max) return text;
  const head = headOf(text, max);
  return copy(`${head}…[cut: ${head.length} of ${length} characters]`);
}

/** At most `max` characters of the head of `text`, never ending in half a surrogate pair. */
function headOf(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = Math.max(0, max);
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return text.slice(0, cut);
}

/** A fresh flat string (see clip); JSON keeps lone surrogates as they are. */
function copy(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

/**
 * Secrets must be scrubbed before the cut (a key cut in half would leave its
 * first half unscrubbed), but scrubbing all of a huge text is the work the
 * bound saves: the head plus this margin is scrubbed, which holds every
 * secret whose start is kept, for secrets up to half the margin long (API
 * keys and tokens are under 200 characters).
 */
const SECRET_MARGIN = 16 * 1024;

/**
 * scrubText(text) when it is short; else the scrubbed head of it, at least
 * `max` characters long (all of it when it is shorter scrubbed), with no part
 * of a secret in its first `max`. Work bounded by `max`, not by the text.
 */
function scrubbedWindow(text: string, max: number): string {
  if (text.length <= max) return scrubText(text);
  for (let window = max + SECRET_MARGIN; ; window *= 2) {
    if (window >= text.length) return scrubText(text);
    const head = scrubText(text.slice(0, window));
    // Scrubbing shortens the head; a secret cut at its end lies within the last SECRET_MARGIN / 2.
    if (head.length >= max + SECRET_MARGIN / 2) return head;
  }
}

/** scrubText(text) clipped to `max` (the mark naming the text's own length), in time bounded by `max`. */
export function scrubbedHead(text: string, max: number): string {
  return clip(scrubbedWindow(text, max), max, text.length);
}

/** C0 controls, DEL, C1 controls, and the Unicode bidi overrides and isolates that reorder what a reader sees. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
/** The same without \n: a whole log text keeps its line breaks. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeControl(ch: string): string {
  const named = NAMED[ch];
  if (named !== undefined) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * The runner takes a line as a command when, leading whitespace aside, it
 * starts with `::`, and (older syntax) wherever `##[` appears. Escaping one
 * character of each keeps the text readable and inert.
 */
function neutraliseCommands(line: string): string {
  return line.replace(/^(\s*)::/, '$1\\x3a:').replaceAll('##[', '#\\x23[');
}

/**
 * One untrusted value for a terminal table or a log line: every control
 * character escaped (`\n`, `\x1b`, ...), so it stays on one line and cannot
 * drive the terminal, and it cannot start a workflow command.
 */
export function forTerminal(value: string): string {
  return neutraliseCommands(escapeControls(value));
}

/**
 * Secrets scrubbed, the value clipped to `max` characters and control
 * characters escaped as forTerminal does, for renderers with their own
 * escaping (Markdown). `lineBreaks: ' '` turns \r\n, \r and \n into a space
 * instead of escaping them.
 */
export function escapeControls(value: string, max = MAX_VALUE_CHARS, lineBreaks?: ' '): string {
  const head = scrubbedHead(value, max);
  return (lineBreaks === undefined ? head : head.replace(/\r?\n|\r/g, lineBreaks)).replace(CONTROL, escapeControl);
}

/**
 * A whole text for a log (drop-in for a host's log method): line breaks are
 * kept, every other control character is escaped, and no line can be a
 * workflow command. Text already passed through forTerminal is unchanged.
 * Bounded: at most MAX_LOG_TEXT_CHARS of the text, and of each line
 * MAX_LOG_LINE_CHARS, are kept (each cut marked), before anything is escaped.
 */
export function forLog(text: string): string {
  const window = scrubbedWindow(text, MAX_LOG_TEXT_CHARS);
  const cut = window.length > MAX_LOG_TEXT_CHARS;
  const lines = headOf(window, MAX_LOG_TEXT_CHARS).split('\n');
  // A cut text ends in a line of its own that says so; the line it cut through is kept to MAX_LOG_LINE_CHARS unmarked.
  const last = cut ? lines.pop()! : null;
  const out = lines.map((line) => clip(line, MAX_LOG_LINE_CHARS));
  if (last !== null) out.push(headOf(last, MAX_LOG_LINE_CHARS), `…[cut: ${MAX_LOG_TEXT_CHARS} of ${text.length} characters]`);
  return out.map((line) => neutraliseCommands(line.replace(CONTROL_BUT_NEWLINE, escapeControl))).join('\n');
}
