// Colour only on a terminal and never with NO_COLOR set (https://no-color.org;
// issue 21, item 5); the CLI's log prefixes and progress line.
import { describe, expect, it } from 'vitest';
import { colourWanted, paintStatus } from '../../src/cli/colour.js';
import { cliLog } from '../../src/cli/host.js';
import type { CliIo } from '../../src/cli/io.js';

function io(isTTY: boolean, env: NodeJS.ProcessEnv): CliIo & { err: () => string } {
  let err = '';
  return { cwd: '/', env, stdout: { write: () => true, isTTY }, stderr: { write: (s) => ((err += s), true), isTTY }, onInterrupt: () => () => undefined, err: () => err };
}

describe('colour', () => {
  it('is wanted on a terminal when NO_COLOR is unset or empty, and never elsewhere', () => {
    expect(colourWanted(true, {})).toBe(true);
    expect(colourWanted(true, { NO_COLOR: '' })).toBe(true);
    expect(colourWanted(true, { NO_COLOR: '1' })).toBe(false);
    expect(colourWanted(true, { NO_COLOR: 'false' })).toBe(false);
    expect(colourWanted(false, {})).toBe(false);
    expect(colourWanted(undefined, {})).toBe(false);
  });
  it('marks the level of a line on a terminal, and writes it plain in a pipe or with NO_COLOR', () => {
    const tty = io(true, {});
    cliLog(tty).error('bad');
    cliLog(tty).warn('odd');
    expect(tty.err()).toBe('\x1b[31;1merror: \x1b[0mbad\n\x1b[33mwarning: \x1b[0modd\n');
    for (const t of [io(false, {}), io(true, { NO_COLOR: '1' })]) {
      cliLog(t).error('bad');
      expect(t.err()).toBe('error: bad\n');
    }
  });
  it('never passes a colour code that came in the text: the log escapes it before colour is added', () => {
    const tty = io(true, {});
    cliLog(tty).warn('model \x1b[31mred');
    expect(tty.err()).toBe('\x1b[33mwarning: \x1b[0mmodel \\x1b[31mred\n');
  });
  it('paints the bar and a non-zero failure count of the progress line', () => {
    expect(paintStatus('c  ██░░  50%  2/4 req  0 failed')).toBe('c  \x1b[32m██\x1b[0m\x1b[2m░░\x1b[0m  50%  2/4 req  0 failed');
    expect(paintStatus('c  2/4 req  12 failed  1.0 req/s')).toBe('c  2/4 req  \x1b[31m12 failed\x1b[0m  1.0 req/s');
  });
});
