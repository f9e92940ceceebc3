// Issue 19, item 3: the server under test is a pull request's code. It must not
// see the GitHub token (INPUT_GITHUB-TOKEN, GITHUB_TOKEN), the runner's tokens
// (ACTIONS_*), the action's other inputs, or the configured API key, unless
// they are passed on by name. Through the real spawn path, with /bin/sh played
// by bash as on RHEL and Fedora runners (dash drops names with a '-' itself,
// which is why Debian and Ubuntu runners were safe by accident).
import { symlink, readFile, writeFile, mkdir } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverEnv, startServer, type RunningServer } from '../../src/server/process.js';
import { tempDir } from '../support/measure.js';

const TOKEN = 'ghs_secret_token_for_the_test_0123';
const KEY = 'sk-api-key-for-the-test-4567';

/** What a runner's step environment holds, with the credentials a server must not see. */
const STEP_ENV: Record<string, string> = {
  'INPUT_GITHUB-TOKEN': TOKEN,
  INPUT_URL: 'http://127.0.0.1:8000',
  'INPUT_SERVER-COMMAND': './serve.sh',
  GITHUB_TOKEN: TOKEN,
  GH_TOKEN: TOKEN,
  ACTIONS_RUNTIME_TOKEN: 'runtime-token-abcdefgh',
  ACTIONS_RUNTIME_URL: 'https://pipelines.example/',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token-abcdefgh',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc.example/token',
  ACTIONS_CACHE_URL: 'https://cache.example/',
  LPG_API_KEY: KEY,
  // The token under another name, as `env: { TOKEN: ${{ github.token }} }` would put it.
  MY_TOKEN_COPY: TOKEN,
  // What a server may well need: kept.
  HF_TOKEN: 'hf_model_download_token',
  SERVER_URL: 'http://127.0.0.1:8000',
  CUDA_VISIBLE_DEVICES: '0',
  GITHUB_SHA: 'a'.repeat(40),
};

const WITHHELD = [
  'INPUT_GITHUB-TOKEN',
  'INPUT_URL',
  'INPUT_SERVER-COMMAND',
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_RUNTIME_URL',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_URL',
  'LPG_API_KEY',
  'MY_TOKEN_COPY',
];
const KEPT = ['HF_TOKEN', 'SERVER_URL', 'CUDA_VISIBLE_DEVICES', 'GITHUB_SHA', 'PATH'];

describe('serverEnv', () => {
  it('withholds inputs, tokens, runner variables, the API key and their values under other names; passes on what is named', () => {
    const env = serverEnv({ ...STEP_ENV, PATH: '/usr/bin' }, { withhold: ['LPG_API_KEY'], pass: ['ACTIONS_CACHE_URL'] });
    for (const name of WITHHELD) expect(env, name).not.toHaveProperty([name]);
    for (const name of [...KEPT, 'ACTIONS_CACHE_URL']) expect(env, name).toHaveProperty([name]);
  });

  it('a name passed on keeps its value, and the value is then no reason to withhold another name', () => {
    const env = serverEnv({ GITHUB_TOKEN: TOKEN, MY_TOKEN_COPY: TOKEN }, { pass: ['GITHUB_TOKEN'] });
    expect(env).toEqual({ GITHUB_TOKEN: TOKEN, MY_TOKEN_COPY: TOKEN });
  });
});

let dir = '';
let shim = '';
let script = '';
beforeAll(async () => {
  dir = await tempDir();
  // `sh` is bash here, whatever /bin/sh is on this machine.
  shim = join(dir, 'bin');
  await mkdir(shim);
  await symlink('/usr/bin/bash', join(shim, 'sh')).catch(() => symlink('/bin/bash', join(shim, 'sh')));
  script = join(dir, 'serve.mjs');
  await writeFile(
    script,
    `import http from 'node:http';
http.createServer((req, res) => {
  if (req.url === '/health') return res.writeHead(200).end('ok');
  if (req.url === '/v1/models') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ id: 'm1' }] }));
  res.writeHead(404).end();
}).listen(Number(process.env.PORT), '127.0.0.1');
`,
  );
});

const started: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop(500)));
});

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

describe('startServer: the server command gets the environment without credentials', () => {
  it('bash -c env, run through sh -c as bash: no token, input, runner token or API key; a name passed on is there', async () => {
    const port = await freePort();
    const out = join(dir, `env-${port}.txt`);
    // `env -0`: values may hold newlines; names are what is checked.
    const server = await startServer({
      command: `bash -c 'env -0 > "${out}"'\nexec "${process.execPath}" "${script}"`,
      cwd: dir,
      env: { ...STEP_ENV, PATH: `${shim}:${process.env.PATH ?? '/usr/bin:/bin'}`, PORT: String(port) },
      passEnv: ['ACTIONS_CACHE_URL'],
      withholdEnv: ['LPG_API_KEY'],
      logPath: join(dir, `server-${port}.log`),
      readyUrl: null,
      baseUrl: `http://127.0.0.1:${port}`,
      model: 'm1',
      readyTimeoutMs: 15_000,
      pollIntervalMs: 50,
    });
    started.push(server);
    const text = await readFile(out, 'utf8');
    const names = new Set(text.split('\0').map((l) => l.slice(0, l.indexOf('='))));
    // The shim is in effect: bash passes names with a '-' on, so this is the case that leaked.
    expect(names.has('LLM_PERF_GATE_SERVER_PGID')).toBe(true);
    for (const name of WITHHELD) expect(names.has(name), name).toBe(false);
    for (const name of [...KEPT, 'ACTIONS_CACHE_URL', 'PORT']) expect(names.has(name), name).toBe(true);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(KEY);
  });
});
