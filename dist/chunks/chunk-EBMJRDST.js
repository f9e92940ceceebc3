import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  MAPPED_NAMES,
  computeApps,
  detectEngine,
  parseExposition,
  parseGpuLine,
  readEngine,
  samplerArgs
} from "./chunk-KITUZ5SU.js";
import {
  require_undici
} from "./chunk-DSTYHSYM.js";
import {
  systemClock
} from "./chunk-HN4QBAMF.js";
import {
  __toESM
} from "./chunk-SK3CJ3HN.js";

// src/telemetry/gpu-sampler.ts
import { spawn } from "node:child_process";

// src/telemetry/energy.ts
function at(a, b, t) {
  const span = b[0] - a[0];
  return span <= 0 ? a[1] : a[1] + (b[1] - a[1]) * (t - a[0]) / span;
}
function integratePower(points, fromMs, toMs, maxGapMs2) {
  if (points.length === 0 || !(toMs > fromMs)) return null;
  const first = points[0];
  const last = points[points.length - 1];
  let joulesMs = 0;
  let gapMs = 0;
  if (fromMs < first[0]) {
    const end = Math.min(toMs, first[0]);
    joulesMs += first[1] * (end - fromMs);
    if (first[0] - fromMs > maxGapMs2) gapMs += end - fromMs;
  }
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const lo = Math.max(a[0], fromMs);
    const hi = Math.min(b[0], toMs);
    if (hi <= lo) continue;
    joulesMs += (at(a, b, lo) + at(a, b, hi)) / 2 * (hi - lo);
    if (b[0] - a[0] > maxGapMs2) gapMs += hi - lo;
  }
  if (toMs > last[0]) {
    const start = Math.max(fromMs, last[0]);
    joulesMs += last[1] * (toMs - start);
    if (toMs - last[0] > maxGapMs2) gapMs += toMs - start;
  }
  return { joules: joulesMs / 1e3, gapMs };
}
function thinPoints(points, max, stride) {
  if (points.length <= max) return stride;
  let w = 0;
  for (let r = 0; r < points.length; r += 2) points[w++] = points[r];
  points.length = w;
  return stride * 2;
}

// src/telemetry/stat.ts
var r3 = (x) => Math.round(x * 1e3) / 1e3;
var Series = class {
  constructor(cap = 2e4) {
    this.cap = cap;
  }
  cap;
  values = [];
  sum = 0;
  n = 0;
  peak = -Infinity;
  add(v) {
    if (v === null || !Number.isFinite(v)) return;
    this.n += 1;
    this.sum += v;
    if (v > this.peak) this.peak = v;
    if (this.values.length < this.cap) this.values.push(v);
  }
  get count() {
    return this.n;
  }
  stat() {
    if (this.n === 0) return null;
    const sorted = [...this.values].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
    return { mean: r3(this.sum / this.n), max: r3(this.peak), p95: r3(p95), samples: this.n };
  }
};

// src/telemetry/gpu-sampler.ts
var MAX_LINE = 1024;
var MAX_GPUS = 64;
var MAX_NAME = 128;
var START_BYTES = 256 * 1024;
var MAX_POWER_POINTS = 2e4;
var MAX_GAP_SHARE = 0.1;
var MAX_STDERR = 400;
function waitExit(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      child.off("exit", onExit);
      resolve(false);
    }, ms);
    const onExit = () => {
      clearTimeout(t);
      resolve(true);
    };
    child.once("exit", onExit);
  });
}
function settledWithin(p, ms) {
  let t;
  return Promise.race([p, new Promise((resolve) => t = setTimeout(resolve, ms))]).then(() => clearTimeout(t));
}
function maxGapMs(intervalMs) {
  return Math.max(3 * intervalMs, 1500);
}
var r32 = (x) => Math.round(x * 1e3) / 1e3;
function energyOf(points, w) {
  const e = integratePower(points, w.fromMs, w.toMs, Infinity);
  return e === null ? null : r32(e.joules);
}
function windowEnergy(perGpu, w, intervalMs) {
  const windowMs = Math.max(0, w.toMs - w.fromMs);
  let joules = 0;
  let gap = 0;
  let counted = 0;
  for (const points of perGpu) {
    const e = integratePower(points, w.fromMs, w.toMs, maxGapMs(intervalMs));
    if (e === null) continue;
    counted++;
    joules += e.joules;
    gap = Math.max(gap, e.gapMs);
  }
  const covered = counted > 0 && windowMs > 0 && gap <= MAX_GAP_SHARE * windowMs;
  return { method: "trapezoid", window_s: r32(windowMs / 1e3), gpus_counted: counted, gap_s: r32(gap / 1e3), joules: covered ? r32(joules) : null };
}
function startGpuSampler(o = {}) {
  const intervalMs = Math.max(20, Math.round(o.intervalMs ?? 500));
  const silenceMs = o.silenceMs ?? Math.max(5 * intervalMs, 5e3);
  const graceMs = o.stopGraceMs ?? 1e3;
  const gpus = /* @__PURE__ */ new Map();
  let status = "ok";
  let message = null;
  let lines = 0;
  let stderr = "";
  let stopping = false;
  const bytesPerInterval = o.bytesPerInterval ?? MAX_GPUS * MAX_LINE;
  const clock = o.clock ?? systemClock;
  const startedAt = clock.now();
  let lastLineAt = startedAt;
  let partial = "";
  let skipping = false;
  let received = 0;
  let flooded = false;
  let longLines = 0;
  let ignoredReadings = 0;
  let lastOther = "";
  const child = spawn(o.bin ?? "nvidia-smi", samplerArgs(intervalMs), { stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", () => resolve());
  });
  child.on("error", (err) => {
    if (err.code === "ENOENT") status = "absent";
    else if (status === "ok") {
      status = "died";
      message = `nvidia-smi: ${err.message}`;
    }
  });
  child.stdout.setEncoding("utf8");
  const onLine = (raw) => {
    lastLineAt = clock.now();
    const g = parseGpuLine(raw);
    if (g === null) {
      if (raw.trim() !== "") lastOther = raw.trim();
      return;
    }
    let p = gpus.get(g.index);
    if (!p) {
      if (gpus.size >= MAX_GPUS) {
        ignoredReadings += 1;
        return;
      }
      p = {
        name: g.name.slice(0, MAX_NAME),
        util: new Series(),
        mem: new Series(),
        memTotal: null,
        power: new Series(),
        powerPoints: [],
        powerSeen: 0,
        stride: 1,
        sm: new Series(),
        memClock: new Series(),
        temp: new Series()
      };
      gpus.set(g.index, p);
    }
    lines += 1;
    p.util.add(g.utilization);
    p.mem.add(g.memoryUsed);
    p.memTotal = g.memoryTotal ?? p.memTotal;
    p.power.add(g.power);
    if (g.power !== null && Number.isFinite(g.power) && g.power >= 0 && p.powerSeen++ % p.stride === 0) {
      p.powerPoints.push([lastLineAt, g.power]);
      p.stride = thinPoints(p.powerPoints, MAX_POWER_POINTS, p.stride);
    }
    p.sm.add(g.smClock);
    p.memClock.add(g.memClock);
    p.temp.add(g.temperature);
  };
  const flood = () => {
    flooded = true;
    partial = "";
    if (status === "ok") {
      status = "died";
      message = `nvidia-smi printed ${received} bytes in ${Math.round(clock.now() - startedAt)} ms, more than ${MAX_GPUS} GPUs' readings could take; stopped after ${lines} GPU readings`;
    }
    child.stdout.pause();
    child.kill("SIGKILL");
  };
  child.stdout.on("data", (chunk) => {
    if (flooded) return;
    received += chunk.length;
    if (received > START_BYTES + (clock.now() - startedAt) / intervalMs * bytesPerInterval) {
      flood();
      return;
    }
    let pos = 0;
    for (let nl = chunk.indexOf("\n"); nl !== -1; nl = chunk.indexOf("\n", pos)) {
      if (skipping) skipping = false;
      else if (partial.length + nl - pos > MAX_LINE) longLines += 1;
      else onLine(partial + chunk.slice(pos, nl));
      partial = "";
      pos = nl + 1;
    }
    if (pos < chunk.length && !skipping) {
      if (partial.length + chunk.length - pos > MAX_LINE) {
        skipping = true;
        partial = "";
        longLines += 1;
      } else partial += chunk.slice(pos);
    }
  });
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (c) => {
    if (stderr.length < MAX_STDERR) stderr += c.slice(0, MAX_STDERR);
  });
  let judged = Promise.resolve();
  child.once("exit", (code, signal) => {
    if (stopping || status !== "ok") return;
    judged = new Promise((resolve) => {
      const judge = () => {
        clearTimeout(late);
        child.off("close", judge);
        if (status === "ok") {
          const why = (stderr || partial || lastOther).trim().split("\n")[0]?.slice(0, 200) || (signal ? `signal ${signal}` : `exit code ${code}`);
          if (lines === 0) {
            status = "unavailable";
            message = `nvidia-smi: ${why}`;
          } else {
            status = "died";
            message = `nvidia-smi exited during the cell after ${lines} GPU readings: ${why}`;
          }
        }
        resolve();
      };
      const late = setTimeout(judge, graceMs);
      late.unref();
      child.once("close", judge);
    });
  });
  const watchdog = setInterval(
    () => {
      if (stopping || status !== "ok" || child.exitCode !== null) return;
      if (clock.now() - lastLineAt > silenceMs) {
        status = "hung";
        message = `nvidia-smi printed nothing for ${silenceMs} ms (after ${lines} GPU readings); stopped`;
        child.kill("SIGKILL");
      }
    },
    Math.min(silenceMs, 1e3)
  );
  watchdog.unref();
  return {
    async stop(window) {
      stopping = true;
      clearInterval(watchdog);
      if (child.pid !== void 0 && child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        if (!await waitExit(child, graceMs)) {
          child.kill("SIGKILL");
          if (!await waitExit(child, graceMs)) {
            if (status === "ok") status = "hung";
            message ??= `nvidia-smi did not exit within ${2 * graceMs} ms of being stopped`;
          }
        }
      } else {
        await settledWithin(exited, graceMs);
        await judged;
      }
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.unref();
      if (status === "ok" && lines === 0) {
        status = "unavailable";
        message = `nvidia-smi gave no reading in ${intervalMs} ms intervals`;
      }
      const skipped = [
        ignoredReadings > 0 ? `${ignoredReadings} readings of GPUs beyond the first ${MAX_GPUS} ignored` : "",
        longLines > 0 ? `${longLines} lines over ${MAX_LINE} bytes skipped` : ""
      ].filter((x) => x !== "");
      if (skipped.length > 0 && status !== "absent") message = [message, `nvidia-smi: ${skipped.join("; ")}`].filter((x) => x !== null).join("; ");
      const summaries = [...gpus.entries()].sort((a, b) => a[0] - b[0]).map(([index, p]) => ({
        index,
        name: p.name,
        utilization_pct: p.util.stat(),
        memory_used_mib: p.mem.stat(),
        memory_total_mib: p.memTotal,
        power_w: p.power.stat(),
        ...window == null ? {} : { energy_j: energyOf(p.powerPoints, window) },
        sm_clock_mhz: p.sm.stat(),
        mem_clock_mhz: p.memClock.stat(),
        temperature_c: p.temp.stat()
      }));
      const energy = window == null || status === "absent" ? null : windowEnergy(
        [...gpus.values()].map((p) => p.powerPoints),
        window,
        intervalMs
      );
      return { status, message: status === "absent" ? null : message, interval_ms: intervalMs, gpus: summaries, ...energy === null ? {} : { energy } };
    }
  };
}

// src/telemetry/neighbours.ts
import { readFileSync, readdirSync } from "node:fs";
import os from "node:os";
var TICK_MS = 10;
function machineCpu(procRoot = "/proc") {
  try {
    const f = readFileSync(`${procRoot}/stat`, "utf8").split("\n", 1)[0].trim().split(/\s+/).slice(1, 9).map(Number);
    if (f.length < 8 || f.some((v) => !Number.isFinite(v))) return null;
    const total = f.reduce((a, b) => a + b, 0);
    const idle = f[3] + f[4];
    return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
  } catch {
    return null;
  }
}
function processTable(procRoot) {
  const table = /* @__PURE__ */ new Map();
  let dirs;
  try {
    dirs = readdirSync(procRoot).filter((d) => /^\d+$/.test(d));
  } catch {
    return table;
  }
  for (const d of dirs) {
    try {
      const stat = readFileSync(`${procRoot}/${d}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      table.set(Number(d), [Number(f[1]), (Number(f[11]) + Number(f[12])) * TICK_MS]);
    } catch {
    }
  }
  return table;
}
function processTree(roots, procRoot = "/proc") {
  const table = processTable(procRoot);
  const pids = new Set(roots.filter((p) => table.has(p)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, [ppid]] of table) {
      if (!pids.has(pid) && pids.has(ppid)) {
        pids.add(pid);
        grew = true;
      }
    }
  }
  let cpuMs = 0;
  for (const p of pids) cpuMs += table.get(p)[1];
  return { pids, cpuMs };
}
function startCpuWindow(serverPids, procRoot = "/proc") {
  const cpus = os.cpus().length;
  const m0 = machineCpu(procRoot);
  const own0 = process.cpuUsage();
  const srv0 = serverPids.length > 0 ? processTree(serverPids, procRoot).cpuMs : 0;
  return {
    stop() {
      const m1 = machineCpu(procRoot);
      if (m0 === null || m1 === null || m1.total - m0.total <= 0) return { share: null, cores: null, cpus };
      const own = process.cpuUsage(own0);
      const ownMs = (own.user + own.system) / 1e3;
      const srvMs = serverPids.length > 0 ? Math.max(0, processTree(serverPids, procRoot).cpuMs - srv0) : 0;
      const total = m1.total - m0.total;
      const others2 = Math.max(0, m1.busy - m0.busy - ownMs - srvMs);
      const share = Math.min(1, others2 / total);
      return { share: Math.round(share * 1e3) / 1e3, cores: Math.round(share * cpus * 100) / 100, cpus };
    }
  };
}

// src/telemetry/scrape.ts
var import_undici = __toESM(require_undici(), 1);
var MAX_ERRORS = 3;
var isBucket = (name) => name.endsWith("_bucket");
async function scrapeOnce(url, dispatcher, timeoutMs, maxBytes) {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  timer.unref();
  try {
    const res = await (0, import_undici.request)(url, { method: "GET", dispatcher, signal: ac.signal, headers: { accept: "text/plain" } });
    if (res.statusCode !== 200) {
      await res.body.dump().catch(() => void 0);
      throw new Error(`HTTP ${res.statusCode}`);
    }
    const parts = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.length;
      if (size > maxBytes) {
        res.body.destroy();
        throw new Error(`body larger than ${maxBytes} bytes`);
      }
      parts.push(chunk);
    }
    const parsed = parseExposition(Buffer.concat(parts).toString("utf8"), isBucket);
    if (parsed.samples.length === 0) throw new Error(parsed.badLines > 0 ? `not Prometheus text (line ${parsed.firstBad.line}: ${parsed.firstBad.text})` : "no samples");
    return parsed.samples;
  } finally {
    clearTimeout(timer);
  }
}
var delta = (a, b) => a === null || b === null ? null : Math.max(0, b - a);
function checkTokens(e, d, client) {
  if (d.prompt === null && d.generation === null) return null;
  const mismatches = [];
  const off = (server, mine) => Math.abs(server - mine) > Math.max(8, 0.02 * mine);
  let serverPrompt = d.prompt;
  if (d.prompt !== null) {
    if (e.promptCounts === "uncached" && d.cached !== null) serverPrompt = d.prompt + d.cached;
    if (e.promptCounts === "uncached" && d.cached === null) {
      if (d.prompt > client.prompt + Math.max(8, 0.02 * client.prompt)) mismatches.push(`server evaluated ${d.prompt} prompt tokens, the client sent ${client.prompt}`);
    } else if (off(serverPrompt, client.prompt)) {
      mismatches.push(`server counted ${serverPrompt} prompt tokens, the client ${client.prompt}`);
    }
  }
  if (d.generation !== null && off(d.generation, client.completion)) {
    mismatches.push(`server counted ${d.generation} generated tokens, the client ${client.completion}`);
  }
  return { client_prompt: client.prompt, client_completion: client.completion, server_prompt: serverPrompt, server_generation: d.generation, mismatches };
}
async function startScraper(o) {
  const url = new URL("/metrics", o.baseUrl).toString();
  const intervalMs = o.intervalMs ?? 1e3;
  const timeoutMs = o.timeoutMs ?? 2e3;
  const maxBytes = o.maxBytes ?? 4 * 1024 * 1024;
  const maxRaw = o.maxRaw ?? 64;
  const dispatcher = new import_undici.Agent({ connections: 1, connectTimeout: timeoutMs, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const gauges = { running: new Series(), waiting: new Series(), kv: new Series() };
  let engine = null;
  let firstReading = null;
  let lastReading = null;
  let lastSamples = [];
  let ok = 0;
  let failed = 0;
  const errors = [];
  let inFlight = null;
  let stopped = false;
  const once = (label) => {
    inFlight ??= scrapeOnce(url, dispatcher, timeoutMs, maxBytes).then((samples) => {
      engine ??= detectEngine(samples);
      ok += 1;
      lastSamples = samples;
      if (engine === null) return;
      const r = readEngine(engine, samples);
      firstReading ??= r;
      lastReading = r;
      gauges.running.add(r.running);
      gauges.waiting.add(r.waiting);
      gauges.kv.add(r.kvUsage);
    }).catch((err) => {
      failed += 1;
      if (errors.length < MAX_ERRORS) errors.push(`${label} GET ${url}: ${err.message}`);
    }).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
  await once("before");
  let timer = null;
  const tick = () => {
    if (stopped) return;
    void once("during").then(() => {
      if (!stopped) {
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      }
    });
  };
  if (ok > 0) {
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  }
  return {
    async stop(client) {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (inFlight) await inFlight;
      if (ok > 0) await once("after");
      await dispatcher.close().catch(() => void 0);
      if (ok === 0) return null;
      const first = firstReading;
      const last = lastReading;
      const d = (k) => first && last ? delta(first[k], last[k]) : null;
      const hits = d("prefixHits");
      const queries = d("prefixQueries");
      const cached = d("cachedPromptTokens");
      const prompt = d("promptTokens");
      const found = engine;
      let hitRate = null;
      if (hits !== null && queries !== null && queries > 0) hitRate = hits / queries;
      else if (found?.promptCounts === "uncached" && cached !== null && prompt !== null && prompt + cached > 0) hitRate = cached / (prompt + cached);
      else if (last?.hitRate !== null && last?.hitRate !== void 0) hitRate = last.hitRate;
      const raw = {};
      let rawDropped = 0;
      const seen = /* @__PURE__ */ new Set();
      for (const s of lastSamples) {
        if (MAPPED_NAMES.has(s.name) || s.name.endsWith("_bucket") || "quantile" in s.labels || Number.isNaN(s.value)) continue;
        if (!seen.has(s.name)) {
          seen.add(s.name);
          if (Object.keys(raw).length >= maxRaw) {
            rawDropped += 1;
            continue;
          }
          raw[s.name] = 0;
        }
        if (s.name in raw) raw[s.name] += s.value;
      }
      return {
        engine: found?.engine ?? "unknown",
        scrapes: ok,
        failed_scrapes: failed,
        errors,
        running: gauges.running.stat(),
        waiting: gauges.waiting.stat(),
        kv_cache_usage: gauges.kv.stat(),
        prefix_cache_hit_rate: hitRate === null ? null : Math.round(hitRate * 1e4) / 1e4,
        preemptions: d("preemptions"),
        prompt_tokens: prompt,
        cached_prompt_tokens: cached,
        generation_tokens: d("generationTokens"),
        token_check: found && client ? checkTokens(found, { prompt, cached, generation: d("generationTokens") }, client) : null,
        raw,
        raw_dropped: rawDropped
      };
    }
  };
}

// src/telemetry/cell.ts
var SMI_TIMEOUT_MS = 3e3;
function others(apps, serverPids) {
  if (apps === null) return [];
  if (serverPids.length === 0) return [];
  const mine = processTree([...serverPids, process.pid]).pids;
  return apps.filter((a) => !mine.has(a.pid)).map((a) => ({ pid: a.pid, name: a.name, used_memory_mib: a.usedMemory, gpu_uuid: a.gpuUuid }));
}
async function startCellTelemetry(o) {
  const startedAt = /* @__PURE__ */ new Date();
  const clock = o.clock ?? systemClock;
  const t0 = clock.now();
  const serverPids = o.serverPids ?? [];
  const limit = o.maxOthersCpuShare ?? 0.25;
  const sampler = o.gpu === false ? null : startGpuSampler({ intervalMs: o.gpuIntervalMs ?? 500, clock });
  const appsBefore = o.gpu === false ? Promise.resolve(null) : computeApps(SMI_TIMEOUT_MS);
  let scraper = null;
  if (o.metrics !== false && o.baseUrl !== null) scraper = await startScraper({ baseUrl: o.baseUrl, intervalMs: o.scrapeIntervalMs ?? 1e3 });
  const cpu = startCpuWindow([...serverPids, ...o.listenerPids ?? []]);
  return {
    async stop(client, window) {
      const c = cpu.stop();
      const [gpu, engine, before, after] = await Promise.all([
        sampler ? sampler.stop(window) : Promise.resolve({ status: "absent", message: "GPU sampling is off", interval_ms: o.gpuIntervalMs ?? 500, gpus: [] }),
        scraper ? scraper.stop(client ?? null) : Promise.resolve(null),
        appsBefore,
        o.gpu === false ? Promise.resolve(null) : computeApps(SMI_TIMEOUT_MS)
      ]);
      const seen = /* @__PURE__ */ new Map();
      for (const p of [...others(before, serverPids), ...others(after, serverPids)]) seen.set(p.pid, p);
      const otherGpu = [...seen.values()];
      const reasons = [];
      if (c.share !== null && c.share > limit) {
        reasons.push(`other processes used ${(c.share * 100).toFixed(1)}% of the machine's CPU (${c.cores} of ${c.cpus} cores), over the ${(limit * 100).toFixed(0)}% limit`);
      }
      if (otherGpu.length > 0) reasons.push(`other processes held the GPU: ${otherGpu.map((p) => `${p.name} (pid ${p.pid})`).join(", ")}`);
      return {
        started_at: startedAt.toISOString(),
        duration_s: Math.round(clock.now() - t0) / 1e3,
        gpu: { ...gpu, other_processes: otherGpu },
        engine,
        neighbours: { others_cpu_share: c.share, others_cores: c.cores, cpus: c.cpus, limit, flagged: reasons.length > 0, reasons }
      };
    }
  };
}

export {
  MAX_GPUS,
  startCellTelemetry
};
