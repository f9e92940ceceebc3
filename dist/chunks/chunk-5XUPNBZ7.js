import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  readModels
} from "./chunk-EG4BBXMW.js";
import {
  systemClock
} from "./chunk-HN4QBAMF.js";
import {
  UserError
} from "./chunk-26N6UM4G.js";

// src/server/process.ts
import { spawn } from "node:child_process";
import { mkdir, open, readdir, readFile } from "node:fs/promises";
import net from "node:net";
import { dirname } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { setTimeout as sleep } from "node:timers/promises";

// src/errors/server-start-error.ts
var ServerStartError = class extends UserError {
  constructor(message, logTail, exitCode, signal = null, options) {
    super(logTail.length ? `${message}
last ${logTail.length} log lines:
${logTail.map((l) => `  | ${l}`).join("\n")}` : message, options);
    this.logTail = logTail;
    this.exitCode = exitCode;
    this.signal = signal;
  }
  logTail;
  exitCode;
  signal;
  name = "ServerStartError";
};

// src/server/process.ts
var WITHHELD = /^(?:INPUT_|ACTIONS_)|^(?:GITHUB_TOKEN|GH_TOKEN)$/;
var SECRET_NAME = /(?:TOKEN|KEY)$/i;
var MIN_SECRET_VALUE = 8;
function serverEnv(env, opts = {}) {
  const pass = new Set(opts.pass ?? []);
  const named = new Set(opts.withhold ?? []);
  const withheld = (name) => WITHHELD.test(name) || named.has(name);
  const secrets = /* @__PURE__ */ new Set();
  for (const [name, value] of Object.entries(env)) {
    if (value !== void 0 && value.length >= MIN_SECRET_VALUE && withheld(name) && (SECRET_NAME.test(name) || named.has(name)) && !pass.has(name)) secrets.add(value);
  }
  const out = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === void 0) continue;
    if (!pass.has(name) && (withheld(name) || secrets.has(value))) continue;
    out[name] = value;
  }
  return out;
}
var SERVER_MARK = "LLM_PERF_GATE_SERVER_PGID";
var TAIL_LINES = 30;
var DEFAULT_POLL_MS = 500;
var DEFAULT_GRACE_MS = 1e4;
var FAILED_START_GRACE_MS = 3e3;
var PROBE_TIMEOUT_MS = 5e3;
var MAX_LINE = 4e3;
async function startServer(spec) {
  const base = normaliseBaseUrl(spec.baseUrl);
  const readyUrl = spec.readyUrl ?? `${base}/health`;
  const modelsUrl = `${base}/v1/models`;
  const interval = spec.pollIntervalMs ?? DEFAULT_POLL_MS;
  if (await portAnswers(base)) {
    throw new ServerStartError(`cannot start the server: something already listens at ${base}; stop it first, or measure it without starting a server`, [], null);
  }
  await mkdir(dirname(spec.logPath), { recursive: true });
  const fh = await open(spec.logPath, "a");
  const startOffset = (await fh.stat()).size;
  const clock = spec.clock ?? systemClock;
  const t0 = clock.now();
  let child;
  try {
    child = spawn("sh", ["-c", `${SERVER_MARK}=$$; export ${SERVER_MARK}
${spec.command}`], {
      cwd: spec.cwd,
      env: serverEnv(spec.env ?? process.env, { pass: spec.passEnv, withhold: spec.withholdEnv }),
      detached: true,
      stdio: ["ignore", fh.fd, fh.fd]
    });
  } catch (err) {
    await fh.close();
    throw err;
  }
  const state = { exit: null };
  const exited = new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve(state.exit = { code, signal }));
    child.once("error", (error) => resolve({ code: null, signal: null, error }));
  });
  await fh.close();
  const log = new LogTail(spec.logPath, startOffset, spec.onLog);
  const pid = child.pid;
  if (pid === void 0) {
    const e = await exited;
    throw new ServerStartError(`cannot start the server: spawn sh -c in ${spec.cwd} failed: ${e.error?.message ?? "unknown error"}`, [], null, null, { cause: e.error });
  }
  try {
    spec.onSpawn?.(pid);
  } catch (err) {
    await stopProcessGroup(pid, FAILED_START_GRACE_MS).catch(() => void 0);
    throw err;
  }
  child.unref();
  const ticker = setInterval(() => void log.drain(), 250);
  ticker.unref();
  const fail = async (message, code, signal) => {
    await stopProcessGroup(pid, FAILED_START_GRACE_MS, clock).catch(() => void 0);
    clearInterval(ticker);
    await log.finish();
    throw new ServerStartError(message, log.tail(TAIL_LINES), code, signal);
  };
  const deadline = t0 + spec.readyTimeoutMs;
  const abort = new AbortController();
  void exited.then(() => abort.abort());
  const elapsed = () => `${((clock.now() - t0) / 1e3).toFixed(1)} s`;
  const exitMessage = (e) => `server command exited ${e.signal ? `on signal ${e.signal}` : `with code ${e.code}`} after ${elapsed()}, before it was ready (log: ${spec.logPath})`;
  const phases = [
    {
      url: readyUrl,
      check: (status) => status === 200 ? "ok" : status === 404 && spec.readyUrl === null ? "skip" : `GET ${readyUrl} answered ${status}`
    },
    { url: modelsUrl, check: (status, body) => modelsCheck(modelsUrl, status, body, spec.model) }
  ];
  for (const phase of phases) {
    let last = `GET ${phase.url}: no answer yet`;
    let answered = false;
    for (; ; ) {
      const exit = state.exit;
      if (exit) return fail(exitMessage(exit), exit.code, exit.signal);
      const remaining = deadline - clock.now();
      if (remaining <= 0) {
        return fail(`server was not ready after ${(spec.readyTimeoutMs / 1e3).toFixed(1)} s; last check: ${last} (log: ${spec.logPath})`, null, null);
      }
      const r = await probe(phase.url, Math.min(PROBE_TIMEOUT_MS, remaining), abort.signal);
      if (r.kind === "answer") {
        const verdict = phase.check(r.status, r.body);
        if (verdict === "ok" || verdict === "skip") break;
        last = verdict;
        answered = true;
      } else if (!abort.signal.aborted && !(r.timedOut && answered)) {
        last = `GET ${phase.url}: ${r.reason}`;
      }
      await Promise.race([sleep(Math.ceil(Math.min(interval, Math.max(0, deadline - clock.now())))), exited]);
    }
  }
  const readyAfterMs = clock.now() - t0;
  await log.drain();
  let stopping = null;
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
    logTail: (lines = TAIL_LINES) => log.tail(lines)
  };
}
async function stopProcessGroup(pgid, graceMs, clock = systemClock) {
  if (!Number.isInteger(pgid) || pgid <= 1) throw new RangeError(`stopProcessGroup: refusing process-group id ${pgid}`);
  if (!signalServer(pgid, await serverProcesses(pgid), "SIGTERM")) return "none";
  if (await waitGone(pgid, graceMs, clock)) return "TERM";
  if (!signalServer(pgid, await serverProcesses(pgid), "SIGKILL")) return "TERM";
  await waitGone(pgid, 5e3, clock);
  return "KILL";
}
function signalServer(pgid, p, signal) {
  let any = p.group && signal_(-pgid, signal);
  for (const pid of p.detached) any = signal_(pid, signal) || any;
  return any;
}
function signal_(target, signal) {
  try {
    process.kill(target, signal);
    return true;
  } catch (err) {
    if (err.code === "ESRCH") return false;
    throw err;
  }
}
async function waitGone(pgid, ms, clock) {
  const until = clock.now() + ms;
  for (; ; ) {
    const p = await serverProcesses(pgid);
    if (!p.group && p.detached.length === 0) return true;
    if (clock.now() >= until) return false;
    await sleep(Math.min(100, Math.max(1, until - clock.now())));
  }
}
async function serverProcesses(pgid) {
  let group;
  try {
    process.kill(-pgid, 0);
    group = true;
  } catch (err) {
    group = err.code === "EPERM";
  }
  if (process.platform !== "linux") return { group, detached: [] };
  let pids;
  try {
    pids = (await readdir("/proc")).filter((d) => /^\d+$/.test(d));
  } catch {
    return { group, detached: [] };
  }
  const mark = `${SERVER_MARK}=${pgid}`;
  let liveMember = false;
  const detached = [];
  for (const p of pids) {
    try {
      const stat = await readFile(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (fields[0] === "Z" || fields[0] === "X") continue;
      if (Number(fields[2]) === pgid) {
        liveMember = true;
        continue;
      }
      const env = await readFile(`/proc/${p}/environ`, "utf8");
      if (env.startsWith(`${mark}\0`) || env.includes(`\0${mark}\0`)) detached.push(Number(p));
    } catch {
    }
  }
  return { group: group && liveMember, detached };
}
function normaliseBaseUrl(url) {
  return url.replace(/\/+$/, "").replace(/\/v1$/, "");
}
function modelsCheck(url, status, body, model) {
  if (status !== 200) return `GET ${url} answered ${status}`;
  const answer = readModels(body);
  if (!answer.ok) return `GET ${url}: ${answer.problem}`;
  if (model === null || answer.models.includes(model)) return "ok";
  return `GET ${url} lists ${JSON.stringify(answer.models.slice(0, 10))}, not '${model}'`;
}
async function probe(url, timeoutMs, abort) {
  try {
    const res = await fetch(url, { signal: AbortSignal.any([abort, AbortSignal.timeout(Math.max(1, Math.ceil(timeoutMs)))]), headers: { accept: "application/json" } });
    return { kind: "answer", status: res.status, body: await res.text() };
  } catch (err) {
    const cause = err.cause;
    const reason = typeof cause?.code === "string" ? cause.code : err instanceof Error ? err.message : String(err);
    return { kind: "error", reason, timedOut: err instanceof Error && err.name === "TimeoutError" };
  }
}
async function portAnswers(base) {
  let u;
  try {
    u = new URL(base);
  } catch {
    return false;
  }
  const port = Number(u.port || (u.protocol === "https:" ? 443 : 80));
  const host = u.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1e3, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}
var ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]/g;
var LogTail = class {
  constructor(path, startOffset, onLog) {
    this.path = path;
    this.onLog = onLog;
    this.offset = startOffset;
  }
  path;
  onLog;
  offset;
  partial = "";
  decoder = new StringDecoder("utf8");
  ring = [];
  chain = Promise.resolve();
  drain() {
    this.chain = this.chain.then(() => this.read()).catch(() => void 0);
    return this.chain;
  }
  async finish() {
    await this.drain();
    if (this.partial) this.line(this.partial);
    this.partial = "";
  }
  tail(n) {
    return this.ring.slice(-n);
  }
  async read() {
    const fh = await open(this.path, "r");
    try {
      const buf = Buffer.alloc(64 * 1024);
      for (; ; ) {
        const { bytesRead } = await fh.read(buf, 0, buf.length, this.offset);
        if (bytesRead === 0) break;
        this.offset += bytesRead;
        const text = this.partial + this.decoder.write(buf.subarray(0, bytesRead));
        const lines = text.split("\n");
        this.partial = lines.pop() ?? "";
        if (this.partial.length > 64 * 1024) this.partial = this.partial.slice(this.partial.lastIndexOf("\r") + 1).slice(-MAX_LINE);
        for (const l of lines) this.line(l);
      }
    } finally {
      await fh.close();
    }
  }
  line(raw) {
    const noCr = raw.replace(/\r+$/, "");
    const line = noCr.slice(noCr.lastIndexOf("\r") + 1).slice(0, MAX_LINE);
    this.ring.push(line.replace(ANSI, ""));
    if (this.ring.length > TAIL_LINES * 4) this.ring.splice(0, this.ring.length - TAIL_LINES * 2);
    try {
      this.onLog?.(line);
    } catch {
    }
  }
};

export {
  startServer,
  stopProcessGroup
};
