import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);

// src/telemetry/nvidia-smi.ts
import { execFile } from "node:child_process";
var GPU_FIELDS = ["index", "name", "utilization.gpu", "memory.used", "memory.total", "power.draw", "clocks.sm", "clocks.mem", "temperature.gpu"];
function samplerArgs(intervalMs) {
  return [`--query-gpu=${GPU_FIELDS.join(",")}`, "--format=csv,noheader,nounits", "-lms", String(intervalMs)];
}
function num(s) {
  if (s === void 0) return null;
  const t = s.trim();
  if (t === "" || t.startsWith("[") || t === "N/A") return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}
function parseGpuLine(line) {
  const f = line.split(",").map((s) => s.trim());
  if (f.length < GPU_FIELDS.length) return null;
  const index = num(f[0]);
  if (index === null || !Number.isInteger(index)) return null;
  const tail = f.slice(f.length - 7);
  return {
    index,
    name: f.slice(1, f.length - 7).join(", "),
    utilization: num(tail[0]),
    memoryUsed: num(tail[1]),
    memoryTotal: num(tail[2]),
    power: num(tail[3]),
    smClock: num(tail[4]),
    memClock: num(tail[5]),
    temperature: num(tail[6])
  };
}
function runSmi(args, timeoutMs = 5e3, bin = "nvidia-smi") {
  return new Promise((resolve) => {
    execFile(bin, args, { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 1024 * 1024 }, (err, stdout, stderr) => {
      if (!err) return resolve({ ok: true, stdout, absent: false, error: null });
      const e = err;
      if (e.code === "ENOENT") return resolve({ ok: false, stdout: "", absent: true, error: null });
      const why = e.killed ? `no answer within ${timeoutMs} ms` : (stderr || stdout || e.message).trim().split("\n")[0].slice(0, 200);
      resolve({ ok: false, stdout, absent: false, error: `nvidia-smi ${args[0] ?? ""}: ${why}` });
    });
  });
}
async function computeApps(timeoutMs) {
  const r = await runSmi(["--query-compute-apps=pid,process_name,used_memory,gpu_uuid", "--format=csv,noheader,nounits"], timeoutMs);
  if (!r.ok) return null;
  const apps = [];
  for (const line of r.stdout.split("\n")) {
    const f = line.split(",").map((s) => s.trim());
    if (f.length < 4) continue;
    const pid = Number(f[0]);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (apps.length >= MAX_LISTED) break;
    apps.push({
      pid,
      name: f.slice(1, f.length - 2).join(", ").slice(0, MAX_NAME),
      usedMemory: num(f[f.length - 2]),
      gpuUuid: f[f.length - 1] || null
    });
  }
  return apps;
}
var MAX_TOPOLOGY = 4096;
var MAX_LISTED = 64;
var MAX_NAME = 128;
function stripEscapes(text) {
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "");
}
async function gpuInventory(timeoutMs) {
  const list = await runSmi(["--query-gpu=index,name,memory.total,driver_version", "--format=csv,noheader,nounits"], timeoutMs);
  if (list.absent) return { status: "absent", inventory: null };
  if (!list.ok) return { status: "unavailable", inventory: null };
  const gpus = [];
  let driver = null;
  for (const line of list.stdout.split("\n")) {
    const f = line.split(",").map((s) => s.trim());
    if (f.length < 4) continue;
    const index = num(f[0]);
    if (index === null) continue;
    if (gpus.length >= MAX_LISTED) break;
    gpus.push({
      index,
      name: f.slice(1, f.length - 2).join(", ").slice(0, MAX_NAME),
      memoryTotal: num(f[f.length - 2])
    });
    driver ??= f[f.length - 1]?.slice(0, MAX_NAME) || null;
  }
  if (gpus.length === 0) return { status: "unavailable", inventory: null };
  const banner = await runSmi([], timeoutMs);
  const cuda = /CUDA Version:\s*([\d.]+)/.exec(banner.stdout)?.[1] ?? null;
  let topology = null;
  if (gpus.length > 1) {
    const topo = await runSmi(["topo", "-m"], timeoutMs);
    if (topo.ok) topology = stripEscapes(topo.stdout).trim().slice(0, MAX_TOPOLOGY);
  }
  return { status: "ok", inventory: { gpus, driver, cuda, topology } };
}

// src/telemetry/prometheus.ts
var NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
var LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
function parseValue(s) {
  switch (s) {
    case "NaN":
      return NaN;
    case "+Inf":
    case "Inf":
      return Infinity;
    case "-Inf":
      return -Infinity;
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return null;
  return Number(s);
}
function parseLabels(line, start) {
  const labels = {};
  let i = start;
  for (; ; ) {
    while (line[i] === " " || line[i] === "	") i++;
    if (line[i] === "}") return { labels, end: i + 1 };
    const m = LABEL_NAME.exec(line.slice(i));
    if (!m) return null;
    const key = m[0];
    i += key.length;
    while (line[i] === " ") i++;
    if (line[i] !== "=") return null;
    i++;
    while (line[i] === " ") i++;
    if (line[i] !== '"') return null;
    i++;
    let value = "";
    for (; ; ) {
      const c = line[i];
      if (c === void 0) return null;
      if (c === '"') break;
      if (c === "\\") {
        const next = line[i + 1];
        value += next === "n" ? "\n" : next === "\\" ? "\\" : next === '"' ? '"' : `\\${next ?? ""}`;
        i += 2;
        continue;
      }
      value += c;
      i++;
    }
    i++;
    labels[key] = value;
    while (line[i] === " ") i++;
    if (line[i] === ",") i++;
    else if (line[i] !== "}") return null;
  }
}
function parseSample(line, skip) {
  const m = NAME.exec(line);
  if (!m) return null;
  const name = m[0];
  if (skip?.(name)) return "skipped";
  let i = name.length;
  let labels = {};
  if (line[i] === "{") {
    const l = parseLabels(line, i + 1);
    if (l === null) return null;
    labels = l.labels;
    i = l.end;
  }
  const rest = line.slice(i).trim().split(/\s+/);
  if (rest.length < 1 || rest.length > 2 || rest.length === 2 && !/^-?\d+$/.test(rest[1])) return null;
  const value = parseValue(rest[0]);
  if (value === null) return null;
  return { name, labels, value };
}
function parseExposition(text, skip) {
  const out = { samples: [], types: /* @__PURE__ */ new Map(), badLines: 0, firstBad: null };
  const lines = text.split("\n");
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n].replace(/\r$/, "").trim();
    if (line === "") continue;
    if (line.startsWith("#")) {
      const t = /^#\s*TYPE\s+([a-zA-Z_:][a-zA-Z0-9_:]*)\s+(\w+)/.exec(line);
      if (t) out.types.set(t[1], t[2]);
      continue;
    }
    const s = parseSample(line, skip);
    if (s === "skipped") continue;
    if (s === null) {
      out.badLines += 1;
      out.firstBad ??= { line: n + 1, text: line.slice(0, 120) };
      continue;
    }
    out.samples.push(s);
  }
  return out;
}
function sumOf(samples, name) {
  let found = false;
  let total = 0;
  for (const s of samples) {
    if (s.name !== name || Number.isNaN(s.value)) continue;
    found = true;
    total += s.value;
  }
  return found ? total : null;
}
function maxOf(samples, name) {
  let best = null;
  for (const s of samples) {
    if (s.name !== name || Number.isNaN(s.value)) continue;
    if (best === null || s.value > best) best = s.value;
  }
  return best;
}

// src/telemetry/engine-series.ts
var VLLM = {
  engine: "vllm",
  prefix: "vllm:",
  running: ["vllm:num_requests_running"],
  waiting: ["vllm:num_requests_waiting"],
  kvUsage: ["vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc"],
  preemptions: ["vllm:num_preemptions_total"],
  promptTokens: ["vllm:prompt_tokens_total"],
  cachedPromptTokens: ["vllm:prompt_tokens_cached_total", "vllm:prefix_cache_hits_total"],
  generationTokens: ["vllm:generation_tokens_total"],
  prefixHits: ["vllm:prefix_cache_hits_total"],
  prefixQueries: ["vllm:prefix_cache_queries_total"],
  hitRateGauge: ["vllm:gpu_prefix_cache_hit_rate"],
  promptCounts: "all"
};
var EMBEDDED_MARKER = "llm_perf_gate_embedded_build_info";
var ENGINES = [
  VLLM,
  // vLLM's names, read the same way; told apart from vLLM by its marker.
  { ...VLLM, engine: "embedded", marker: EMBEDDED_MARKER },
  {
    engine: "llama.cpp",
    prefix: "llamacpp:",
    running: ["llamacpp:requests_processing"],
    waiting: ["llamacpp:requests_deferred"],
    kvUsage: ["llamacpp:kv_cache_usage_ratio"],
    preemptions: [],
    promptTokens: ["llamacpp:prompt_tokens_total"],
    cachedPromptTokens: ["llamacpp:prompt_tokens_cached_total"],
    generationTokens: ["llamacpp:tokens_predicted_total"],
    prefixHits: [],
    prefixQueries: [],
    hitRateGauge: [],
    promptCounts: "uncached"
  },
  {
    engine: "sglang",
    prefix: "sglang:",
    running: ["sglang:num_running_reqs"],
    waiting: ["sglang:num_queue_reqs"],
    kvUsage: ["sglang:token_usage"],
    preemptions: ["sglang:num_retracted_requests_total"],
    promptTokens: ["sglang:prompt_tokens_total"],
    cachedPromptTokens: ["sglang:cached_tokens_total"],
    generationTokens: ["sglang:generation_tokens_total"],
    prefixHits: [],
    prefixQueries: [],
    hitRateGauge: ["sglang:cache_hit_rate"],
    promptCounts: "all"
  },
  {
    engine: "tgi",
    prefix: "tgi_",
    running: ["tgi_batch_current_size"],
    waiting: ["tgi_queue_size"],
    kvUsage: [],
    preemptions: [],
    promptTokens: ["tgi_request_input_length_sum"],
    cachedPromptTokens: [],
    generationTokens: ["tgi_request_generated_tokens_sum"],
    prefixHits: [],
    prefixQueries: [],
    hitRateGauge: [],
    promptCounts: "all"
  }
];
function detectEngine(samples) {
  const marked = ENGINES.find((e) => e.marker !== void 0 && samples.some((s) => s.name === e.marker));
  if (marked !== void 0) return marked;
  let best = null;
  let bestCount = 0;
  for (const e of ENGINES) {
    const n = samples.reduce((k, s) => k + (s.name.startsWith(e.prefix) ? 1 : 0), 0);
    if (n > bestCount) {
      best = e;
      bestCount = n;
    }
  }
  return best;
}
function first(samples, names, pick) {
  for (const n of names) {
    const v = pick(samples, n);
    if (v !== null) return v;
  }
  return null;
}
function readEngine(e, samples) {
  return {
    running: first(samples, e.running, sumOf),
    waiting: first(samples, e.waiting, sumOf),
    kvUsage: first(samples, e.kvUsage, maxOf),
    preemptions: first(samples, e.preemptions, sumOf),
    promptTokens: first(samples, e.promptTokens, sumOf),
    cachedPromptTokens: first(samples, e.cachedPromptTokens, sumOf),
    generationTokens: first(samples, e.generationTokens, sumOf),
    prefixHits: first(samples, e.prefixHits, sumOf),
    prefixQueries: first(samples, e.prefixQueries, sumOf),
    hitRate: first(samples, e.hitRateGauge, maxOf)
  };
}
var MAPPED_NAMES = new Set(
  ENGINES.flatMap((e) => [
    ...e.running,
    ...e.waiting,
    ...e.kvUsage,
    ...e.preemptions,
    ...e.promptTokens,
    ...e.cachedPromptTokens,
    ...e.generationTokens,
    ...e.prefixHits,
    ...e.prefixQueries,
    ...e.hitRateGauge,
    ...e.marker === void 0 ? [] : [e.marker]
  ])
);

export {
  parseExposition,
  detectEngine,
  readEngine,
  MAPPED_NAMES,
  samplerArgs,
  parseGpuLine,
  computeApps,
  gpuInventory
};
