// A cancelled job: the runner sends the main step SIGINT (then SIGTERM). The
// built action must finish its result file as interrupted, never leave it
// `running`, and fail the step saying so.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResultDoc } from '../../src/result/types.js';
import { runAction } from '../support/action-env.js';
import { buildDist } from '../support/cli.js';
import { startFakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';

beforeAll(buildDist, 60_000);

describe('the action, cancelled', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`on ${signal} finishes the result as interrupted and fails the step`, async () => {
      // Slow enough streams that the signal lands mid-cell.
      const server = await startFakeServer({ ttftMs: 5, gapMs: 30 });
      const work = await tempDir();
      await copyFile('test/fixtures/action.yml', join(work, 'llm-perf.yml'));
      const r = await runAction('index', {
        workspace: work,
        event: 'push',
        payload: { repository: { full_name: 'acme/serving', default_branch: 'main' } },
        sha: 'b'.repeat(40),
        ref: 'refs/heads/feature',
        inputs: { url: server.url, baseline: 'none', comment: 'never', 'save-history': 'false' },
        apiUrl: 'http://127.0.0.1:9',
        interrupt: { after: ': started', signal, delayMs: 300 },
      }).finally(() => server.close());
      expect(r.code, r.stdout).toBe(1);
      expect(r.stdout).toContain(`${signal}: finishing the result file with what was measured`);
      expect(r.stdout).toMatch(/::error::the run was interrupted/);
      const doc = JSON.parse(await readFile(join(work, 'llm-perf-result.json'), 'utf8')) as ResultDoc;
      expect(doc.status).toBe('interrupted');
      expect(doc.finished_at).not.toBeNull();
    }, 60_000);
  }
});
