// Issue 19, item 9 (c): bin/llm-perf-gate.js under a Node older than 22.19 re-runs
// the CLI under the pinned Node as a child in its own process group. Signals
// it can catch it passes on (launcher.test.ts); SIGKILL it cannot, and the
// child used to run on alone, to the end of its run, writing its result file
// after the supervisor had given up on it. The child now watches an IPC
// channel to the launcher, which the kernel closes when the launcher dies:
// it finishes its result file as interrupted and exits within seconds.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDoc } from '../../src/result/types.js';
import { buildDist } from '../support/cli.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';

/** A Node older than 22.19 on this machine, which makes the launcher re-exec; null when there is none. */
function oldNode(): string | null {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    const [major, minor] = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim().split('.').map(Number);
    if (major! < 22 || (major === 22 && minor! < 19)) return candidate;
  }
  return null;
}
const OLD_NODE = oldNode();
if (OLD_NODE === null) console.warn('launcher orphan test skipped: no Node older than 22.19 on this machine to start the launcher with');

/** The state letter of a process (R, S, Z, ...), or null once it is gone. */
function state(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

/** Pids whose parent is `ppid`. */
function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === ppid) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

let server: FakeServer;
beforeAll(async () => {
  buildDist();
  // 12 tokens 250 ms apart: each request takes 3 s, the run far longer than the test waits.
  server = await startFakeServer({ ttftMs: 5, gapMs: 250 });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe.skipIf(OLD_NODE === null)('the launcher under an old Node, killed with SIGKILL', () => {
  it('takes its CLI with it: the CLI finishes the result as interrupted and is gone within 5 s', async () => {
    const out = join(await tempDir(), 'r.json');
    const launcher = spawn(OLD_NODE!, ['bin/llm-perf-gate.js', 'run', '--config', 'test/fixtures/small.yml', '--url', server.url, '--out', out], {
      env: { ...process.env, CI: 'true', PATH: '/usr/bin:/bin' },
    });
    let stderr = '';
    launcher.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    await expect.poll(() => stderr, { timeout: 30_000, interval: 50 }).toContain(': started');
    const [cli] = childrenOf(launcher.pid!);
    expect(cli, 'the CLI child of the launcher').toBeDefined();

    launcher.kill('SIGKILL');
    const t0 = performance.now();
    // Gone, or a zombie its new parent has not reaped yet: either way it has stopped.
    while (state(cli!) !== null && state(cli!) !== 'Z' && performance.now() - t0 < 15_000) await new Promise((r) => setTimeout(r, 50));
    const seconds = (performance.now() - t0) / 1000;
    console.log(`[launcher] CLI child ${cli} stopped ${seconds.toFixed(2)} s after its launcher was SIGKILLed`);
    const left = state(cli!);
    if (left !== null && left !== 'Z') process.kill(cli!, 'SIGKILL');
    expect(left === null || left === 'Z', `the CLI still runs 15 s after its launcher died\n${stderr}`).toBe(true);
    expect(seconds).toBeLessThan(5);
    expect(stderr).toContain('interrupted: finishing the result file');
    const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
    expect(doc.status).toBe('interrupted');
  }, 60_000);
});
