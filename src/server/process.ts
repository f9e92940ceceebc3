// Starting, probing and stopping the inference server under test. The server
// runs in its own process group so that everything it forks (tokenizer workers,
// engine processes, a shell pipeline) is stopped together, and so that the
// action's post: step can stop it from a saved process-group id. A child that
// leaves the group (`setsid`, a daemon's double fork) still carries the
// environment variable SERVER_MARK set to the group id, and on Linux is found
// by it and stopped too; a process that clears its environment, or one that is
// not our descendant at all (`docker run -d`), cannot be tracked.
import { spawn } from 'node:child_process';
import { mkdir, open, readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import { dirname } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { setTimeout as sleep } from 'node:timers/promises';
import { readModels } from '../client/models.js';
import { ServerStartError } from '../errors/server-start-error.js';
import { systemClock, type Clock } from '../util/clock.js';

export interface ServerSpec {
  /** Run through `sh -c`; must keep the server in the foreground (no `&`, no `docker run -d`). */
  command: string;
  cwd: string;
  /** The environment to start from (default process.env); serverEnv() takes the credentials out of it. */
  env?: NodeJS.ProcessEnv;
  /** Names serverEnv() would withhold that the server is given all the same (the action's `server-env`). */
  passEnv?: readonly string[];
  /** Names withheld besides serverEnv()'s own: the configured API key variable (`target.api_key_env`). */
  withholdEnv?: readonly string[];
  /** Appended to; the server writes to it directly, so a busy client never back-pressures its logging. */
  logPath: string;
  /** Default `${baseUrl}/health`; when that default answers 404 (Ollama has none), readiness goes straight to /v1/models. */
  readyUrl: string | null;
  /** Where the API is served; a trailing `/` or `/v1` is ignored. */
  baseUrl: string;
  /** When set, ready also requires GET /v1/models to list this id. */
  model: string | null;
  readyTimeoutMs: number;
  pollIntervalMs?: number;
  /** What the ready timeout and readyAfterMs are read on (default systemClock); tests pass a fake one. */
  clock?: Clock;
  onLog?: (line: string) => void;
  /**
   * Called with the process-group id as soon as the process exists, before it is
   * ready: save it (core.saveState) so a post: step can stop a server whose job
   * was cancelled while the model was still loading.
   */
  onSpawn?: (pgid: number) => void;
}

export interface RunningServer {
  /** Also the process-group id: save it for stopProcessGroup in a post: step. */
  pid: number;
  logPath: string;
  readyAfterMs: number;
  /** TERM the group, KILL it after graceMs (default 10 s); idempotent, never throws when already gone. */
  stop(graceMs?: number): Promise<{ signal: 'TERM' | 'KILL' | 'none' }>;
  /** How the `sh -c` process ended, or null while it runs: a server that dies during the load test shows here. */
  exitStatus(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** The last log lines (ANSI colours removed), for an error message. */
  logTail(lines?: number): string[];
}

/**
 * The server under test is a pull request's code, and it would see every
 * variable of the step's environment. Withheld unless passed on by name:
 * the action's inputs (`INPUT_GITHUB-TOKEN` holds the token; dash drops
 * names with a `-`, but bash, /bin/sh on RHEL and Fedora runners, passes
 * them on), `GITHUB_TOKEN` and `GH_TOKEN`, and the runner's `ACTIONS_*`
 * variables (the runtime, cache and results tokens and URLs, the OIDC
 * token request). None of them is anything an inference server needs.
 */
const WITHHELD = /^(?:INPUT_|ACTIONS_)|^(?:GITHUB_TOKEN|GH_TOKEN)$/;
/**
 * Withheld names whose value is a credential (the token inputs and variables,
 * the API key): that value is withheld under any other name too. Not every
 * input: `INPUT_URL`'s value may well be the user's own `SERVER_URL`. A value
 * shorter than MIN_SECRET_VALUE is no credential and would match ordinary values.
 */
const SECRET_NAME = /(?:TOKEN|KEY)$/i;
const MIN_SECRET_VALUE = 8;

/**
 * The environment a server command starts with: `env` without the names
 * WITHHELD matches, without the names in `withhold` (the API key), and
 * without any other variable holding one of their values (a workflow's
 * `env: { TOKEN: ${{ github.token }} }` is the token under another name);
 * names in `pass` are kept whatever they hold.
 */
export function serverEnv(env: NodeJS.ProcessEnv, opts: { pass?: readonly string[]; withhold?: readonly string[] } = {}): NodeJS.ProcessEnv {
  const pass = new Set(opts.pass ?? []);
  const named = new Set(opts.withhold ?? []);
  const withheld = (name: string): boolean => WITHHELD.test(name) || named.has(name);
  const secrets = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.length >= MIN_SECRET_VALUE && withheld(name) && (SECRET_NAME.test(name) || named.has(name)) && !pass.has(name)) secrets.add(value);
  }
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (!pass.has(name) && (withheld(name) || secrets.has(value))) continue;
    out[name] = value;
  }
  return out;
}

/** Environment variable holding the server's process-group id in every process it starts. */
const SERVER_MARK = 'LLM_PERF_GATE_SERVER_PGID';
const TAIL_LINES = 30;
const DEFAULT_POLL_MS = 500;
const DEFAULT_GRACE_MS = 10_000;
/** After a failed start the process is of no use: do not make the user wait the full grace. */
const FAILED_START_GRACE_MS = 3_000;
const PROBE_TIMEOUT_MS = 5_000;
const MAX_LINE = 4_000;

export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  const base = normaliseBaseUrl(spec.baseUrl);
  const readyUrl = spec.readyUrl ?? `${base}/health`;
  const modelsUrl = `${base}/v1/models`;
  const interval = spec.pollIntervalMs ?? DEFAULT_POLL_MS;

  // A leftover server from an earlier job (self-hosted runners) would pass every
  // readiness check while ours fails to bind: we would measure the wrong binary.
  if (await portAnswers(base)) {
    throw new ServerStartError(`cannot start the server: something already listens at ${base}; stop it first, or measure it without starting a server`, [], null);
  }

  await mkdir(dirname(spec.logPath), { recursive: true });
  const fh = await open(spec.logPath, 'a');
  const startOffset = (await fh.stat()).size;
  const clock = spec.clock ?? systemClock;
  const t0 = clock.now();
  let child;
  try {
    // $$ is the shell's pid, which is also the group id: every descendant inherits the mark.
    child = spawn('sh', ['-c', `${SERVER_MARK}=$$; export ${SERVER_MARK}\n${spec.command}`], {
      cwd: spec.cwd,
      env: serverEnv(spec.env ?? process.env, { pass: spec.passEnv, withhold: spec.withholdEnv }),
      detached: true,
      stdio: ['ignore', fh.fd, fh.fd],
    });
  } catch (err) {
    await fh.close();
    throw err;
  }
  // Listen before the next await: a command that fails at once exits during it.
  // A holder, not a `let`: the exit handler assigns it behind the compiler's back.
  const state: { exit: { code: number | null; signal: NodeJS.Signals | null } | null } = { exit: null };
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    child.once('exit', (code, signal) => resolve((state.exit = { code, signal })));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
  await fh.close(); // the child holds its own copy of the descriptor
  const log = new LogTail(spec.logPath, startOffset, spec.onLog);
  const pid = child.pid;
  if (pid === undefined) {
    const e = await exited;
    throw new ServerStartError(`cannot start the server: spawn sh -c in ${spec.cwd} failed: ${e.error?.message ?? 'unknown error'}`, [], null, null, { cause: e.error });
  }
  try {
    spec.onSpawn?.(pid);
  } catch (err) {
    await stopProcessGroup(pid, FAILED_START_GRACE_MS).catch(() => undefined);
    throw err;
  }
  child.unref(); // a forgotten server must not keep the action's process alive; post: stops it
  const ticker = setInterval(() => void log.drain(), 250);
  ticker.unref();

  const fail = async (message: string, code: number | null, signal: NodeJS.Signals | null): Promise<never> => {
    await stopProcessGroup(pid, FAILED_START_GRACE_MS, clock).catch(() => undefined);
    clearInterval(ticker);
    await log.finish();
    throw new ServerStartError(message, log.tail(TAIL_LINES), code, signal);
  };

  const deadline = t0 + spec.readyTimeoutMs;
  const abort = new AbortController();
  void exited.then(() => abort.abort());
  const elapsed = (): string => `${((clock.now() - t0) / 1000).toFixed(1)} s`;
  const exitMessage = (e: { code: number | null; signal: NodeJS.Signals | null }): string =>
    `server command exited ${e.signal ? `on signal ${e.signal}` : `with code ${e.code}`} after ${elapsed()}, before it was ready (log: ${spec.logPath})`;

  // Phase 1: the health URL; phase 2: /v1/models lists the model. A 503 while
  // weights load is the normal case, so every non-200 means "keep waiting".
  const phases: { url: string; check: (status: number, body: string) => 'ok' | 'skip' | string }[] = [
    {
      url: readyUrl,
      check: (status) => (status === 200 ? 'ok' : status === 404 && spec.readyUrl === null ? 'skip' : `GET ${readyUrl} answered ${status}`),
    },
    { url: modelsUrl, check: (status, body) => modelsCheck(modelsUrl, status, body, spec.model) },
  ];
  for (const phase of phases) {
    let last = `GET ${phase.url}: no answer yet`;
    let answered = false;
    for (;;) {
      const exit = state.exit;
      if (exit) return fail(exitMessage(exit), exit.code, exit.signal);
      const remaining = deadline - clock.now();
      if (remaining <= 0) {
        return fail(`server was not ready after ${(spec.readyTimeoutMs / 1000).toFixed(1)} s; last check: ${last} (log: ${spec.logPath})`, null, null);
      }
      const r = await probe(phase.url, Math.min(PROBE_TIMEOUT_MS, remaining), abort.signal);
      if (r.kind === 'answer') {
        const verdict = phase.check(r.status, r.body);
        if (verdict === 'ok' || verdict === 'skip') break;
        last = verdict;
        answered = true;
      } else if (!abort.signal.aborted && !(r.timedOut && answered)) {
        // A probe cut short by the deadline says less than the previous answer.
        last = `GET ${phase.url}: ${r.reason}`;
      }
      await Promise.race([sleep(Math.ceil(Math.min(interval, Math.max(0, deadline - clock.now())))), exited]);
    }
  }
  const readyAfterMs = clock.now() - t0;
  await log.drain();

  let stopping: Promise<{ signal: 'TERM' | 'KILL' | 'none' }> | null = null;
  return {
    pid,
    logPath: spec.logPath,
    readyAfterMs,
    stop(graceMs = DEFAULT_GRACE_MS) {
      stopping ??= (async () => {
        const signal = await stopProcessGroup(pid, graceMs, clock);
        clearInterval(ticker);
        await log.finish();
        return { signal };
      })();
      return stopping;
    },
    exitStatus: () => state.exit,
    logTail: (lines = TAIL_LINES) => log.tail(lines),
  };
}

/**
 * TERM every process of the server (its group, and the marked processes that
 * left it), wait up to graceMs for all of them to go, then KILL. 'none' when
 * none was left. Works from another process (the post: step) given the saved id.
 */
export async function stopProcessGroup(pgid: number, graceMs: number, clock: Clock = systemClock): Promise<'TERM' | 'KILL' | 'none'> {
  // kill(-0) is our own group and kill(-1) is every process we may signal.
  if (!Number.isInteger(pgid) || pgid <= 1) throw new RangeError(`stopProcessGroup: refusing process-group id ${pgid}`);
  if (!signalServer(pgid, await serverProcesses(pgid), 'SIGTERM')) return 'none';
  if (await waitGone(pgid, graceMs, clock)) return 'TERM';
  if (!signalServer(pgid, await serverProcesses(pgid), 'SIGKILL')) return 'TERM';
  await waitGone(pgid, 5_000, clock);
  return 'KILL';
}

interface ServerProcesses {
  /** A live (not zombie) member of the process group exists. */
  group: boolean;
  /** Live marked processes outside the group. */
  detached: number[];
}

/** False when nothing was left to signal. */
function signalServer(pgid: number, p: ServerProcesses, signal: NodeJS.Signals): boolean {
  let any = p.group && signal_(-pgid, signal);
  for (const pid of p.detached) any = signal_(pid, signal) || any;
  return any;
}

function signal_(target: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(target, signal);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw err;
  }
}

async function waitGone(pgid: number, ms: number, clock: Clock): Promise<boolean> {
  const until = clock.now() + ms;
  for (;;) {
    const p = await serverProcesses(pgid);
    if (!p.group && p.detached.length === 0) return true;
    if (clock.now() >= until) return false;
    await sleep(Math.min(100, Math.max(1, until - clock.now())));
  }
}

/**
 * kill(-pgid, 0) also succeeds for zombies, and a container whose PID 1 does
 * not reap orphans keeps them forever; on Linux, only non-zombies count, read
 * from /proc: "pid (comm) state ppid pgrp ..." and the environment's mark.
 */
async function serverProcesses(pgid: number): Promise<ServerProcesses> {
  let group: boolean;
  try {
    process.kill(-pgid, 0);
    group = true;
  } catch (err) {
    group = (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return { group, detached: [] };
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((d) => /^\d+$/.test(d));
  } catch {
    return { group, detached: [] };
  }
  const mark = `${SERVER_MARK}=${pgid}`;
  let liveMember = false;
  const detached: number[] = [];
  for (const p of pids) {
    try {
      const stat = await readFile(`/proc/${p}/stat`, 'utf8');
      // comm may contain spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z' || fields[0] === 'X') continue;
      if (Number(fields[2]) === pgid) {
        liveMember = true;
        continue;
      }
      const env = await readFile(`/proc/${p}/environ`, 'utf8');
      if (env.startsWith(`${mark}\0`) || env.includes(`\0${mark}\0`)) detached.push(Number(p));
    } catch {
      // The process ended while we looked, or is another user's.
    }
  }
  return { group: group && liveMember, detached };
}

function normaliseBaseUrl(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/v1$/, '');
}

function modelsCheck(url: string, status: number, body: string, model: string | null): 'ok' | string {
  if (status !== 200) return `GET ${url} answered ${status}`;
  const answer = readModels(body);
  if (!answer.ok) return `GET ${url}: ${answer.problem}`;
  if (model === null || answer.models.includes(model)) return 'ok';
  return `GET ${url} lists ${JSON.stringify(answer.models.slice(0, 10))}, not '${model}'`;
}

type Probe = { kind: 'answer'; status: number; body: string } | { kind: 'error'; reason: string; timedOut: boolean };

async function probe(url: string, timeoutMs: number, abort: AbortSignal): Promise<Probe> {
  try {
    const res = await fetch(url, { signal: AbortSignal.any([abort, AbortSignal.timeout(Math.max(1, Math.ceil(timeoutMs)))]), headers: { accept: 'application/json' } });
    return { kind: 'answer', status: res.status, body: await res.text() };
  } catch (err) {
    const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
    const reason = typeof cause?.code === 'string' ? cause.code : err instanceof Error ? err.message : String(err);
    return { kind: 'error', reason, timedOut: err instanceof Error && err.name === 'TimeoutError' };
  }
}

/** True when a TCP connection to the URL's host and port succeeds. */
async function portAnswers(base: string): Promise<boolean> {
  let u: URL;
  try {
    u = new URL(base);
  } catch {
    return false;
  }
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answer: boolean): void => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]/g;

/** Follows the log file from an offset: lines go to onLog and into a ring for error messages. */
class LogTail {
  private offset: number;
  private partial = '';
  private readonly decoder = new StringDecoder('utf8');
  private readonly ring: string[] = [];
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    startOffset: number,
    private readonly onLog?: (line: string) => void,
  ) {
    this.offset = startOffset;
  }

  drain(): Promise<void> {
    this.chain = this.chain.then(() => this.read()).catch(() => undefined);
    return this.chain;
  }

  async finish(): Promise<void> {
    await this.drain();
    if (this.partial) this.line(this.partial);
    this.partial = '';
  }

  tail(n: number): string[] {
    return this.ring.slice(-n);
  }

  private async read(): Promise<void> {
    const fh = await open(this.path, 'r');
    try {
      const buf = Buffer.alloc(64 * 1024);
      for (;;) {
        const { bytesRead } = await fh.read(buf, 0, buf.length, this.offset);
        if (bytesRead === 0) break;
        this.offset += bytesRead;
        const text = this.partial + this.decoder.write(buf.subarray(0, bytesRead));
        const lines = text.split('\n');
        this.partial = lines.pop() ?? '';
        // A progress bar redraws with \r and no newline: keep only its last state.
        if (this.partial.length > 64 * 1024) this.partial = this.partial.slice(this.partial.lastIndexOf('\r') + 1).slice(-MAX_LINE);
        for (const l of lines) this.line(l);
      }
    } finally {
      await fh.close();
    }
  }

  private line(raw: string): void {
    const noCr = raw.replace(/\r+$/, '');
    const line = noCr.slice(noCr.lastIndexOf('\r') + 1).slice(0, MAX_LINE);
    this.ring.push(line.replace(ANSI, ''));
    if (this.ring.length > TAIL_LINES * 4) this.ring.splice(0, this.ring.length - TAIL_LINES * 2);
    try {
      this.onLog?.(line);
    } catch {
      // A logging callback must not stop the server's log from being followed.
    }
  }
}
