// Colour on a terminal only, and never when NO_COLOR is set to anything
// (https://no-color.org). Applied by the CLI's sink to text already made safe
// for a terminal (pipeline/host.ts forLog), so no colour code a server or a
// result file sent can pass: only the ones added here.
import { BAR_EMPTY, BAR_FILLED } from '../pipeline/progress-line.js';

const SGR = { red: '31', yellow: '33', cyan: '36', green: '32', dim: '2', bold: '1' } as const;
type Style = keyof typeof SGR;

/** Whether to colour what goes to a stream: a terminal, and NO_COLOR unset or empty. */
export function colourWanted(isTTY: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  return isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === '');
}

function paint(text: string, ...styles: Style[]): string {
  return `\x1b[${styles.map((s) => SGR[s]).join(';')}m${text}\x1b[0m`;
}

/** The prefix of a log line by its level ('error: ', 'warning: ', 'note: '), coloured. */
export function paintPrefix(prefix: string): string {
  if (prefix === 'error: ') return paint(prefix, 'red', 'bold');
  if (prefix === 'warning: ') return paint(prefix, 'yellow');
  if (prefix === 'note: ') return paint(prefix, 'cyan');
  return prefix;
}

/** The live progress line (progress-line.ts): the bar's done part green, its rest dim, failures red. */
export function paintStatus(line: string): string {
  return line
    .replace(new RegExp(`${BAR_FILLED}+`, 'g'), (m) => paint(m, 'green'))
    .replace(new RegExp(`${BAR_EMPTY}+`, 'g'), (m) => paint(m, 'dim'))
    .replace(/(^|\s)([1-9]\d* failed)(?=\s|$)/, (_m, pre: string, f: string) => `${pre}${paint(f, 'red')}`);
}
