// Issue 19, item 3, through the built action: the server-command is the pull
// request's code and must not see the token (INPUT_GITHUB-TOKEN,
// GITHUB_TOKEN), the runner's ACTIONS_* tokens, or the config's API key; a
// name listed in `server-env` is passed on. `sh` is bash here, as on RHEL and
// Fedora runners: dash would drop INPUT_GITHUB-TOKEN by itself.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionCheckout, runAction } from '../support/action-env.js';
import { buildDist } from '../support/cli.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';

const TOKEN = 'ghs_action_token_for_server_env_0123';
const KEY = 'sk-action-key-for-server-env-4567';
let gh: FakeGitHub;
let work = '';
let shim = '';

beforeAll(async () => {
  buildDist();
  gh = await startFakeGitHub();
  ({ work } = await actionCheckout());
  const config = await readFile(join(work, 'llm-perf.yml'), 'utf8');
  await writeFile(join(work, 'llm-perf.yml'), config.replace(/^target:\n/m, 'target:\n  api_key_env: LPG_SERVER_ENV_KEY\n'));
  shim = join(work, '..', 'bin');
  await mkdir(shim, { recursive: true });
  await symlink('/usr/bin/bash', join(shim, 'sh')).catch(() => symlink('/bin/bash', join(shim, 'sh')));
}, 60_000);

afterAll(async () => {
  await gh?.close();
});

describe('the servers the action starts get no credentials', () => {
  it('server-command sees no token, runner token, input or API key; server-env passes a name on', async () => {
    const port = 20000 + Math.floor(Math.random() * 2000);
    const out = join(work, 'server-env.txt');
    const cmd = `bash -c 'env -0 > "${out}"'; exec "${process.execPath}" "${join(process.cwd(), 'scripts', 'fake-server.ts')}" ${port} 5 2 4`;
    const r = await runAction('index', {
      workspace: work,
      event: 'workflow_dispatch',
      payload: { repository: { full_name: 'acme/serving', default_branch: 'main' } },
      sha: 'a'.repeat(40),
      ref: 'refs/heads/main',
      inputs: { url: `http://127.0.0.1:${port}`, 'server-command': cmd, 'server-env': 'ACTIONS_CACHE_URL', baseline: 'none', 'save-history': 'false', 'github-token': TOKEN },
      apiUrl: gh.url,
      env: {
        PATH: `${shim}:${process.env.PATH ?? '/usr/bin:/bin'}`,
        GITHUB_TOKEN: TOKEN,
        ACTIONS_RUNTIME_TOKEN: 'runtime-token-abcdefgh',
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token-abcdefgh',
        ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc.example/token',
        ACTIONS_CACHE_URL: 'https://cache.example/',
        LPG_SERVER_ENV_KEY: KEY,
      },
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/Server ready after/);
    const text = await readFile(out, 'utf8');
    const names = new Set(text.split('\0').map((l) => l.slice(0, l.indexOf('='))));
    for (const name of [
      'INPUT_GITHUB-TOKEN',
      'INPUT_SERVER-COMMAND',
      'INPUT_URL',
      'GITHUB_TOKEN',
      'ACTIONS_RUNTIME_TOKEN',
      'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
      'ACTIONS_ID_TOKEN_REQUEST_URL',
      'LPG_SERVER_ENV_KEY',
    ]) {
      expect(names.has(name), name).toBe(false);
    }
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(KEY);
    for (const name of ['ACTIONS_CACHE_URL', 'GITHUB_WORKSPACE', 'PATH', 'LLM_PERF_GATE_SERVER_PGID']) expect(names.has(name), name).toBe(true);
  }, 120_000);

  it('names a bad server-env entry', async () => {
    const r = await runAction('index', {
      workspace: work,
      event: 'workflow_dispatch',
      payload: { repository: { full_name: 'acme/serving', default_branch: 'main' } },
      sha: 'a'.repeat(40),
      ref: 'refs/heads/main',
      inputs: { url: 'http://127.0.0.1:9', 'server-env': 'OK_NAME, $(id)' },
      apiUrl: gh.url,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("::error::'server-env' must list environment variable names, got '$(id)'");
  }, 60_000);
});
