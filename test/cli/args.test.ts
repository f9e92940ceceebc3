// A wrong command line is told back with what to do: the unknown option, the
// closest known one, the command's usage (issue 21, item 7).
import { describe, expect, it } from 'vitest';
import { closestOption } from '../../src/cli/args.js';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { RUN_USAGE } from '../../src/cli/usage.js';

function io(): CliIo & { err: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    cwd: '/nonexistent',
    env: {},
    stdout: { write: (s: string) => (out.push(s), true) },
    stderr: { write: (s: string) => (err.push(s), true) },
    onInterrupt: () => () => {},
    err: () => err.join(''),
  };
}

describe('closestOption', () => {
  const run = ['config', 'url', 'model', 'out', 'baseline', 'markdown', 'json', 'shard', 'start-at'];
  it('offers the known option one or two edits away, a transposition counting one', () => {
    expect(closestOption('--baselin', run)).toBe('baseline');
    expect(closestOption('--modle', run)).toBe('model');
    expect(closestOption('--markdwn', run)).toBe('markdown');
    expect(closestOption('--start_at', run)).toBe('start-at');
    expect(closestOption('--URL', run)).toBe('url');
  });
  it('offers the one option a prefix names', () => {
    expect(closestOption('--mark', run)).toBe('markdown');
    expect(closestOption('--conf', run)).toBe('config');
  });
  it('offers nothing when nothing is close', () => {
    expect(closestOption('--concurency', run)).toBeNull();
    expect(closestOption('--x', run)).toBeNull();
    expect(closestOption('--', run)).toBeNull();
  });
});

describe('an unknown option', () => {
  it("is named, with the closest option and the command's usage", async () => {
    const t = io();
    expect(await main(['run', '--baselin', 'a.json'], t)).toBe(2);
    expect(t.err()).toBe(`error: unknown option '--baselin' for 'run'; did you mean '--baseline'?\n\n${RUN_USAGE}\n`);
  });
  it('that is a config setting says where in the config it goes', async () => {
    const t = io();
    expect(await main(['run', '--concurency', '4'], t)).toBe(2);
    expect(t.err()).toContain("error: unknown option '--concurency' for 'run'; concurrency is set in the config file (--config FILE), as loads[].concurrency\n\nusage: llm-perf-gate run ");
  });
  it('with nothing close is named, with the usage', async () => {
    const t = io();
    expect(await main(['compare', '--frobnicate'], t)).toBe(2);
    expect(t.err()).toMatch(/^error: unknown option '--frobnicate' for 'compare'\n\nusage: llm-perf-gate compare /);
  });
  it('of merge is told the same way', async () => {
    const t = io();
    expect(await main(['merge', '--ot', 'x.json', 'a.json'], t)).toBe(2);
    expect(t.err()).toMatch(/^error: unknown option '--ot' for 'merge'; did you mean '--out'\?\n\nusage: llm-perf-gate merge /);
  });
  it("a missing value keeps Node's sentence and gains the usage", async () => {
    const t = io();
    expect(await main(['run', '--url'], t)).toBe(2);
    expect(t.err()).toBe(`error: Option '--url <value>' argument missing\n\n${RUN_USAGE}\n`);
  });
});
