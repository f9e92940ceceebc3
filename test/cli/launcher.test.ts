// bin/llm-perf-gate.js under a Node older than 24 re-runs itself under the
// pinned Node. A supervisor that signals the launcher's pid alone (kill PID,
// not the process group) must still stop the CLI, which finishes its result
// file; no CLI may be left running on its own.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDoc } from '../../src/result/types.js';
import { buildDist } from '../support/cli.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';

/** A Node older than 24 on this machine, which makes the launcher re-exec; null when there is none. */
function oldNode(): string | null {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    const major = Number(execFileSync(candidate, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).trim());
    if (major < 24) return candidate;
  }
  return null;
}
const OLD_NODE = oldNode();
if (OLD_NODE === null) console.warn('launcher test skipped: no Node older than 24 on this machine to start the launcher with');

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
