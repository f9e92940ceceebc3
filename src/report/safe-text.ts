// Untrusted text on its way to a terminal or a CI log: a server's error
// message, a model id from /v1/models, a cell id or model name read from a
// result a fork made. Raw, an ESC sequence rewrites the user's terminal, and a
// line starting `::` (or containing `##[`) is a workflow command to the GitHub
// runner, which parses every line of every step's output: a model id
// "x\n::set-output name=verdict::pass" would set an output, "::add-mask::"
// would hide the log, "::stop-commands::" would switch the guard off.
// Registered secrets are scrubbed too (util/secrets.ts).
// No @actions/* import, so the CLI, the action and the reports share it.
import { scrubText } from '../util/secrets.js';

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

/** Secrets scrubbed and control characters escaped as forTerminal does, for renderers with their own escaping (Markdown). */
export function escapeControls(value: string): string {
  return scrubText(value).replace(CONTROL, escapeControl);
}

/**
 * A whole text for a log (drop-in for a host's log method): line breaks are
 * kept, every other control character is escaped, and no line can be a
 * workflow command. Text already passed through forTerminal is unchanged.
 */
export function forLog(text: string): string {
  return scrubText(text)
    .replace(CONTROL_BUT_NEWLINE, escapeControl)
    .split('\n')
    .map(neutraliseCommands)
    .join('\n');
}
