// Issue 19, item 9 (a): untrusted text had no length bound on its way to a
// terminal, a log or Markdown. A 300 MiB model name went through forLog and
// forTerminal whole (3.4 s and 2.4 s here, 300 MiB out, as one line) and
// through escapeMd in 2.8 s for 500 characters out; `compare` printed a
// 100 MB model name from a result file as one 100 MB line. Every sink now
// keeps the head of the text, marks the cut with the original length, and
// does so before any other work on it.
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { codeSpan, escapeMd, MAX_MD_VALUE_CHARS } from '../../src/report/escape.js';
import { clip, forLog, forTerminal, MAX_LOG_LINE_CHARS, MAX_LOG_TEXT_CHARS, MAX_VALUE_CHARS, scrubbedHead } from '../../src/util/safe-text.js';
import { hostLog, type LogLevel } from '../../src/pipeline/host.js';
import { clip as clientClip } from '../../src/client/errors.js';
import { clearSecrets, registerSecrets } from '../../src/util/secrets.js';

const MiB = 1024 * 1024;
/** The mark clip leaves, at most this long: `…[cut: N of M characters]`. */
const MARK = 48;

function timed<T>(fn: () => T): { value: T; seconds: number } {
  const t0 = performance.now();
  const value = fn();
  return { value, seconds: (performance.now() - t0) / 1000 };
}

describe('clip, the one bound', () => {
  it('keeps the head and marks the cut with the original length', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip('x'.repeat(10), 10)).toBe('x'.repeat(10));
    expect(clip('abcdefghijkl', 5)).toBe('abcde…[cut: 5 of 12 characters]');
  });

  it('never keeps half a surrogate pair', () => {
    const out = clip(`abcd${'😀'.repeat(5)}`, 5);
    expect(out).toBe('abcd…[cut: 4 of 14 characters]');
    expect(new TextDecoder().decode(new TextEncoder().encode(out))).toBe(out);
  });

  it("the client's one-line clip is the same bound, whitespace folded", () => {
    expect(clientClip(`  HTTP\n\n${'e'.repeat(500)}`, 20)).toBe(`HTTP ${'e'.repeat(14)}…[cut: 20 of 506 characters]`);
    expect(clientClip(' one\tline ')).toBe('one line');
  });
});

/** One flat string (a concatenation would be a rope, and its first slice would copy all of it: the caller's cost, not the sink's). */
function flat(...parts: [string, number][]): string {
  const size = parts.reduce((n, [s, times]) => n + s.length * times, 0);
  const buf = Buffer.allocUnsafe(size);
  let at = 0;
  for (const [s, times] of parts) {
    buf.fill(s, at, at + s.length * times, 'latin1');
    at += s.length * times;
  }
  return buf.toString('latin1');
}

describe('a 300 MiB untrusted string at every sink', () => {
  const huge = flat(['model ', 1], ['m', 300 * MiB], ['\n::set-output name=x::y', 1]);

  it('forTerminal keeps MAX_VALUE_CHARS, in bounded time', () => {
    const { value, seconds } = timed(() => forTerminal(huge));
    expect(value.length).toBeLessThanOrEqual(MAX_VALUE_CHARS + MARK);
    expect(value).toMatch(new RegExp(`^model m+…\\[cut: ${MAX_VALUE_CHARS} of ${huge.length} characters\\]$`));
    expect(seconds).toBeLessThan(0.5);
  });

  it('forLog keeps MAX_LOG_LINE_CHARS of the line and MAX_LOG_TEXT_CHARS of the text, in bounded time', () => {
    const { value, seconds } = timed(() => forLog(huge));
    // The line the text cut went through, to the line bound, and a line that says the text was cut.
    expect(value).toBe(`model ${'m'.repeat(MAX_LOG_LINE_CHARS - 6)}\n…[cut: ${MAX_LOG_TEXT_CHARS} of ${huge.length} characters]`);
    expect(seconds).toBeLessThan(0.5);
    // A long line inside the bound: marked with its own length.
    const long = `a\n${'x'.repeat(MAX_LOG_LINE_CHARS * 2)}\nb`;
    expect(forLog(long)).toBe(`a\n${'x'.repeat(MAX_LOG_LINE_CHARS)}…[cut: ${MAX_LOG_LINE_CHARS} of ${MAX_LOG_LINE_CHARS * 2} characters]\nb`);
    // Many short lines: the text bound, each line kept whole and inert.
    const lines = flat(['::set-output name=x::y\n', 1], ['line\n', 1_000_000]);
    const out = forLog(lines);
    expect(out.length).toBeLessThanOrEqual(MAX_LOG_TEXT_CHARS + MARK);
    expect(out.startsWith('\\x3a:set-output')).toBe(true);
    expect(out.endsWith(`\n…[cut: ${MAX_LOG_TEXT_CHARS} of ${lines.length} characters]`)).toBe(true);
  });

  it('escapeMd and codeSpan keep MAX_MD_VALUE_CHARS, in bounded time', () => {
    const md = timed(() => escapeMd(huge));
    expect(md.value).toBe(`model ${'m'.repeat(MAX_MD_VALUE_CHARS - 6)}…&#91;cut: ${MAX_MD_VALUE_CHARS} of ${huge.length} characters&#93;`);
    expect(md.seconds).toBeLessThan(0.5);
    const span = timed(() => codeSpan(huge));
    expect(span.value.length).toBeLessThanOrEqual(MAX_MD_VALUE_CHARS + MARK + 2);
    expect(span.seconds).toBeLessThan(0.5);
  });

  it('the host log (both hosts write through it) bounds what reaches the sink', () => {
    const written: { level: LogLevel; text: string; title?: string }[] = [];
    const log = hostLog({ write: (level, text, title) => written.push({ level, text, ...(title === undefined ? {} : { title }) }) });
    const { seconds } = timed(() => {
      log.out(huge);
      log.error(huge, huge);
      log.status(huge);
    });
    expect(seconds).toBeLessThan(1);
    for (const w of written) {
      for (const line of w.text.split('\n')) expect(line.length).toBeLessThanOrEqual(MAX_LOG_LINE_CHARS + MARK);
      if (w.title !== undefined) expect(w.title.length).toBeLessThanOrEqual(MAX_LOG_LINE_CHARS + MARK);
    }
    expect(written.map((w) => w.level)).toEqual(['out', 'error', 'info']);
  });
});

describe('secrets and the cut', () => {
  afterEach(clearSecrets);
  const KEY = 'sk-live-abcdefghijklmnopqrstuvwxyz012345';

  it('a secret that straddles the cut is scrubbed, not left half there', () => {
    registerSecrets([KEY]);
    for (const at of [MAX_VALUE_CHARS - 10, MAX_VALUE_CHARS - 1, MAX_VALUE_CHARS]) {
      const text = `${'a'.repeat(at)}${KEY}${'b'.repeat(5000)}`;
      expect(forTerminal(text)).not.toContain(KEY.slice(0, 6));
      expect(scrubbedHead(text, MAX_VALUE_CHARS)).not.toContain(KEY.slice(0, 6));
    }
  });

  it('many scrubbed secrets before the cut cannot pull a half secret into the head', () => {
    registerSecrets([KEY]);
    // 600 keys shrink by 37 characters each when scrubbed: 22,200 characters, more than the scrub margin.
    const text = `${KEY.repeat(600)}${KEY}`;
    const head = scrubbedHead(text, MAX_VALUE_CHARS);
    expect(head).not.toContain('sk-live');
    expect(head).toBe(`${'*'.repeat(MAX_VALUE_CHARS)}…[cut: ${MAX_VALUE_CHARS} of ${text.length} characters]`);
  });
});
