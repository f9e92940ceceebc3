// The built action against a server that reflects the request headers into
// its model ids, fingerprint and error messages, laced with a workflow
// command, an ESC sequence and an @mention: the step's log must stay inert
// and carry neither the API key nor a header value, and neither may the
// result, the job summary or the outputs.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAction } from '../support/action-env.js';
import { buildDist } from '../support/cli.js';
import { hostileConfig, startHostileServer, type HostileServer } from '../support/hostile-server.js';
import { tempDir } from '../support/measure.js';

const KEY = 'sk-action-0123456789abcdef';
const TENANT = 'tenant-secret-0815';
const TOKEN = 'ghs_hostile_token_4567';

let server: HostileServer;
beforeAll(async () => {
  buildDist();
  server = await startHostileServer();
});
afterAll(() => server?.close());

describe('the action against a hostile server', () => {
  it('logs nothing the runner would execute and no secret', async () => {
    const work = await tempDir();
    const git = (...args: string[]): string =>
      execFileSync('git', args, { cwd: work, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } }).trim();
    git('init', '-q', '-b', 'main');
    await writeFile(join(work, 'llm-perf.yml'), hostileConfig('LPG_HOSTILE_KEY', TENANT));
    git('add', '.');
    git('commit', '-q', '-m', 'c');
    const sha = git('rev-parse', 'HEAD');
    const r = await runAction('index', {
      workspace: work,
      event: 'push',
      payload: { repository: { full_name: 'acme/serving', default_branch: 'main' }, before: '0'.repeat(40), after: sha },
      sha,
      ref: 'refs/heads/main',
      inputs: { url: server.url, 'save-history': 'false', 'github-token': TOKEN },
      apiUrl: 'http://127.0.0.1:9',
      env: { LPG_HOSTILE_KEY: KEY },
    });
    const result = await readFile(r.outputs['result-path']!, 'utf8');
    expect(result).toContain('upstream rejected');
    const lines = r.stdout.split('\n');
    // The runner's own commands (groups, the token's mask) are fine; the server's are not.
    expect(lines.filter((l) => /^\s*::set-output/.test(l))).toEqual([]);
    // The server's text reached the log, escaped.
    expect(r.stdout).toContain('\\n::set-output name=verdict::pass');
    expect(r.stdout).not.toContain('##[add-mask]');
    expect(r.stdout).not.toContain('\u001b');
    for (const text of [r.stdout, result, r.summary, JSON.stringify(r.outputs)]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(TENANT);
    }
    expect(r.summary).not.toMatch(/(?<![\w])@org\/team/);
  }, 60_000);
});
