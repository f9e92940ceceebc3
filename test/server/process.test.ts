// startServer / stopProcessGroup against real child processes: a tiny Node HTTP
// server in its own process group, driven by environment variables.
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServerStartError } from '../../src/errors/server-start-error.js';
import { startServer, stopProcessGroup, type RunningServer, type ServerSpec } from '../../src/server/process.js';
import { tempDir } from '../support/measure.js';

// READY_AFTER_MS: /health answers 503 "loading model" until then.
// MODELS_AFTER_MS: /v1/models lists nothing until then.
// IGNORE_TERM: the server survives SIGTERM. CHILD: also spawn `sleep 300` and log its pid.
// NO_HEALTH: /health is 404, like Ollama.
const SERVE = `
import http from 'node:http';
import { spawn } from 'node:child_process';
const t0 = Date.now();
const env = process.env;
if (env.IGNORE_TERM) process.on('SIGTERM', () => console.log('ignoring SIGTERM'));
if (env.CHILD) { const c = spawn('sleep', ['300'], { stdio: 'ignore' }); console.log('child ' + c.pid); }
const models = (env.MODELS ?? 'm1').split(',');
http.createServer((req, res) => {
  const age = Date.now() - t0;
  if (req.url === '/health') {
    if (env.NO_HEALTH) { res.writeHead(404).end(); return; }
    if (age < Number(env.READY_AFTER_MS ?? 0)) { res.writeHead(503).end('loading model'); return; }
    res.writeHead(200).end('ok'); return;
  }
  if (req.url === '/v1/models') {
    const ids = age < Number(env.MODELS_AFTER_MS ?? 0) ? [] : models;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: ids.map((id) => ({ id })) }));
    return;
  }
  res.writeHead(404).end();
}).listen(Number(env.PORT), '127.0.0.1', () => console.log('\\x1b[32mlistening\\x1b[0m on ' + env.PORT));
`;

let dir = '';
let script = '';
beforeAll(async () => {
  dir = await tempDir();
  script = join(dir, 'serve.mjs');
  await writeFile(script, SERVE);
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

/** Running and not a zombie (an orphan nobody reaps still answers kill(pid, 0)). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

async function spec(env: Record<string, string>, over: Partial<ServerSpec> = {}): Promise<ServerSpec> {
  const port = await freePort();
  return {
    command: `exec "${process.execPath}" "${script}"`,
    cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port), ...env },
    logPath: join(dir, `server-${port}.log`),
    readyUrl: null,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    model: 'm1',
    readyTimeoutMs: 15_000,
    pollIntervalMs: 50,
    ...over,
  };
}

async function start(s: ServerSpec): Promise<RunningServer> {
  const server = await startServer(s);
  started.push(server);
  return server;
}

describe('startServer', () => {
  it('waits through 503 "loading model" and an empty model list, then stops the group with TERM', async () => {
    const lines: string[] = [];
    let spawned: number | null = null;
    const s = await spec({ READY_AFTER_MS: '600', MODELS_AFTER_MS: '900' }, { onLog: (l) => lines.push(l), onSpawn: (pgid) => (spawned = pgid) });
    const server = await start(s);
    expect(spawned).toBe(server.pid);
    expect(server.readyAfterMs).toBeGreaterThanOrEqual(800);
    expect(server.exitStatus()).toBeNull();
    const port = Number(s.env?.PORT);
    const res = await fetch(`http://127.0.0.1:${port}/v1/models`);
    expect(((await res.json()) as { data: { id: string }[] }).data.map((m) => m.id)).toEqual(['m1']);

    expect(await server.stop()).toEqual({ signal: 'TERM' });
    expect(isRunning(server.pid)).toBe(false);
    expect(await server.stop()).toEqual({ signal: 'TERM' }); // idempotent
    expect(await stopProcessGroup(server.pid, 100)).toBe('none');
    expect(server.exitStatus()).not.toBeNull();

    expect(lines).toContain(`\x1b[32mlistening\x1b[0m on ${port}`); // onLog gets the raw line
    expect(server.logTail()).toContain(`listening on ${port}`); // colours removed
    expect(await readFile(s.logPath, 'utf8')).toContain('listening');
  });

  it('appends to an existing log and passes only the new lines on', async () => {
    const s = await spec({});
    await writeFile(s.logPath, 'an older run\n');
    const lines: string[] = [];
    const server = await start({ ...s, onLog: (l) => lines.push(l) });
    await server.stop();
    expect(await readFile(s.logPath, 'utf8')).toMatch(/^an older run\n.*listening/s);
    expect(lines.some((l) => l.includes('older'))).toBe(false);
  });

  it('fails fast with the exit code and the log tail when the command exits before ready', async () => {
    const s = await spec({}, { command: 'echo loading weights; echo "CUDA error: out of memory" >&2; exit 3', readyTimeoutMs: 20_000 });
    const t0 = performance.now();
    const err = await startServer(s).catch((e: unknown) => e);
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(err).toBeInstanceOf(ServerStartError);
    const e = err as ServerStartError;
    expect(e.exitCode).toBe(3);
    expect(e.logTail).toEqual(['loading weights', 'CUDA error: out of memory']);
    expect(e.message).toMatch(/exited with code 3 .*before it was ready/);
    expect(e.message).toContain('CUDA error: out of memory');
  });

  it('times out with the last check and the tail, and leaves nothing running', async () => {
    const s = await spec({ READY_AFTER_MS: '600000', CHILD: '1' }, { readyTimeoutMs: 1_200 });
    const t0 = performance.now();
    const err = (await startServer(s).catch((e: unknown) => e)) as ServerStartError;
    const took = performance.now() - t0;
    expect(err).toBeInstanceOf(ServerStartError);
    expect(took).toBeGreaterThanOrEqual(1_150);
    expect(took).toBeLessThan(8_000);
    expect(err.exitCode).toBeNull();
    expect(err.message).toMatch(/not ready after 1\.2 s; last check: GET .*\/health answered 503/);
    expect(err.logTail.some((l) => l.startsWith('listening'))).toBe(true);
    const childPid = Number(err.logTail.find((l) => l.startsWith('child '))?.slice(6));
    expect(childPid).toBeGreaterThan(0);
    expect(isRunning(childPid)).toBe(false);
  });

  it('decides the ready timeout on its clock: a model that loads for an hour fails a 30-minute timeout without the wait', async () => {
    // The fake clock stands still until the server listens, then a minute passes at every reading.
    let listening = false;
    let t = 0;
    const clock = { now: () => (t += listening ? 60_000 : 0) };
    const s = await spec({ READY_AFTER_MS: '3600000' }, { readyTimeoutMs: 30 * 60_000, clock, onLog: (l) => (listening ||= l.includes('listening')) });
    const t0 = performance.now();
    const err = (await startServer(s).catch((e: unknown) => e)) as ServerStartError;
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(err).toBeInstanceOf(ServerStartError);
    expect(err.exitCode).toBeNull();
    expect(err.message).toMatch(/not ready after 1800\.0 s; last check: GET .*\/health answered 503/);
    // The failed start stops the group; on this clock its grace is over at once, so it is KILLed.
    const port = Number(s.env?.PORT);
    const answers = (): Promise<boolean> =>
      fetch(`http://127.0.0.1:${port}/health`).then(
        () => true,
        () => false,
      );
    for (let i = 0; i < 100 && (await answers()); i++) await sleep(50);
    expect(await answers()).toBe(false);
  });

  it('names the models the server lists when the wanted one never appears', async () => {
    const s = await spec({ MODELS: 'other-a,other-b' }, { readyTimeoutMs: 800 });
    const err = (await startServer(s).catch((e: unknown) => e)) as ServerStartError;
    expect(err).toBeInstanceOf(ServerStartError);
    expect(err.message).toContain(`lists ["other-a","other-b"], not 'm1'`);
  });

  it('goes straight to /v1/models when the default /health is 404 (Ollama)', async () => {
    const server = await start(await spec({ NO_HEALTH: '1' }));
    expect(server.readyAfterMs).toBeLessThan(10_000);
  });

  it('refuses to start when something already listens at the URL', async () => {
    const other = http.createServer((_q, r) => r.end('ok'));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    try {
      const port = (other.address() as AddressInfo).port;
      const marker = join(dir, 'should-not-exist');
      const s = await spec({}, { baseUrl: `http://127.0.0.1:${port}`, command: `touch "${marker}"` });
      await expect(startServer(s)).rejects.toThrow(/already listens at http:\/\/127\.0\.0\.1:\d+/);
      await sleep(100);
      await expect(readFile(marker)).rejects.toThrow();
    } finally {
      await new Promise((r) => other.close(r));
    }
  });
});

describe('stopping', () => {
  it('kills grandchildren with the group', async () => {
    const server = await start(await spec({ CHILD: '1' }));
    const line = server.logTail().find((l) => l.startsWith('child '));
    const childPid = Number(line?.slice(6));
    expect(isRunning(childPid)).toBe(true);
    expect((await server.stop()).signal).toBe('TERM');
    expect(isRunning(childPid)).toBe(false);
  });

  it('KILLs a server that ignores SIGTERM after the grace period', async () => {
    const server = await start(await spec({ IGNORE_TERM: '1' }));
    const t0 = performance.now();
    expect(await server.stop(400)).toEqual({ signal: 'KILL' });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(350);
    expect(isRunning(server.pid)).toBe(false);
    expect(server.logTail()).toContain('ignoring SIGTERM');
  });

  it('stops a group from its saved id, as a post: step would', async () => {
    const server = await start(await spec({ CHILD: '1' }));
    expect(await stopProcessGroup(server.pid, 2_000)).toBe('TERM');
    expect(isRunning(server.pid)).toBe(false);
    expect(await server.stop()).toEqual({ signal: 'none' });
  });

  it('stops a child that left the group with setsid, from the saved id as a post: step would', async () => {
    const s = await spec({});
    const server = await start({ ...s, command: `setsid sleep 300 & echo "detached $!"; ${s.command}` });
    const line = server.logTail().find((l) => l.startsWith('detached '));
    const pid = Number(line?.slice(9));
    expect(isRunning(pid)).toBe(true);
    // It really left: its own session and process group, not the server's.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    expect(Number(fields[2])).toBe(pid);
    expect(Number(fields[3])).toBe(pid);
    expect(await stopProcessGroup(server.pid, 2_000)).toBe('TERM');
    expect(isRunning(pid)).toBe(false);
    expect(isRunning(server.pid)).toBe(false);
  });

  it('refuses ids that would signal our own group or every process', async () => {
    for (const bad of [0, 1, -1, 1.5, Number.NaN]) {
      await expect(stopProcessGroup(bad, 10)).rejects.toThrow(RangeError);
    }
  });
});
