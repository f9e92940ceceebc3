// bin/llm-perf-gate.js under a Node older than 22.19 re-runs itself under the
// pinned Node. A supervisor that signals the launcher's pid alone (kill PID,
// not the process group) must still stop the CLI, which finishes its result
// file; no CLI may be left running on its own.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
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
if (OLD_NODE === null) console.warn('launcher test skipped: no Node older than 22.19 on this machine to start the launcher with');

let server: FakeServer;
beforeAll(async () => {
  buildDist();
  server = await startFakeServer({ ttftMs: 5, gapMs: 30 });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe.skipIf(OLD_NODE === null)('the launcher under an old Node', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`forwards ${signal} sent to its pid alone; the CLI finishes the result and exits 130`, async () => {
      const out = join(await tempDir(), 'r.json');
      const launcher = spawn(OLD_NODE!, ['bin/llm-perf-gate.js', 'run', '--config', 'test/fixtures/small.yml', '--url', server.url, '--out', out], {
        env: { ...process.env, CI: 'true', PATH: '/usr/bin:/bin' },
      });
      let stderr = '';
      let sent = false;
      launcher.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (!sent && stderr.includes(': started')) {
          sent = true;
          setTimeout(() => launcher.kill(signal), 500);
        }
      });
      const code = await new Promise<number | null>((resolve) => launcher.on('close', resolve));
      expect(code, stderr).toBe(130);
      expect(stderr).toContain('interrupted: finishing the result file');
      const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
      expect(doc.status).toBe('interrupted');
    }, 60_000);
  }
});

// The launcher's version check (issue 31, point 9): the bundle runs on Node
// 22.19 or later (undici 8 inside it needs 22.19), so an older Node outside a
// checkout (no pinned Node beside the launcher) is refused with exit 2 and one
// line that says which Node is needed and which one this is.
describe.skipIf(OLD_NODE === null)('the launcher outside a checkout, under a Node older than 22.19', () => {
  it('exits 2 naming the Node it needs and the one it got', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'bin'));
    await copyFile('bin/llm-perf-gate.js', join(dir, 'bin', 'llm-perf-gate.js'));
    const got = spawnSync(OLD_NODE!, [join(dir, 'bin', 'llm-perf-gate.js'), '--help'], { encoding: 'utf8' });
    const version = execFileSync(OLD_NODE!, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
    expect(got.status).toBe(2);
    expect(got.stderr).toBe(`llm-perf-gate needs Node.js >= 22.19 (this is ${version}); install Node.js 22.19 or later (22 LTS or 24), or in a checkout run 'npm ci' to get the pinned one\n`);
  });
});

// On Node 22 itself the CLI runs directly, not re-run under the pinned Node.
// No Node 22 is on the CI machine: LLM_PERF_GATE_NODE22 names one to try
// (e.g. from `npm i --prefix /tmp/n22 node@22`: /tmp/n22/node_modules/node/bin/node).
const NODE22 = process.env.LLM_PERF_GATE_NODE22 ?? null;
describe.skipIf(NODE22 === null)('the launcher under Node 22 (LLM_PERF_GATE_NODE22)', () => {
  it('runs the matrix on that Node and writes a complete result', async () => {
    const out = join(await tempDir(), 'r.json');
    // Not spawnSync: the fake server answers from this process's event loop.
    const cli = spawn(NODE22!, ['bin/llm-perf-gate.js', 'run', '--config', 'test/fixtures/small.yml', '--url', server.url, '--out', out], {
      env: { ...process.env, CI: 'true' },
    });
    let stderr = '';
    cli.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => cli.on('close', resolve));
    expect(code, stderr).toBe(0);
    const doc = JSON.parse(await readFile(out, 'utf8')) as ResultDoc;
    expect(doc.status).toBe('complete');
    expect(doc.machine.node).toMatch(/^v22\./);
  }, 60_000);
});
