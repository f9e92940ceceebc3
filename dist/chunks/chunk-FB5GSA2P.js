import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  MAPPED_NAMES,
  RunSetupError,
  collectFingerprint,
  computeApps,
  detectEngine,
  machineInfo,
  meanGpuUtil,
  parseExposition,
  parseGpuLine,
  peakGpuMemory,
  readEngine,
  samplerArgs
} from "./chunk-HSJRNWQL.js";
import {
  boundTelemetry,
  writeResult
} from "./chunk-HRZ5RKTC.js";
import {
  capacityTerminalLine,
  combine,
  holds,
  judgeSlo,
  loadValue,
  minRequestsFor,
  parseCapacitySlos,
  resultTable,
  searchOptionProblems
} from "./chunk-X4GFCKBM.js";
import {
  DEFAULTS,
  RESULT_SCHEMA,
  capacityCellId
} from "./chunk-X3ASC5YE.js";
import {
  startServer
} from "./chunk-ELMGI5IF.js";
import {
  TOOL_VERSION
} from "./chunk-4VUXDGVK.js";
import {
  liveLine,
  runLeft,
  stepLabel
} from "./chunk-PDP3RPMI.js";
import {
  systemClock
} from "./chunk-P5CLDGRG.js";
import {
  EXACT_GAPS,
  InferenceClient,
  SINGLE,
  TargetError,
  credentialsRefused,
  emptyOutcome,
  getTokenizer,
  newRecord,
  ownsRequest,
  runCell,
  sampleGaps,
  shardLoad,
  shardProblem,
  summarizeGaps,
  timerMs
} from "./chunk-5AYNSUN5.js";
import {
  require_undici
} from "./chunk-DSTYHSYM.js";
import {
  createRng
} from "./chunk-4AXL3BU5.js";
import {
  summarize
} from "./chunk-A65H3QNL.js";
import {
  registerSecrets
} from "./chunk-BF4Y2SSP.js";
import {
  UserError
} from "./chunk-26N6UM4G.js";
import {
  __toESM
} from "./chunk-SK3CJ3HN.js";

// src/report/telemetry-line.ts
var pct = (v) => `${(v * 100).toFixed(0)}%`;
function telemetryLine(t) {
  const parts = [];
  if (t.gpu.status !== "absent") parts.push(`GPU ${peakGpuMemory(t)} peak, ${meanGpuUtil(t)} util`);
  const e = t.engine;
  if (e !== null) {
    const kv = e.kv_cache_usage ? `KV cache peak ${pct(e.kv_cache_usage.max)}, ` : "";
    parts.push(`${e.engine}: ${kv}waiting peak ${e.waiting ? Math.round(e.waiting.max * 10) / 10 : "\u2013"}, running peak ${e.running ? Math.round(e.running.max * 10) / 10 : "\u2013"}`);
    for (const m of e.token_check?.mismatches ?? []) parts.push(`tokens disagree: ${m}`);
  }
  const share = t.neighbours.others_cpu_share;
  if (share !== null) parts.push(`others ${pct(share)} CPU${t.neighbours.flagged ? ` (over the ${pct(t.neighbours.limit)} limit: flagged)` : ""}`);
  else if (t.neighbours.flagged) parts.push("flagged: other processes held the GPU");
  return parts.join(" \xB7 ");
}
function environmentText(f) {
  const gpu = f.gpus.length === 0 ? f.gpu_status === "absent" ? "no GPU" : `GPU ${f.gpu_status}` : `${f.gpus.length} x ${f.gpus[0].name}${f.driver_version ? ` (driver ${f.driver_version}${f.cuda_version ? `, CUDA ${f.cuda_version}` : ""})` : ""}`;
  const engine = f.engine ? ` \xB7 ${f.engine.name}${f.engine.version ? ` ${f.engine.version}` : ""}` : "";
  return `${gpu} \xB7 ${f.cpus} x ${f.cpu_model}${engine}${f.model ? ` \xB7 model ${f.model}` : ""}`;
}

// src/run/run-plan.ts
import { randomUUID } from "node:crypto";
import { relative } from "node:path";

// src/load/steady.ts
var DEFAULT_STEADY = Object.freeze({ window: 4, ttftTolerance: 0.15, tpsTolerance: 0.1, maxRequests: 64, maxSeconds: 120 });
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}
function checkSteadyRule(r) {
  const bad = (field, v, want) => {
    throw new RangeError(`warm-up rule: ${field} must be ${want}, got ${v}`);
  };
  if (!(Number.isInteger(r.window) && r.window >= 1)) bad("window", r.window, "a positive integer");
  if (!(r.ttftTolerance >= 0 && r.ttftTolerance < 1)) bad("ttftTolerance", r.ttftTolerance, "in [0, 1)");
  if (!(r.tpsTolerance >= 0 && r.tpsTolerance < Infinity)) bad("tpsTolerance", r.tpsTolerance, "finite and >= 0");
  if (!(Number.isInteger(r.maxRequests) && r.maxRequests >= 1)) bad("maxRequests", r.maxRequests, "a positive integer");
  if (!(r.maxSeconds > 0)) bad("maxSeconds", r.maxSeconds, "> 0");
}
function windowTps(s, from, to) {
  const dt = s[to].elapsedS - s[from].elapsedS;
  return dt > 0 ? (s[to].tps * s[to].elapsedS - s[from].tps * s[from].elapsedS) / dt : null;
}
function steadyState(samples, rule = DEFAULT_STEADY) {
  checkSteadyRule(rule);
  samples.forEach((x, i) => {
    if (!(x.ttftMs >= 0 && x.tps >= 0 && x.elapsedS >= 0 && Number.isFinite(x.ttftMs + x.tps + x.elapsedS))) {
      throw new RangeError(`warm-up sample ${i}: ttftMs, tps and elapsedS must be finite and >= 0, got ${x.ttftMs}, ${x.tps}, ${x.elapsedS}`);
    }
  });
  const n = samples.length;
  const w = rule.window;
  const seconds = n > 0 ? samples[n - 1].elapsedS : 0;
  const last = n >= w ? median(samples.slice(n - w).map((x) => x.ttftMs)) : null;
  const lastTps = n >= w + 1 ? windowTps(samples, n - 1 - w, n - 1) : null;
  const out = (done, by) => ({ done, by, requests: n, seconds, ttftMs: last, tps: lastTps });
  if (n >= 2 * w + 1) {
    const prev = median(samples.slice(n - 2 * w, n - w).map((x) => x.ttftMs));
    const prevTps = windowTps(samples, n - 1 - 2 * w, n - 1 - w);
    const ttftSettled = last >= (1 - rule.ttftTolerance) * prev;
    const tpsSettled = lastTps !== null && prevTps !== null && lastTps <= (1 + rule.tpsTolerance) * prevTps;
    if (ttftSettled && tpsSettled) return out(true, "steady");
  }
  if (n >= rule.maxRequests) return out(true, "count");
  if (seconds >= rule.maxSeconds) return out(true, "time");
  return out(false, null);
}

// src/load/warmup.ts
function warmupBudget(warmup, rule = DEFAULT_STEADY) {
  return warmup === "auto" ? rule.maxRequests : warmup;
}
async function runCellWarm(o, runCell2) {
  if (o.warmup !== "auto") return { run: await runCell2({ ...o, warmup: o.warmup }), warmup: null };
  const rule = o.rule ?? DEFAULT_STEADY;
  const budget = warmupBudget("auto", rule);
  const warm = await warmUntilSteady(o, rule, runCell2);
  const measured = await runCell2({
    ...o,
    count: o.count - budget,
    warmup: 0,
    seedMaterial: `${o.seedMaterial}|measured`,
    maxTokens: (i) => o.maxTokens(i + budget),
    send: (i, cancel) => o.send(i + budget, cancel)
  });
  const records = [...warm.records, ...measured.records].map((r, index) => ({ ...r, index }));
  return { run: { ...measured, records }, warmup: warm.taken };
}
async function warmUntilSteady(o, rule, runCell2) {
  const records = [];
  const samples = [];
  const clock = o.clock ?? systemClock;
  const t0 = clock.now();
  let tokens = 0;
  let decision = null;
  while (records.length < rule.maxRequests) {
    const left = rule.maxSeconds * 1e3 - (clock.now() - t0);
    if (o.cancel.aborted || left <= 0) break;
    const from = records.length;
    const n = Math.min(rule.window, rule.maxRequests - from);
    const chunk = await runCell2({
      ...o,
      count: n,
      warmup: n,
      maxDurationMs: Math.min(left, o.maxDurationMs),
      seedMaterial: `${o.seedMaterial}|warmup|${from}`,
      maxTokens: (i) => o.maxTokens(from + i),
      send: (i, cancel) => o.send(from + i, cancel)
    });
    for (const r of [...chunk.records].sort((a, b) => a.tDone - b.tDone)) {
      records.push(r);
      if (r.failure !== null || r.cancelled || r.tFirst === null) continue;
      tokens += r.nOut ?? r.outputEvents;
      const elapsedS = (r.tDone - t0) / 1e3;
      samples.push({ ttftMs: r.tFirst - r.tSend, tps: elapsedS > 0 ? tokens / elapsedS : 0, elapsedS });
    }
    decision = steadyState(samples, rule);
    if (decision.done) break;
    if (chunk.records.length === 0) break;
  }
  const seconds = Math.round(clock.now() - t0) / 1e3;
  const stoppedBy = o.cancel.aborted ? "interrupt" : decision?.by === "steady" ? "steady" : records.length >= rule.maxRequests ? "count" : "time";
  return { records, taken: { requests: records.length, seconds, stopped_by: stoppedBy } };
}

// src/workload/index.ts
import { createHash as createHash2 } from "node:crypto";

// src/workload/dataset.ts
import { constants } from "node:fs";
import { open, stat } from "node:fs/promises";

// src/errors/dataset-error.ts
var DatasetError = class extends UserError {
  name = "DatasetError";
};

// src/workload/lengths.ts
var MAX_REDRAWS = 64;
function standardNormal(rng) {
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
function bounded(min, max, draw) {
  for (let k = 0; k < MAX_REDRAWS; k++) {
    const x = Math.round(draw());
    if (x >= min && x <= max) return x;
  }
  return Math.min(max, Math.max(min, Math.round(draw())));
}
function drawDist(spec, rng) {
  switch (spec.dist) {
    case "uniform":
      return spec.min + rng.int(spec.max - spec.min + 1);
    case "normal":
      return bounded(spec.min, spec.max, () => spec.mean + spec.stddev * standardNormal(rng));
    case "lognormal": {
      const sigma2 = Math.log(1 + (spec.stddev / spec.mean) ** 2);
      const mu = Math.log(spec.mean) - sigma2 / 2;
      const sigma = Math.sqrt(sigma2);
      return bounded(spec.min, spec.max, () => Math.exp(mu + sigma * standardNormal(rng)));
    }
    case "empirical": {
      const total = spec.weights.reduce((s, w) => s + w, 0);
      let x = rng.next() * total;
      for (let i = 0; i < spec.values.length; i++) {
        x -= spec.weights[i];
        if (x < 0) return spec.values[i];
      }
      return spec.values[spec.values.length - 1];
    }
  }
}
function requestLength(spec, seed, scenario, side, index) {
  if (typeof spec === "number") return spec;
  return drawDist(spec, createRng(JSON.stringify(["synth-length", seed, scenario, side, index])));
}
function summariseLengths(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return { mean: Math.round(mean * 1e3) / 1e3, p50: rank(0.5), p90: rank(0.9), max: sorted[sorted.length - 1] };
}

// src/workload/dataset.ts
function describe(value) {
  if (value === null) return "null";
  if (value === void 0) return "nothing (missing)";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function has(obj, key) {
  return Object.prototype.hasOwnProperty.call(obj, key);
}
function parseRow(obj, where, line) {
  const hasPrompt = has(obj, "prompt");
  const hasMessages = has(obj, "messages");
  if (hasPrompt && hasMessages) throw new DatasetError(`${where}: row has both "prompt" and "messages"; give only one`);
  if (!hasPrompt && !hasMessages) throw new DatasetError(`${where}: row has neither "prompt" nor "messages"`);
  let prompt;
  let messages = null;
  if (hasPrompt) {
    const value = obj.prompt;
    if (typeof value !== "string") throw new DatasetError(`${where}: "prompt" must be a string, got ${describe(value)}`);
    prompt = value;
  } else {
    const value = obj.messages;
    if (!Array.isArray(value)) throw new DatasetError(`${where}: "messages" must be an array, got ${describe(value)}`);
    if (value.length === 0) throw new DatasetError(`${where}: "messages" is empty`);
    messages = value.map((m, i) => {
      if (!isRecord(m)) throw new DatasetError(`${where}: messages[${i}] must be an object, got ${describe(m)}`);
      const { role, content } = m;
      if (typeof role !== "string" || role === "") {
        throw new DatasetError(`${where}: messages[${i}].role must be a non-empty string, got ${describe(role)}`);
      }
      if (typeof content !== "string") {
        throw new DatasetError(`${where}: messages[${i}].content must be a string, got ${describe(content)}`);
      }
      return { role, content };
    });
    prompt = messages.map((m) => m.content).join("\n");
  }
  if (prompt.trim() === "") throw new DatasetError(`${where}: the prompt is empty`);
  const hasMax = has(obj, "max_tokens") && obj.max_tokens !== null;
  const hasOutput = has(obj, "output_tokens") && obj.output_tokens !== null;
  if (hasMax && hasOutput) throw new DatasetError(`${where}: row has both "max_tokens" and "output_tokens"; give only one`);
  let maxTokens = null;
  if (hasMax || hasOutput) {
    const key = hasMax ? "max_tokens" : "output_tokens";
    const value = obj[key];
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
      throw new DatasetError(`${where}: "${key}" must be a positive integer, got ${describe(value)}`);
    }
    maxTokens = value;
  }
  return { line, prompt, messages, maxTokens };
}
function jsonProblem(err) {
  const message = err instanceof Error ? err.message : "";
  const at = /^(.{1,80}) in JSON at position \d+ \(line \d+ column (\d+)\)$/s.exec(message);
  if (at !== null && !at[1].includes('"') && !at[1].startsWith("Unexpected token")) return ` at column ${at[2]}: ${at[1]}`;
  if (message.startsWith("Unexpected end of JSON input")) return ": the line ends inside a value";
  return ": an unexpected character";
}
function parseDataset(text, file) {
  const lines2 = text.split(/\r?\n/);
  const rows = [];
  for (let i = 0; i < lines2.length; i++) {
    let raw = lines2[i];
    if (i === 0 && raw.startsWith("\uFEFF")) raw = raw.slice(1);
    if (raw.trim() === "") continue;
    const where = `${file}:${i + 1}`;
    let value;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      throw new DatasetError(`${where}: invalid JSON${jsonProblem(err)}`);
    }
    if (!isRecord(value)) throw new DatasetError(`${where}: each line must be a JSON object, got ${describe(value)}`);
    rows.push(parseRow(value, where, i + 1));
  }
  if (rows.length === 0) throw new DatasetError(`${file}: dataset is empty (no non-blank lines)`);
  return rows;
}
var cache = /* @__PURE__ */ new Map();
var MAX_DATASET_BYTES = 256 * 1024 * 1024;
function kindOf(st) {
  if (st.isDirectory()) return "a directory";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isFIFO()) return "a named pipe";
  if (st.isSocket()) return "a socket";
  return "not a regular file";
}
var SHAPE = { dataset: "a dataset is a JSONL file", trace: "a trace is a JSONL or CSV file" };
function notRegular(file, kind, what = "dataset") {
  return new DatasetError(`${file}: cannot read ${what}: it is ${kind}, not a regular file; ${SHAPE[what]}`);
}
function tooLarge(file, size, what) {
  return new DatasetError(`${file}: cannot read ${what}: ${size} more than the ${MAX_DATASET_BYTES / 1024 / 1024} MiB a ${what} may be`);
}
function reason(err) {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/, \w+ '[^]*'$/, "");
}
async function readBounded(file, what = "dataset") {
  let fh;
  try {
    fh = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    throw new DatasetError(`${file}: cannot read ${what}: ${reason(err)}`, { cause: err });
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw notRegular(file, kindOf(st), what);
    if (st.size > MAX_DATASET_BYTES) throw tooLarge(file, `it is ${st.size} bytes,`, what);
    let buf = Buffer.allocUnsafe(Math.min(MAX_DATASET_BYTES + 1, Math.max(st.size + 1, 64 * 1024)));
    let size = 0;
    for (; ; ) {
      if (size === buf.length) {
        if (size > MAX_DATASET_BYTES) throw tooLarge(file, "it holds", what);
        const bigger = Buffer.allocUnsafe(Math.min(MAX_DATASET_BYTES + 1, buf.length * 2));
        buf.copy(bigger, 0, 0, size);
        buf = bigger;
      }
      const { bytesRead } = await fh.read(buf, size, buf.length - size, null);
      if (bytesRead === 0) return buf.subarray(0, size);
      size += bytesRead;
    }
  } catch (err) {
    if (err instanceof DatasetError) throw err;
    throw new DatasetError(`${file}: cannot read ${what}: ${reason(err)}`, { cause: err });
  } finally {
    await fh.close();
  }
}
async function loadDataset(file) {
  let stamp;
  try {
    const st = await stat(file);
    if (!st.isFile()) throw notRegular(file, kindOf(st));
    stamp = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch (err) {
    if (err instanceof DatasetError) throw err;
    throw new DatasetError(`${file}: cannot read dataset: ${reason(err)}`, { cause: err });
  }
  const hit = cache.get(file);
  if (hit !== void 0 && hit.stamp === stamp) return hit.dataset;
  const dataset = (async () => {
    const text = (await readBounded(file)).toString("utf8");
    return { rows: parseDataset(text, file), counts: /* @__PURE__ */ new Map() };
  })();
  const entry = { stamp, dataset };
  cache.set(file, entry);
  dataset.catch(() => {
    if (cache.get(file) === entry) cache.delete(file);
  });
  return dataset;
}
async function datasetItems(args) {
  const { file, seed, encoding, scenario, cellLabel, count } = args;
  if (!Number.isInteger(count) || count < 0) throw new Error(`request count must be a non-negative integer, got ${count}`);
  const loaded = await loadDataset(file);
  const tok = await getTokenizer(encoding);
  const { rows } = loaded;
  let counts = loaded.counts.get(encoding);
  if (counts === void 0) {
    counts = new Array(rows.length);
    loaded.counts.set(encoding, counts);
  }
  const offset = createRng(JSON.stringify(["dataset-offset", seed, scenario.name, cellLabel])).int(rows.length);
  const items = [];
  for (let i = 0; i < count; i++) {
    const index = (offset + i) % rows.length;
    const row = rows[index];
    let inputTokens = counts[index];
    if (inputTokens === void 0) {
      inputTokens = tok.count(row.prompt);
      counts[index] = inputTokens;
    }
    const maxTokens = row.maxTokens ?? (scenario.outputTokens === null ? null : requestLength(scenario.outputTokens, seed, scenario.name, "output", i));
    if (maxTokens === null) throw new DatasetError(`${file}:${row.line}: the row has no max_tokens and the scenario no output_tokens`);
    const item = { prompt: row.prompt, inputTokens, maxTokens };
    if (row.messages !== null) item.messages = row.messages;
    items.push(item);
  }
  return items;
}

// src/workload/synth.ts
var WORD = /^ [a-z]{3,9}$/;
var wordLists = /* @__PURE__ */ new Map();
function synthesisWords(enc) {
  let pending = wordLists.get(enc);
  if (pending === void 0) {
    pending = getTokenizer(enc).then(buildWordList);
    pending.catch(() => {
      if (wordLists.get(enc) === pending) wordLists.delete(enc);
    });
    wordLists.set(enc, pending);
  }
  return pending;
}
function buildWordList(tok) {
  const words = [];
  for (let id = 0; id < tok.vocabularySize; id++) {
    let text;
    try {
      text = tok.decode([id]);
    } catch {
      continue;
    }
    if (!WORD.test(text)) continue;
    if (tok.encode(text).length !== 1) continue;
    const bare = text.slice(1);
    if (tok.encode(bare).length !== 1) continue;
    words.push(bare);
  }
  words.sort();
  const unique = words.filter((w, i) => i === 0 || words[i - 1] !== w);
  if (unique.length < 256) {
    throw new Error(`${tok.encoding}: only ${unique.length} single-token words found; cannot synthesise prompts`);
  }
  return Object.freeze(unique);
}
function drawWords(rng, words, count, into) {
  for (let i = 0; i < count; i++) into.push(words[rng.int(words.length)]);
}
function prefixSeed(seed, scenario) {
  return JSON.stringify(["synth-prefix", seed, scenario]);
}
function requestSeed(seed, scenario, cell2, index) {
  return JSON.stringify(["synth-request", seed, scenario, cell2, index]);
}
var MAX_REPAIRS = 16;
function buildPrompt(tok, words, prefix, rng, n) {
  if (n === 0) return "";
  const parts = prefix.slice(0, n);
  drawWords(rng, words, n - parts.length, parts);
  for (let attempt = 0; ; attempt++) {
    const prompt = parts.join(" ");
    const got = tok.count(prompt);
    if (got === n) return prompt;
    if (attempt >= MAX_REPAIRS) {
      throw new Error(`${tok.encoding}: could not synthesise a prompt of exactly ${n} tokens (last attempt had ${got})`);
    }
    if (got < n) {
      drawWords(rng, words, n - got, parts);
    } else {
      const drop = Math.min(got - n, parts.length - 1);
      if (drop === 0) {
        throw new Error(`${tok.encoding}: could not synthesise a prompt of exactly ${n} tokens (one word is ${got})`);
      }
      parts.length -= drop;
    }
  }
}
async function synthesizeItems(args) {
  const { seed, encoding, scenario, cellLabel, count } = args;
  const input = scenario.inputTokens;
  const output = scenario.outputTokens;
  if (input === null) throw new Error(`scenario '${scenario.name}': no input_tokens and no dataset; nothing to send`);
  if (output === null) throw new Error(`scenario '${scenario.name}': no output_tokens`);
  if (typeof input === "number" && (!Number.isInteger(input) || input < 0)) throw new Error(`scenario '${scenario.name}': input tokens must be a non-negative integer, got ${input}`);
  if (!Number.isInteger(count) || count < 0) throw new Error(`request count must be a non-negative integer, got ${count}`);
  const tok = await getTokenizer(encoding);
  const words = await synthesisWords(encoding);
  const prefix = [];
  drawWords(createRng(prefixSeed(seed, scenario.name)), words, Math.max(0, scenario.sharedPrefixTokens), prefix);
  const items = [];
  for (let i = 0; i < count; i++) {
    const n = requestLength(input, seed, scenario.name, "input", i);
    const shared = Math.min(prefix.length, n);
    const rng = createRng(requestSeed(seed, scenario.name, cellLabel, i));
    const prompt = buildPrompt(tok, words, shared === prefix.length ? prefix : prefix.slice(0, shared), rng, n);
    items.push({ prompt, inputTokens: n, maxTokens: requestLength(output, seed, scenario.name, "output", i) });
  }
  return items;
}

// src/workload/trace.ts
import { createHash } from "node:crypto";
var MAX_TRACE_TOKENS = 1e6;
var MAX_TRACE_REQUESTS = 1e7;
function isRecord2(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function tokenCount(value, where, field) {
  if (value === void 0) throw new DatasetError(`${where}: "${field}" is missing`);
  if (typeof value !== "number" || !Number.isSafeInteger(value)) throw new DatasetError(`${where}: "${field}" must be an integer, got ${describe(value)}`);
  if (value < 1) throw new DatasetError(`${where}: "${field}" is ${value}; a request needs at least 1 token`);
  if (value > MAX_TRACE_TOKENS) throw new DatasetError(`${where}: "${field}" is ${value}, more than the ${MAX_TRACE_TOKENS} tokens a request may have`);
  return value;
}
function inOrder(rows, where, atMs) {
  const prev = rows[rows.length - 1];
  if (prev !== void 0 && atMs < prev.atMs) {
    throw new DatasetError(`${where}: timestamp ${atMs} ms is before the previous request's (${prev.atMs} ms, line ${prev.line}); a trace must be in time order`);
  }
  if (rows.length >= MAX_TRACE_REQUESTS) throw new DatasetError(`${where}: more than ${MAX_TRACE_REQUESTS} requests in one trace`);
}
function lines(text) {
  const out = text.split(/\r?\n/);
  if (out[0]?.startsWith("\uFEFF")) out[0] = out[0].slice(1);
  return out;
}
function parseMooncake(text, file, blockTokens) {
  const rows = [];
  const all = lines(text);
  let first = null;
  for (let i = 0; i < all.length; i++) {
    const raw = all[i];
    if (raw.trim() === "") continue;
    const where = `${file}:${i + 1}`;
    let value;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      throw new DatasetError(`${where}: invalid JSON${jsonProblem(err)}`);
    }
    if (!isRecord2(value)) throw new DatasetError(`${where}: each line must be a JSON object, got ${describe(value)}`);
    const ts = value.timestamp;
    if (ts === void 0) throw new DatasetError(`${where}: "timestamp" is missing`);
    if (typeof ts !== "number" || !Number.isFinite(ts) || ts < 0) throw new DatasetError(`${where}: "timestamp" must be a number of ms >= 0, got ${describe(ts)}`);
    const inputTokens = tokenCount(value.input_length, where, "input_length");
    const outputTokens = tokenCount(value.output_length, where, "output_length");
    const ids = value.hash_ids;
    if (ids === void 0) throw new DatasetError(`${where}: "hash_ids" is missing (give [] for a prompt that shares nothing)`);
    if (!Array.isArray(ids)) throw new DatasetError(`${where}: "hash_ids" must be a list of integers, got ${describe(ids)}`);
    ids.forEach((id, k) => {
      if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 0) throw new DatasetError(`${where}: hash_ids[${k}] must be an integer >= 0, got ${describe(id)}`);
    });
    const blocks = Math.ceil(inputTokens / blockTokens);
    if (ids.length > blocks) {
      throw new DatasetError(`${where}: ${ids.length} hash_ids, but input_length ${inputTokens} fills only ${blocks} block${blocks === 1 ? "" : "s"} of ${blockTokens} tokens (trace.block_tokens)`);
    }
    first ??= ts;
    const atMs = ts - first;
    inOrder(rows, where, atMs);
    rows.push({ line: i + 1, atMs, inputTokens, outputTokens, hashIds: ids });
  }
  if (rows.length === 0) throw new DatasetError(`${file}: trace is empty (no non-blank lines)`);
  return rows;
}
var DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?$/;
function dateTimeMs(text) {
  const m = DATE_TIME.exec(text);
  if (m === null) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(ms) || Number(mo) > 12 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return null;
  if (frac !== void 0) ms += Number(`0.${frac}`) * 1e3;
  if (zone !== void 0 && zone !== "Z") {
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
    ms -= (z[1] === "-" ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3])) * 6e4;
  }
  return ms;
}
function cell(raw) {
  const t = raw.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}
function parseAzureCsv(text, file) {
  const all = lines(text);
  let header = -1;
  for (let i = 0; i < all.length; i++) {
    if (all[i].trim() !== "") {
      header = i;
      break;
    }
  }
  if (header < 0) throw new DatasetError(`${file}: trace is empty (no header line)`);
  const names = all[header].split(",").map((n) => cell(n).toLowerCase());
  const col = (name) => names.indexOf(name);
  const timeCols = ["timestamp", "timestamp_s", "timestamp_ms"].filter((n) => col(n) >= 0);
  const where0 = `${file}:${header + 1}`;
  if (timeCols.length !== 1) {
    throw new DatasetError(`${where0}: the header must name one time column: TIMESTAMP (a date-time), timestamp_s or timestamp_ms${timeCols.length > 1 ? `, not ${timeCols.length}` : ""}`);
  }
  const timeCol = timeCols[0];
  const at = { time: col(timeCol), context: col("contexttokens"), generated: col("generatedtokens") };
  if (at.context < 0) throw new DatasetError(`${where0}: the header has no ContextTokens column`);
  if (at.generated < 0) throw new DatasetError(`${where0}: the header has no GeneratedTokens column`);
  const rows = [];
  let first = null;
  for (let i = header + 1; i < all.length; i++) {
    const raw = all[i];
    if (raw.trim() === "") continue;
    const where = `${file}:${i + 1}`;
    const fields = raw.split(",");
    if (fields.length !== names.length) throw new DatasetError(`${where}: ${fields.length} fields, but the header names ${names.length}`);
    const timeText = cell(fields[at.time]);
    let t;
    if (timeCol === "timestamp") {
      t = dateTimeMs(timeText);
      if (t === null) {
        const hint = /^\d+(\.\d+)?$/.test(timeText) ? " (a number: name the column timestamp_s or timestamp_ms)" : "";
        throw new DatasetError(`${where}: TIMESTAMP must be a date-time such as 2023-11-16 18:15:46.6805900${hint}`);
      }
    } else {
      const n = timeText === "" ? NaN : Number(timeText);
      if (!Number.isFinite(n) || n < 0) throw new DatasetError(`${where}: ${timeCol} must be a number >= 0${timeText === "" ? " (it is empty)" : ""}`);
      t = timeCol === "timestamp_s" ? n * 1e3 : n;
    }
    const count = (k, field) => {
      const s = cell(fields[at[k]]);
      return tokenCount(s === "" ? void 0 : /^-?\d+$/.test(s) ? Number(s) : s, where, field);
    };
    const inputTokens = count("context", "ContextTokens");
    const outputTokens = count("generated", "GeneratedTokens");
    first ??= t;
    const atMs = t - first;
    inOrder(rows, where, atMs);
    rows.push({ line: i + 1, atMs, inputTokens, outputTokens, hashIds: null });
  }
  if (rows.length === 0) throw new DatasetError(`${file}: trace has a header but no requests`);
  return rows;
}
function windowTrace(rows, plan) {
  const end2 = plan.durationMs === null ? Infinity : plan.startMs + plan.durationMs;
  const kept = [];
  for (const r of rows) {
    if (r.atMs < plan.startMs) continue;
    if (r.atMs >= end2 || plan.maxRequests !== null && kept.length >= plan.maxRequests) break;
    kept.push(r);
  }
  const zero = kept[0]?.atMs ?? 0;
  return kept.map((r) => ({ ...r, atMs: (r.atMs - zero) * plan.timeScale }));
}
async function readTrace(plan) {
  const bytes = await readBounded(plan.file, "trace");
  const text = bytes.toString("utf8");
  const rows = plan.format === "mooncake" ? parseMooncake(text, plan.file, plan.blockTokens) : parseAzureCsv(text, plan.file);
  const requests = windowTrace(rows, plan);
  if (requests.length === 0) throw new DatasetError(`${plan.file}: no request of the trace falls in the window (trace.start_s, trace.duration_s)`);
  return { requests, sha256: createHash("sha256").update(bytes).digest("hex") };
}
async function traceItems(args) {
  const { requests, blockTokens, seed, encoding, scenario, cellLabel } = args;
  const tok = await getTokenizer(encoding);
  const words = await synthesisWords(encoding);
  const blocks = /* @__PURE__ */ new Map();
  const block = (id) => {
    let b = blocks.get(id);
    if (b === void 0) {
      const rng = createRng(JSON.stringify(["trace-block", seed, scenario.name, cellLabel, id]));
      b = Array.from({ length: blockTokens }, () => words[rng.int(words.length)]);
      blocks.set(id, b);
    }
    return b;
  };
  return requests.map((r, i) => {
    const prefix = [];
    for (const [j, id] of (r.hashIds ?? []).entries()) {
      const take = Math.min(blockTokens, r.inputTokens - j * blockTokens);
      const b = block(id);
      for (let k = 0; k < take; k++) prefix.push(b[k]);
    }
    const rng = createRng(JSON.stringify(["trace-request", seed, scenario.name, cellLabel, i]));
    return { prompt: buildPrompt(tok, words, prefix, rng, r.inputTokens), inputTokens: r.inputTokens, maxTokens: r.outputTokens, atMs: r.atMs };
  });
}

// src/workload/index.ts
var traces = /* @__PURE__ */ new WeakMap();
function scenarioTrace(trace) {
  let pending = traces.get(trace);
  if (pending === void 0) {
    pending = readTrace(trace);
    pending.catch(() => traces.delete(trace));
    traces.set(trace, pending);
  }
  return pending;
}
function traceLoad(items) {
  const span = items.length > 1 ? (items[items.length - 1].atMs ?? 0) - (items[0].atMs ?? 0) : 0;
  const rate = items.length <= 1 ? 1 : (items.length - 1) / (Math.max(span, 1) / 1e3);
  return { kind: "rate", label: TRACE_LOAD_LABEL, rate: Math.round(rate * 1e3) / 1e3 || 1e-3, arrival: "trace", burstiness: 1, maxConcurrency: null };
}
var TRACE_LOAD_LABEL = "trace";
function lengthsOf(items) {
  const output = summariseLengths(items.map((i) => i.maxTokens));
  if (output === null) return null;
  return { input_tokens: summariseLengths(items.map((i) => i.inputTokens)), output_tokens: output };
}
async function buildCellWorkload(plan, scenario, load, count, trial = 0) {
  const cellLabel = trial === 0 ? load.label : `${load.label}#${trial + 1}`;
  const common = { seed: plan.seed, encoding: plan.encoding, scenario, cellLabel, count };
  if (scenario.trace != null) {
    const { requests } = await scenarioTrace(scenario.trace);
    return traceItems({ requests, blockTokens: scenario.trace.blockTokens, seed: plan.seed, encoding: plan.encoding, scenario, cellLabel });
  }
  if (scenario.dataset !== null) return datasetItems({ ...common, file: scenario.dataset });
  return synthesizeItems(common);
}
function workloadHash(items) {
  const hash = createHash2("sha256");
  hash.update("llm-perf-gate/workload/v1\n");
  for (const { cell: cell2, items: cellItems } of items) {
    hash.update(`${JSON.stringify(["cell", cell2, cellItems.length])}
`);
    for (const item of cellItems) {
      const messages = item.messages === void 0 ? null : item.messages.map((m) => [m.role, m.content]);
      const row = item.atMs === void 0 ? [item.prompt, messages, item.maxTokens] : [item.prompt, messages, item.maxTokens, item.atMs];
      hash.update(`${JSON.stringify(row)}
`);
    }
  }
  return hash.digest("hex");
}

// src/metrics/cell.ts
var MAX_ERROR_EXAMPLES = 3;
var MAX_PROMPT_TOKENS = 1e8;
function trustedCounts(r) {
  const nIn = r.nIn ?? 0;
  const nOut = r.nOut ?? 0;
  if (r.tokenSource !== "server") return { nIn, nOut, refused: false };
  const outOk = Number.isSafeInteger(nOut) && nOut >= 0 && nOut <= Math.max(r.maxTokens, r.outputEvents);
  const inOk = Number.isSafeInteger(nIn) && nIn >= 0 && nIn <= MAX_PROMPT_TOKENS;
  if (outOk && inOk) return { nIn, nOut, refused: false };
  return { nIn: inOk ? nIn : 0, nOut: outOk ? nOut : Math.min(r.outputEvents, r.maxTokens), refused: true };
}
var r3 = (x) => Math.round(x * 1e3) / 1e3;
var r6 = (x) => Math.round(x * 1e6) / 1e6;
function isGood(r, slos, queuedTtft, queuedE2e, tpot) {
  if (slos.ttftMs !== null && queuedTtft > slos.ttftMs) return false;
  if (slos.e2eMs !== null && queuedE2e > slos.e2eMs) return false;
  if (slos.tpotMs !== null && tpot !== null && tpot > slos.tpotMs) return false;
  return r.failure === null;
}
function hasSlos(slos) {
  return slos.ttftMs !== null || slos.tpotMs !== null || slos.e2eMs !== null;
}
function windowOf(measured) {
  let start = Infinity;
  let end2 = -Infinity;
  for (const r of measured) {
    if (r.tSend < start) start = r.tSend;
    if (r.tDone > end2) end2 = r.tDone;
  }
  return measured.length > 0 ? end2 - start : 0;
}
function computeCellMetrics(groups, slos, notSent) {
  const measuredGroups = groups.map((g) => g.filter((r) => !r.warmup && !r.cancelled));
  const measured = measuredGroups.flat();
  const records = groups.flat();
  const ok = measured.filter((r) => r.failure === null);
  const failed = measured.length - ok.length;
  const windowMs = measuredGroups.reduce((sum, g) => sum + windowOf(g), 0);
  const windowS = windowMs / 1e3;
  const perS = (x) => windowS > 0 ? r6(x / windowS) : 0;
  const samples = { ttft_ms: [], queued_ttft_ms: [], e2e_ms: [], tpot_ms: [], n_in: [], n_out: [] };
  const tpots = [];
  const itl = [];
  const queuedE2e = [];
  const userTps = [];
  let sumIn = 0;
  let sumOut = 0;
  let sumRequested = 0;
  let honoured = 0;
  let events = 0;
  let good = 0;
  const sources = { server: 0, client: 0 };
  let refused = 0;
  const slosSet = hasSlos(slos);
  for (const r of ok) {
    const { nIn, nOut, refused: untrusted } = trustedCounts(r);
    sumIn += nIn;
    sumOut += nOut;
    sumRequested += r.maxTokens;
    if (nOut === r.maxTokens) honoured++;
    events += r.outputEvents;
    if (untrusted) {
      refused++;
      sources.client++;
    } else if (r.tokenSource) sources[r.tokenSource]++;
    samples.n_in.push(nIn);
    samples.n_out.push(nOut);
    const e2e = r.tDone - r.tSend;
    const qe2e = r.tDone - r.tSched;
    samples.e2e_ms.push(r3(e2e));
    queuedE2e.push(qe2e);
    let tpot = null;
    let qttft = qe2e;
    if (r.tFirst !== null && r.tLast !== null) {
      samples.ttft_ms.push(r3(r.tFirst - r.tSend));
      qttft = r.tFirst - r.tSched;
      samples.queued_ttft_ms.push(r3(qttft));
      if (nOut >= 2) {
        tpot = (r.tLast - r.tFirst) / (nOut - 1);
        tpots.push(tpot);
      }
      const streaming = r.tDone - r.tFirst;
      if (streaming > 0 && nOut > 0) userTps.push(nOut / (streaming / 1e3));
      itl.push(r);
    }
    samples.tpot_ms.push(tpot === null ? null : r3(tpot));
    if (slosSet && isGood(r, slos, qttft, qe2e, tpot)) good++;
  }
  const errors = {};
  for (const r of measured) {
    if (r.failure === null) continue;
    const e = errors[r.failure] ??= { count: 0, examples: [] };
    e.count++;
    const msg = r.message ?? r.failure;
    if (e.examples.length < MAX_ERROR_EXAMPLES && !e.examples.includes(msg)) e.examples.push(msg);
  }
  let busy = 0;
  let maxConc = 0;
  let sendIntervals = 0;
  let sendSpanMs = 0;
  for (const g of measuredGroups) {
    const edges = [];
    for (const r of g) {
      edges.push([r.tSend, 1], [r.tDone, -1]);
      busy += r.tDone - r.tSend;
    }
    edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let cur = 0;
    for (const [, d] of edges) {
      cur += d;
      if (cur > maxConc) maxConc = cur;
    }
    if (g.length > 1) {
      const sends = g.map((r) => r.tSend).sort((a, b) => a - b);
      sendIntervals += sends.length - 1;
      sendSpanMs += sends[sends.length - 1] - sends[0];
    }
  }
  const n = ok.length;
  return {
    counts: {
      attempted: measured.length,
      completed: n,
      failed,
      warmup: records.filter((r) => r.warmup).length,
      not_sent: notSent,
      cancelled: records.filter((r) => r.cancelled).length
    },
    window_s: r6(windowS),
    rps: perS(n),
    input_tps: perS(sumIn),
    output_tps: perS(sumOut),
    total_tps: perS(sumIn + sumOut),
    error_rate: measured.length > 0 ? r6(failed / measured.length) : 0,
    goodput_rps: slosSet ? perS(good) : null,
    goodput_ratio: slosSet ? measured.length > 0 ? r6(good / measured.length) : 0 : null,
    ttft_ms: summarize(samples.ttft_ms, "ms"),
    queued_ttft_ms: summarize(samples.queued_ttft_ms, "ms"),
    tpot_ms: summarize(tpots, "ms"),
    itl_ms: summarizeGaps(itl),
    e2e_ms: summarize(samples.e2e_ms, "ms"),
    queued_e2e_ms: summarize(queuedE2e, "ms"),
    user_tps: summarize(userTps, "tok/s"),
    schedule_lag_ms: summarize(
      measured.map((r) => r.tSend - r.tSched),
      "ms"
    ),
    concurrency: { achieved_mean: windowMs > 0 ? r3(busy / windowMs) : 0, achieved_max: maxConc },
    offered_rps: sendSpanMs > 0 ? r6(sendIntervals / (sendSpanMs / 1e3)) : null,
    tokens: {
      input_mean: n > 0 ? r3(sumIn / n) : null,
      output_mean: n > 0 ? r3(sumOut / n) : null,
      output_requested_mean: n > 0 ? r3(sumRequested / n) : null,
      output_honoured: n > 0 ? r6(honoured / n) : null,
      tokens_per_chunk_mean: events > 0 ? r3(sumOut / events) : null,
      sources,
      ...refused > 0 ? { server_counts_refused: refused } : {}
    },
    errors,
    samples
  };
}

// src/capacity/load-adapter.ts
async function runLoadStep(target, load, items, warmup, maxDurationMs, seedMaterial, cancel) {
  const run2 = await runCell({
    load,
    count: items.length,
    warmup,
    maxDurationMs,
    seedMaterial,
    maxTokens: (i) => items[i].maxTokens,
    send: (i, signal) => target.client.stream(items[i], target.model, signal),
    cancel
  });
  return { records: run2.records, notSent: run2.notSent, stoppedBy: run2.stoppedBy };
}

// src/capacity/probe.ts
function loadPlanFor(p, arrival) {
  if (p.kind === "concurrency") return { kind: "concurrency", label: `c=${p.concurrency}`, concurrency: p.concurrency };
  const kind = arrival?.kind ?? "poisson";
  const label = `r=${p.rate}/s${kind === "gamma" ? `,gamma=${arrival.burstiness}` : ""}`;
  return { kind: "rate", label, rate: p.rate, arrival: kind, burstiness: arrival?.burstiness ?? 1, maxConcurrency: null };
}
function goodputSlos(slos) {
  const min = (keys) => {
    const bs = slos.filter((s) => s.def.dist !== null && keys.includes(s.def.dist.key)).map((s) => s.bound);
    return bs.length > 0 ? Math.min(...bs) : null;
  };
  return { ttftMs: min(["ttft_ms", "queued_ttft_ms"]), tpotMs: min(["tpot_ms"]), e2eMs: min(["e2e_ms", "queued_e2e_ms"]) };
}
function extraSamples(records) {
  const itl = [];
  const queuedE2e = [];
  const userTps = [];
  for (const r of records) {
    if (r.warmup || r.cancelled || r.failure !== null) continue;
    queuedE2e.push(r.tDone - r.tSched);
    if (r.tFirst === null) continue;
    for (const g of sampleGaps(r, EXACT_GAPS)) itl.push(g);
    const streaming = r.tDone - r.tFirst;
    if (streaming > 0 && (r.nOut ?? 0) > 0) userTps.push((r.nOut ?? 0) / (streaming / 1e3));
  }
  return { itl_ms: itl, queued_e2e_ms: queuedE2e, user_tps: userTps };
}
function createRealProbe(o) {
  let step = 0;
  return async (req) => {
    const load = loadPlanFor(req.load, o.arrival);
    const trial = step++;
    const items = await buildCellWorkload(o.plan, o.scenario, load, o.warmup + req.requests, trial);
    const run2 = await runLoadStep(o.target, load, items, o.warmup, Math.min(o.maxStepMs, req.maxDurationMs), `${o.plan.seed}|capacity|${o.scenario.name}|${trial}`, o.cancel);
    const m = computeCellMetrics([run2.records], o.goodput, run2.notSent);
    o.onStep?.(req.load, m);
    const { samples, ...detail } = m;
    return {
      samples: {
        ttft_ms: samples.ttft_ms,
        queued_ttft_ms: samples.queued_ttft_ms,
        e2e_ms: samples.e2e_ms,
        tpot_ms: samples.tpot_ms.filter((x) => x !== null),
        ...extraSamples(run2.records)
      },
      rates: { rps: m.rps, input_tps: m.input_tps, output_tps: m.output_tps, total_tps: m.total_tps, goodput_rps: m.goodput_rps },
      attempted: m.counts.attempted,
      failed: m.counts.failed,
      windowS: m.window_s,
      detail
    };
  };
}

// src/capacity/search.ts
import { performance } from "node:perf_hooks";

// src/capacity/estimate.ts
var r32 = (x) => Math.round(x * 1e3) / 1e3;
function over(slo, y) {
  return slo.op === "<=" || slo.op === "<" ? y - slo.bound : slo.bound - y;
}
function crossing(xs, ys, slo, last) {
  let at = -1;
  for (let i = 0; i < xs.length; i++) {
    const beyond = over(slo, ys[i]) > 0;
    const prevBeyond = i > 0 && over(slo, ys[i - 1]) > 0;
    if (beyond && (i === 0 || !prevBeyond)) {
      at = i;
      if (!last) break;
    }
  }
  if (at === -1) return Infinity;
  if (at === 0) return xs[0];
  const a = over(slo, ys[at - 1]);
  const b = over(slo, ys[at]);
  if (!Number.isFinite(b) || !Number.isFinite(a)) return xs[at - 1];
  return xs[at - 1] + (0 - a) / (b - a) * (xs[at] - xs[at - 1]);
}
function along(points, x, pick) {
  const xs = points.map((p) => loadValue(p.load));
  if (x <= xs[0]) return pick(points[0]) * (xs[0] > 0 ? x / xs[0] : 1);
  for (let i = 1; i < xs.length; i++) {
    if (x <= xs[i]) return pick(points[i - 1]) + (x - xs[i - 1]) / (xs[i] - xs[i - 1]) * (pick(points[i]) - pick(points[i - 1]));
  }
  return pick(points[points.length - 1]);
}
function estimateFromCurve(points, slos) {
  const sorted = [...points].sort((a, b) => loadValue(a.load) - loadValue(b.load));
  const xs = sorted.map((p) => loadValue(p.load));
  let best = null;
  for (const slo of slos) {
    const js = sorted.map((p) => p.slos.find((j) => j.slo === slo.text));
    const upper = slo.op === "<=" || slo.op === "<";
    const pick = (f) => js.map((j) => j === void 0 ? Infinity : f(j) ?? (upper ? Infinity : -Infinity));
    const value = Math.min(crossing(xs, pick((j) => j.value), slo, false), xs[xs.length - 1]);
    const lo = Math.min(value, crossing(xs, pick((j) => upper ? j.hi : j.lo), slo, false));
    const hi = Math.max(value, crossing(xs, pick((j) => upper ? j.lo : j.hi), slo, true));
    if (best === null || value < best.load.value) best = { load: { value, lo, hi }, binding: slo.text };
    else if (lo < best.load.lo || hi < best.load.hi) best = { load: { value: best.load.value, lo: Math.min(lo, best.load.lo), hi: Math.min(hi, best.load.hi) }, binding: best.binding };
  }
  return best ?? { load: { value: 0, lo: 0, hi: Infinity }, binding: null };
}
function inUnit(points, est, pick) {
  const sorted = [...points].sort((a, b) => loadValue(a.load) - loadValue(b.load));
  const at = (x) => r32(along(sorted, x, pick));
  const value = at(est.value);
  const ends = Number.isFinite(est.hi) ? [at(est.lo), value, at(est.hi)] : [at(est.lo), value];
  return { value, lo: Math.min(...ends), hi: Number.isFinite(est.hi) ? Math.max(...ends) : null };
}
var pickRps = (p) => p.rps;
var pickOutputTps = (p) => p.output_tps;

// src/capacity/step.ts
function pool(a, b) {
  const samples = { ...a.samples };
  for (const [k, v] of Object.entries(b.samples)) {
    samples[k] = [...samples[k] ?? [], ...v];
  }
  const windowS = a.windowS + b.windowS;
  const rates = {};
  for (const k of /* @__PURE__ */ new Set([...Object.keys(a.rates), ...Object.keys(b.rates)])) {
    const x = a.rates[k];
    const y = b.rates[k];
    rates[k] = x == null || y == null || windowS <= 0 ? x ?? y ?? null : (x * a.windowS + y * b.windowS) / windowS;
  }
  return { samples, rates, attempted: a.attempted + b.attempted, failed: a.failed + b.failed, windowS };
}
async function measureLoad(o, load, role) {
  let pooled = null;
  const details = [];
  let runs = 0;
  let next = o.requests;
  for (; ; ) {
    if (!o.budget.left()) break;
    o.budget.spend();
    const out = await o.probe({ load, requests: next, maxDurationMs: o.budget.msLeft(), extension: runs });
    runs++;
    if (out.detail !== void 0) details.push(out.detail);
    pooled = pooled === null ? out : pool(pooled, out);
    const verdict2 = combine(o.slos.map((s) => judgeSlo(s, pooled, o.level)));
    next = Math.min(pooled.attempted, o.maxRequests - pooled.attempted);
    if (verdict2 !== "undecided" || next <= 0) break;
  }
  if (pooled === null) return null;
  const judged = o.slos.map((s) => judgeSlo(s, pooled, o.level));
  const verdict = combine(judged);
  const pointsMeet = judged.every((j, i) => j.value !== null && holds(j.value, o.slos[i].op, o.slos[i].bound));
  return {
    role,
    load,
    requests: pooled.attempted,
    runs,
    verdict,
    leaning: verdict === "undecided" ? pointsMeet ? "pass" : "fail" : verdict,
    slos: judged,
    rps: pooled.rates.rps ?? 0,
    output_tps: pooled.rates.output_tps ?? 0,
    goodput_rps: pooled.rates.goodput_rps ?? null,
    error_rate: pooled.attempted > 0 ? pooled.failed / pooled.attempted : 0,
    ...details.length > 0 ? { detail: details } : {}
  };
}

// src/capacity/search.ts
function refuseBadOptions(o) {
  const [p] = searchOptionProblems(o);
  if (p !== void 0) throw new RangeError(`capacity.${p.field}: ${p.reason}, got ${JSON.stringify(p.value)}`);
}
function stepRequestsFor(slos, level) {
  return Math.max(50, 2 * Math.max(...slos.map((s) => minRequestsFor(s, level))));
}
var r33 = (x) => Math.round(x * 1e3) / 1e3;
async function searchCapacity(o) {
  refuseBadOptions(o);
  const slos = parseCapacitySlos(o.slos);
  const level = o.level ?? 0.95;
  const resolution = o.resolution ?? 0.05;
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  const maxSteps = o.budget?.maxSteps ?? 40;
  const maxMs = o.budget?.maxDurationMs ?? Infinity;
  let steps = 0;
  const budget = {
    left: () => steps < maxSteps && now() - t0 < maxMs,
    msLeft: () => Math.max(0, maxMs - (now() - t0)),
    spend: () => void steps++
  };
  const requests = o.requestsPerStep ?? stepRequestsFor(slos, level);
  const step = { probe: o.probe, slos, level, requests, maxRequests: o.maxRequestsPerStep ?? 4 * requests, budget };
  const points = [];
  const at = (x2) => o.mode === "rate" ? { kind: "rate", rate: r33(x2) } : { kind: "concurrency", concurrency: Math.round(x2) };
  const measure2 = async (load, role) => {
    const p = await measureLoad(step, load, role);
    if (p !== null) {
      points.push(p);
      o.onPoint?.(p);
    }
    return p;
  };
  const { min, max } = o.range;
  let pass = null;
  let fail = null;
  let outOfBudget = false;
  let guess = min;
  let growth = 2;
  if (o.mode === "rate" && o.saturationConcurrency !== null) {
    const sat = await measure2({ kind: "concurrency", concurrency: o.saturationConcurrency ?? 64 }, "saturation");
    if (sat === null) outOfBudget = true;
    else if (sat.rps > 0) {
      guess = Math.min(max, Math.max(min, 0.8 * sat.rps));
      growth = 1.25;
    }
  }
  let x = guess;
  while (!outOfBudget) {
    const p = await measure2(at(x), "search");
    if (p === null) {
      outOfBudget = true;
      break;
    }
    if (p.leaning === "pass") {
      pass = p;
      if (fail !== null || x >= max) break;
      x = Math.min(max, x * growth);
    } else {
      fail = p;
      if (pass !== null || x <= min) break;
      x = Math.max(min, x / 2);
    }
    if (o.mode === "concurrency" && Math.round(x) === loadValue((fail ?? pass).load)) break;
  }
  const narrow = () => {
    if (pass === null || fail === null) return true;
    const lo = loadValue(pass.load);
    const hi = loadValue(fail.load);
    return o.mode === "concurrency" ? hi - lo <= Math.max(1, resolution * lo) : (hi - lo) / lo <= resolution;
  };
  while (!outOfBudget && !narrow()) {
    const lo = loadValue(pass.load);
    const hi = loadValue(fail.load);
    const p = await measure2(at(o.mode === "concurrency" ? Math.floor((lo + hi) / 2) : (lo + hi) / 2), "search");
    if (p === null) outOfBudget = true;
    else if (p.leaning === "pass") pass = p;
    else fail = p;
  }
  return summarise(o.mode, slos, level, resolution, { pass, fail, points, steps, elapsedMs: now() - t0, outOfBudget, min, max });
}
var end = (x) => x === null || !Number.isFinite(x) ? "\u221E" : String(r33(x));
function describe2(p) {
  const bad = p.slos.filter((j) => j.verdict !== "pass").map((j) => `${j.slo}: ${j.value === null ? "no data" : `${r33(j.value)} (interval ${end(j.lo)}-${end(j.hi)})`}`);
  return `${p.verdict} at ${loadValue(p.load)}${bad.length > 0 ? ` (${bad.join("; ")})` : ""}`;
}
function summarise(mode, slos, level, resolution, e) {
  const { pass, fail } = e;
  let status;
  let reason2;
  if (pass === null && fail !== null && loadValue(fail.load) <= e.min) {
    status = "below-range";
    reason2 = `even the lowest load misses the SLO: ${describe2(fail)}`;
  } else if (pass !== null && fail === null && loadValue(pass.load) >= e.max) {
    status = "above-range";
    reason2 = `the highest load of the range still meets every SLO (${loadValue(pass.load)}): capacity is at least that`;
  } else if (e.outOfBudget || pass === null || fail === null) {
    status = "budget";
    reason2 = `the budget ran out after ${e.steps} runs with the bracket [${pass === null ? "none" : loadValue(pass.load)}, ${fail === null ? "none" : loadValue(fail.load)}]`;
  } else {
    status = "found";
    const passWord = pass.verdict === "pass" ? "passes" : "leans to pass (undecided)";
    reason2 = `bracket within ${Math.round(resolution * 100)}%: ${passWord} at ${loadValue(pass.load)}, ${describe2(fail)}`;
  }
  const curve = e.points.filter((p) => p.role === "search");
  let capacity = { value: 0, lo: 0, hi: 0 };
  let capacityRps = capacity;
  let capacityTps = capacity;
  let binding = null;
  if (curve.length > 0) {
    const est = estimateFromCurve(curve, slos);
    binding = est.binding;
    const zero = pass === null;
    const load = zero ? { value: 0, lo: 0, hi: est.load.value } : est.load;
    capacity = { value: r33(load.value), lo: r33(load.lo), hi: Number.isFinite(load.hi) ? r33(load.hi) : null };
    if (mode === "rate" && !zero) {
      const perRequest = pass.rps > 0 ? pass.output_tps / pass.rps : 0;
      const scale = (e2) => ({ value: r33(e2.value * perRequest), lo: r33(e2.lo * perRequest), hi: e2.hi === null ? null : r33(e2.hi * perRequest) });
      capacityRps = capacity;
      capacityTps = scale(capacity);
    } else {
      capacityRps = zero ? { value: 0, lo: 0, hi: inUnit(curve, est.load, pickRps).value } : inUnit(curve, load, pickRps);
      capacityTps = zero ? { value: 0, lo: 0, hi: inUnit(curve, est.load, pickOutputTps).value } : inUnit(curve, load, pickOutputTps);
    }
  }
  return {
    mode,
    slos: slos.map((s) => s.text),
    level,
    resolution,
    status,
    reason: reason2,
    bracket: { lastPass: pass === null ? null : loadValue(pass.load), firstFail: fail === null ? null : loadValue(fail.load), undecided: [pass, fail].filter((p) => p?.verdict === "undecided").map((p) => loadValue(p.load)) },
    capacity,
    capacity_rps: capacityRps,
    capacity_output_tps: capacityTps,
    binding,
    atCapacity: pass === null ? null : { rps: pass.rps, output_tps: pass.output_tps, goodput_rps: pass.goodput_rps, error_rate: pass.error_rate },
    points: e.points,
    steps: e.steps,
    elapsedMs: Math.round(e.elapsedMs)
  };
}

// src/capacity/sweep.ts
import { performance as performance2 } from "node:perf_hooks";
function kneedle(xs, ys) {
  const n = xs.length;
  if (n < 3) return null;
  const [x0, x1] = [xs[0], xs[n - 1]];
  const yMin = Math.min(...ys);
  const yMax = Math.max(...ys);
  if (!(x1 > x0) || !(yMax > yMin) || !ys.every(Number.isFinite)) return null;
  let best = -1;
  let bestD = 0;
  for (let i = 1; i < n - 1; i++) {
    const d = (xs[i] - x0) / (x1 - x0) - (ys[i] - yMin) / (yMax - yMin);
    if (d > bestD) {
      bestD = d;
      best = i;
    }
  }
  return best === -1 ? null : best;
}
async function sweepLoads(o) {
  if (o.loads.length === 0) throw new RangeError("capacity sweep: loads must list at least one load");
  for (const x of o.loads) {
    if (!(x > 0) || o.mode === "concurrency" && !Number.isInteger(x)) throw new RangeError(`capacity sweep: each load must be ${o.mode === "concurrency" ? "an integer >= 1" : "> 0"}, got ${x}`);
  }
  const slos = parseCapacitySlos(o.slos);
  const level = o.level ?? 0.95;
  const now = o.now ?? (() => performance2.now());
  const t0 = now();
  const maxMs = o.budget?.maxDurationMs ?? Infinity;
  const budget = { left: () => now() - t0 < maxMs, msLeft: () => Math.max(0, maxMs - (now() - t0)), spend: () => {
  } };
  const requests = o.requestsPerStep ?? stepRequestsFor(slos, level);
  const step = { probe: o.probe, slos, level, requests, maxRequests: o.maxRequestsPerStep ?? 4 * requests, budget };
  const points = [];
  const skipped = [];
  for (const x of [...o.loads].sort((a, b) => a - b)) {
    const load = o.mode === "rate" ? { kind: "rate", rate: x } : { kind: "concurrency", concurrency: x };
    const p = await measureLoad(step, load, "sweep");
    if (p === null) skipped.push(x);
    else {
      points.push(p);
      o.onPoint?.(p);
    }
  }
  const first = slos[0].text;
  const ys = points.map((p) => p.slos.find((j) => j.slo === first)?.value ?? NaN);
  const k = kneedle(points.map((p) => loadValue(p.load)), ys);
  return { mode: o.mode, slos: slos.map((s) => s.text), points, knee: k === null ? null : { load: loadValue(points[k].load), index: k, slo: first }, skipped };
}

// src/run/capacity-cells.ts
function capacityConnections(plan, matrix) {
  let most = matrix;
  for (const c of plan.config.capacity ?? []) {
    if (c.mode === "rate") return null;
    const top = Math.max(c.range?.max ?? 1, ...c.sweep ?? []);
    if (most !== null) most = Math.max(most, Math.ceil(top));
  }
  return most;
}
var r34 = (x) => Math.round(x * 1e3) / 1e3;
function pointLine(p) {
  const load = p.role === "saturation" ? `saturation probe at c=${loadValue(p.load)}` : `${p.load.kind === "rate" ? "rate" : "concurrency"} ${loadValue(p.load)}`;
  const slos = p.slos.map((j) => `${j.slo}: ${j.value === null ? "no data" : r34(j.value)}`).join("; ");
  return `${load}: ${p.verdict}${p.verdict === "undecided" ? ` (leans ${p.leaning})` : ""} after ${p.requests} requests, ${r34(p.rps)} req/s (${slos})`;
}
async function capacityWorkloadHash(plan, scenario, id, count) {
  const items = await buildCellWorkload(plan, scenario, { kind: "concurrency", label: "capacity", concurrency: 1 }, count, 0);
  return workloadHash([{ cell: id, items }]);
}
async function runCapacityCells(o, sides) {
  const { plan } = o;
  for (const entry of plan.config.capacity ?? []) {
    const scenario = plan.scenarios.find((s) => s.name === entry.scenario);
    if (scenario === void 0) throw new Error(`capacity cell names scenario '${entry.scenario}', which the plan does not have`);
    const slos = parseCapacitySlos(entry.slo);
    const requests = entry.requests_per_step ?? stepRequestsFor(slos, plan.gate.confidence);
    const warmup = entry.warmup ?? (plan.limits.warmup === "auto" ? DEFAULTS.warmup : plan.limits.warmup);
    const id = capacityCellId(entry);
    const hash = await capacityWorkloadHash(plan, scenario, id, warmup + requests);
    for (const side of sides) {
      if (o.signal.aborted) return;
      await runOne(o, side, entry, scenario, { id, hash, requests, warmup });
    }
  }
}
async function runOne(o, side, entry, scenario, c) {
  const { plan } = o;
  const cell2 = {
    id: c.id,
    kind: "capacity",
    scenario: { name: scenario.name, input_tokens: scenario.inputTokens, output_tokens: scenario.outputTokens, shared_prefix_tokens: scenario.sharedPrefixTokens, dataset: plan.config.scenarios.find((s) => s.name === scenario.name)?.dataset ?? null },
    mode: entry.mode,
    slo: [...entry.slo],
    status: "running",
    workload_hash: c.hash,
    started_at: (/* @__PURE__ */ new Date()).toISOString(),
    duration_s: 0,
    points: [],
    search: null,
    sweep: null
  };
  const cells = side.doc.capacity ??= [];
  const at = cells.findIndex((x) => x.id === c.id);
  if (at >= 0) cells[at] = cell2;
  else cells.push(cell2);
  const clock = o.clock ?? systemClock;
  const t0 = clock.now();
  const tag = `${side.label}${c.id}`;
  o.progress?.info?.(`${tag}: ${entry.sweep === null ? "capacity search" : "sweep"} within ${entry.slo.join(", ")}, ${c.requests} requests per step`);
  let writing = writeResult(side.outPath, side.doc);
  const onPoint = (p) => {
    cell2.points.push(p);
    cell2.duration_s = Math.round(clock.now() - t0) / 1e3;
    o.progress?.info?.(`${tag}: ${pointLine(p)}`);
    writing = writing.then(() => writeResult(side.outPath, side.doc));
  };
  const probe = createRealProbe({
    plan,
    scenario,
    target: { client: side.client, model: side.model },
    goodput: goodputSlos(parseCapacitySlos(entry.slo)),
    warmup: c.warmup,
    maxStepMs: plan.limits.maxDurationS * 1e3,
    arrival: { kind: "poisson", burstiness: 1 },
    cancel: o.signal
  });
  const now = () => o.signal.aborted ? Infinity : clock.now();
  const common = { probe, slos: entry.slo, mode: entry.mode, level: plan.gate.confidence, requestsPerStep: c.requests, maxRequestsPerStep: entry.max_requests_per_step ?? void 0, now, onPoint };
  if (entry.sweep === null) {
    const { points: _points, ...search } = await searchCapacity({
      ...common,
      range: entry.range,
      resolution: entry.resolution,
      budget: { maxSteps: entry.budget.max_steps, maxDurationMs: entry.budget.max_duration_s * 1e3 },
      saturationConcurrency: entry.saturation_concurrency
    });
    cell2.search = o.signal.aborted && search.status === "budget" ? { ...search, reason: search.reason.replace("the budget ran out", "the run was interrupted") } : search;
  } else {
    const { points: _points, ...sweep } = await sweepLoads({ ...common, loads: entry.sweep, budget: { maxDurationMs: entry.budget.max_duration_s * 1e3 } });
    cell2.sweep = sweep;
  }
  cell2.status = o.signal.aborted ? "interrupted" : "complete";
  cell2.duration_s = Math.round(clock.now() - t0) / 1e3;
  await writing;
  await writeResult(side.outPath, side.doc);
  o.progress?.note(`${side.label}${capacityTerminalLine(cell2)}`);
}

// src/telemetry/gpu-sampler.ts
import { spawn } from "node:child_process";

// src/telemetry/stat.ts
var r35 = (x) => Math.round(x * 1e3) / 1e3;
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
    return { mean: r35(this.sum / this.n), max: r35(this.peak), p95: r35(p95), samples: this.n };
  }
};

// src/telemetry/gpu-sampler.ts
var MAX_LINE = 1024;
var MAX_GPUS = 64;
var MAX_NAME = 128;
var START_BYTES = 256 * 1024;
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
function startGpuSampler(o = {}) {
  const intervalMs = Math.max(20, Math.round(o.intervalMs ?? 500));
  const silenceMs = o.silenceMs ?? Math.max(5 * intervalMs, 5e3);
  const graceMs = o.stopGraceMs ?? 1e3;
  const gpus = /* @__PURE__ */ new Map();
  let status = "ok";
  let message = null;
  let lines2 = 0;
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
      p = { name: g.name.slice(0, MAX_NAME), util: new Series(), mem: new Series(), memTotal: null, power: new Series(), sm: new Series(), memClock: new Series(), temp: new Series() };
      gpus.set(g.index, p);
    }
    lines2 += 1;
    p.util.add(g.utilization);
    p.mem.add(g.memoryUsed);
    p.memTotal = g.memoryTotal ?? p.memTotal;
    p.power.add(g.power);
    p.sm.add(g.smClock);
    p.memClock.add(g.memClock);
    p.temp.add(g.temperature);
  };
  const flood = () => {
    flooded = true;
    partial = "";
    if (status === "ok") {
      status = "died";
      message = `nvidia-smi printed ${received} bytes in ${Math.round(clock.now() - startedAt)} ms, more than ${MAX_GPUS} GPUs' readings could take; stopped after ${lines2} GPU readings`;
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
  child.once("exit", (code, signal) => {
    if (stopping || status !== "ok") return;
    const why = (stderr || partial || lastOther).trim().split("\n")[0]?.slice(0, 200) || (signal ? `signal ${signal}` : `exit code ${code}`);
    if (lines2 === 0) {
      status = "unavailable";
      message = `nvidia-smi: ${why}`;
    } else {
      status = "died";
      message = `nvidia-smi exited during the cell after ${lines2} GPU readings: ${why}`;
    }
  });
  const watchdog = setInterval(() => {
    if (stopping || status !== "ok" || child.exitCode !== null) return;
    if (clock.now() - lastLineAt > silenceMs) {
      status = "hung";
      message = `nvidia-smi printed nothing for ${silenceMs} ms (after ${lines2} GPU readings); stopped`;
      child.kill("SIGKILL");
    }
  }, Math.min(silenceMs, 1e3));
  watchdog.unref();
  return {
    async stop() {
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
        await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
      }
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.unref();
      if (status === "ok" && lines2 === 0) {
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
        sm_clock_mhz: p.sm.stat(),
        mem_clock_mhz: p.memClock.stat(),
        temperature_c: p.temp.stat()
      }));
      return { status, message: status === "absent" ? null : message, interval_ms: intervalMs, gpus: summaries };
    }
  };
}

// src/telemetry/merge.ts
function mergeStat(parts) {
  const s = parts.filter((p) => p !== null);
  if (s.length === 0) return null;
  const n = s.reduce((a, p) => a + p.samples, 0);
  return {
    mean: Math.round(s.reduce((a, p) => a + p.mean * p.samples, 0) / n * 1e3) / 1e3,
    max: Math.max(...s.map((p) => p.max)),
    p95: Math.max(...s.map((p) => p.p95)),
    samples: n
  };
}
var sumOrNull = (vs) => vs.every((v) => v === null) ? null : vs.reduce((a, v) => a + (v ?? 0), 0);
var STATUS_ORDER = ["hung", "died", "unavailable", "ok", "absent"];
function mergeGpus(parts) {
  const byIndex = /* @__PURE__ */ new Map();
  for (const p of parts) for (const g of p.gpu.gpus) byIndex.set(g.index, [...byIndex.get(g.index) ?? [], g]);
  return [...byIndex.entries()].sort((a, b) => a[0] - b[0]).slice(0, MAX_GPUS).map(([index, gs]) => ({
    index,
    name: gs[0].name,
    utilization_pct: mergeStat(gs.map((g) => g.utilization_pct)),
    memory_used_mib: mergeStat(gs.map((g) => g.memory_used_mib)),
    memory_total_mib: gs.find((g) => g.memory_total_mib !== null)?.memory_total_mib ?? null,
    power_w: mergeStat(gs.map((g) => g.power_w)),
    sm_clock_mhz: mergeStat(gs.map((g) => g.sm_clock_mhz)),
    mem_clock_mhz: mergeStat(gs.map((g) => g.mem_clock_mhz)),
    temperature_c: mergeStat(gs.map((g) => g.temperature_c))
  }));
}
function mergeEngine(parts) {
  if (parts.length === 0) return null;
  const last = parts[parts.length - 1];
  const checks = parts.map((p) => p.token_check).filter((c) => c !== null);
  const hits = parts.map((p) => p.prefix_cache_hit_rate !== null && p.prompt_tokens !== null ? [p.prefix_cache_hit_rate * p.prompt_tokens, p.prompt_tokens] : null);
  const weighted = hits.every((h) => h !== null) ? hits.reduce((a, h) => [a[0] + h[0], a[1] + h[1]], [0, 0]) : null;
  return {
    engine: last.engine,
    scrapes: parts.reduce((a, p) => a + p.scrapes, 0),
    failed_scrapes: parts.reduce((a, p) => a + p.failed_scrapes, 0),
    errors: parts.flatMap((p) => p.errors).slice(0, 3),
    running: mergeStat(parts.map((p) => p.running)),
    waiting: mergeStat(parts.map((p) => p.waiting)),
    kv_cache_usage: mergeStat(parts.map((p) => p.kv_cache_usage)),
    prefix_cache_hit_rate: weighted && weighted[1] > 0 ? Math.round(weighted[0] / weighted[1] * 1e4) / 1e4 : last.prefix_cache_hit_rate,
    preemptions: sumOrNull(parts.map((p) => p.preemptions)),
    prompt_tokens: sumOrNull(parts.map((p) => p.prompt_tokens)),
    cached_prompt_tokens: sumOrNull(parts.map((p) => p.cached_prompt_tokens)),
    generation_tokens: sumOrNull(parts.map((p) => p.generation_tokens)),
    token_check: checks.length === 0 ? null : {
      client_prompt: checks.reduce((a, c) => a + c.client_prompt, 0),
      client_completion: checks.reduce((a, c) => a + c.client_completion, 0),
      server_prompt: sumOrNull(checks.map((c) => c.server_prompt)),
      server_generation: sumOrNull(checks.map((c) => c.server_generation)),
      mismatches: checks.flatMap((c) => c.mismatches)
    },
    raw: last.raw,
    raw_dropped: last.raw_dropped
  };
}
function mergeTelemetry(parts) {
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0];
  const first = parts[0];
  const duration = parts.reduce((a, p) => a + p.duration_s, 0);
  const shares = parts.filter((p) => p.neighbours.others_cpu_share !== null);
  const shareDur = shares.reduce((a, p) => a + p.duration_s, 0);
  const share = shares.length === 0 || shareDur === 0 ? null : Math.round(shares.reduce((a, p) => a + p.neighbours.others_cpu_share * p.duration_s, 0) / shareDur * 1e3) / 1e3;
  const status = STATUS_ORDER.find((s) => parts.some((p) => p.gpu.status === s));
  const others2 = new Map(parts.flatMap((p) => p.gpu.other_processes).map((g) => [g.pid, g]));
  return {
    started_at: first.started_at,
    duration_s: Math.round(duration * 1e3) / 1e3,
    gpu: {
      status,
      message: parts.find((p) => p.gpu.status === status)?.gpu.message ?? null,
      interval_ms: first.gpu.interval_ms,
      gpus: mergeGpus(parts),
      other_processes: [...others2.values()]
    },
    engine: mergeEngine(parts.map((p) => p.engine).filter((e) => e !== null)),
    neighbours: {
      others_cpu_share: share,
      others_cores: share === null ? null : Math.round(share * first.neighbours.cpus * 100) / 100,
      cpus: first.neighbours.cpus,
      limit: first.neighbours.limit,
      flagged: parts.some((p) => p.neighbours.flagged),
      reasons: [...new Set(parts.flatMap((p) => p.neighbours.reasons))]
    }
  };
}

// src/run/saturation.ts
var DISPATCH_LAG_P99_LIMIT_MS = 10;
var OFFERED_RATE_MIN_SHARE = 0.95;
function assessClient(load, metrics, loopDelay, dispatchLagP99Ms, plannedRps) {
  const reasons = [];
  if (load.kind === "rate") {
    if (dispatchLagP99Ms !== null && dispatchLagP99Ms > DISPATCH_LAG_P99_LIMIT_MS) {
      reasons.push(`dispatch lag p99 ${dispatchLagP99Ms.toFixed(1)} ms > ${DISPATCH_LAG_P99_LIMIT_MS} ms`);
    }
    const offered = metrics.offered_rps;
    if (load.maxConcurrency === null && offered !== null && plannedRps !== null && offered < OFFERED_RATE_MIN_SHARE * plannedRps) {
      reasons.push(`offered ${offered.toFixed(2)} req/s < ${OFFERED_RATE_MIN_SHARE * 100}% of the ${plannedRps.toFixed(2)} req/s scheduled`);
    }
  }
  return {
    event_loop_delay_p99_ms: Math.round(loopDelay.p99Ms * 1e3) / 1e3,
    event_loop_delay_max_ms: Math.round(loopDelay.maxMs * 1e3) / 1e3,
    saturated: reasons.length > 0,
    reasons
  };
}

// src/run/cell-result.ts
var STATUS_RANK = { complete: 0, "duration-limit": 1, interrupted: 2 };
function statusOf(run2) {
  return run2.stoppedBy === "interrupt" ? "interrupted" : run2.stoppedBy === "duration" ? "duration-limit" : "complete";
}
function p99(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)];
}
function withoutNotes(t) {
  const { dropped: _dropped, ...rest } = t;
  return rest;
}
function assembleCell(args) {
  const { load, slos } = args;
  const trials = [];
  let offset = 0;
  const groups = [];
  let notSent = 0;
  const bounded2 = args.trials.map((t) => t.telemetry ? boundTelemetry(t.telemetry) : void 0);
  for (const [k, t] of args.trials.entries()) {
    const telemetryOfTrial = bounded2[k];
    const metrics = computeCellMetrics([t.run.records], slos, t.run.notSent);
    const client2 = assessClient(load, metrics, t.run.loopDelay, p99(t.run.dispatchLagMs), t.run.plannedRps);
    const n = metrics.samples.e2e_ms.length;
    const { samples: _samples, ...trialMetrics } = metrics;
    trials.push({
      index: t.index,
      pair: t.pair,
      status: statusOf(t.run),
      started_at: t.startedAt,
      duration_s: t.durationS,
      metrics: trialMetrics,
      client: client2,
      samples: { from: offset, to: offset + n },
      ...telemetryOfTrial ? { telemetry: telemetryOfTrial } : {},
      ...t.warmup ? { warmup: t.warmup } : {}
    });
    offset += n;
    groups.push(t.run.records);
    notSent += t.run.notSent;
  }
  const pooled = computeCellMetrics(groups, slos, notSent);
  const client = {
    event_loop_delay_p99_ms: Math.max(0, ...trials.map((t) => t.client.event_loop_delay_p99_ms)),
    event_loop_delay_max_ms: Math.max(0, ...trials.map((t) => t.client.event_loop_delay_max_ms)),
    saturated: trials.some((t) => t.client.saturated),
    reasons: trials.flatMap((t) => t.client.reasons.map((r) => trials.length > 1 ? `trial ${t.index + 1}: ${r}` : r))
  };
  const merged = mergeTelemetry(bounded2.flatMap((t) => t ? [t] : []));
  const carried = args.trials.flatMap((t, k) => (bounded2[k]?.dropped ?? []).map((d) => args.trials.length > 1 ? `trial ${t.index + 1}: ${d}` : d));
  const telemetry = merged === null ? null : boundTelemetry(withoutNotes(merged), carried);
  return {
    id: args.id,
    scenario: {
      name: args.scenario.name,
      input_tokens: args.scenario.inputTokens,
      output_tokens: args.scenario.outputTokens,
      shared_prefix_tokens: args.scenario.sharedPrefixTokens,
      dataset: args.datasetLabel,
      ...args.trace == null ? {} : { trace: args.trace }
    },
    load: load.kind === "concurrency" ? { kind: "concurrency", label: load.label, concurrency: load.concurrency } : { kind: "rate", label: load.label, rate: load.rate, arrival: load.arrival, burstiness: load.burstiness, max_concurrency: load.maxConcurrency },
    status: trials.reduce((worst, t) => STATUS_RANK[t.status] > STATUS_RANK[worst] ? t.status : worst, "complete"),
    workload_hash: args.workloadHash,
    started_at: args.trials[0]?.startedAt ?? (/* @__PURE__ */ new Date()).toISOString(),
    duration_s: Math.round(args.trials.reduce((s, t) => s + t.durationS, 0) * 1e3) / 1e3,
    metrics: pooled,
    client,
    trials,
    ...args.lengths == null ? {} : { lengths: args.lengths },
    ...load.kind === "rate" ? { lateness_ms: lateness(args.trials.flatMap((t) => t.run.dispatchLagMs)) } : {},
    ...telemetry ? { telemetry } : {}
  };
}
function lateness(lags) {
  if (lags.length === 0) return { count: 0, p50: 0, p99: 0, max: 0 };
  const sorted = [...lags].sort((a, b) => a - b);
  const rank = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const ms = (x) => Math.round(Math.max(0, x) * 1e3) / 1e3;
  return { count: sorted.length, p50: ms(rank(0.5)), p99: ms(rank(0.99)), max: ms(sorted[sorted.length - 1]) };
}

// src/run/environment.ts
import { execFile } from "node:child_process";
import { promisify } from "node:util";
var run = promisify(execFile);
async function gitInfo(cwd, env) {
  if (env.GITHUB_SHA && /^[0-9a-f]{40,64}$/.test(env.GITHUB_SHA)) {
    return { commit: env.GITHUB_SHA, ref: env.GITHUB_REF ?? null };
  }
  try {
    const { stdout } = await run("git", ["rev-parse", "HEAD"], { cwd, timeout: 5e3 });
    const commit = stdout.trim();
    if (!/^[0-9a-f]{40,64}$/.test(commit)) return null;
    let ref = null;
    try {
      ref = (await run("git", ["symbolic-ref", "-q", "HEAD"], { cwd, timeout: 5e3 })).stdout.trim() || null;
    } catch {
    }
    return { commit, ref };
  } catch {
    return null;
  }
}

// src/run/refusal.ts
var AUTH_STATUSES = /* @__PURE__ */ new Set([401, 403]);
function assertCredentialsAccepted(records, target, cell2, keyState) {
  const answered = records.filter((r) => !r.cancelled);
  if (answered.length === 0 || !answered.every((r) => r.status !== null && AUTH_STATUSES.has(r.status))) return;
  const statuses = [...new Set(answered.map((r) => r.status))].join("/");
  throw new TargetError(
    `every request of cell ${cell2} was refused (HTTP ${statuses}): ${credentialsRefused(target, keyState)}`,
    "POST",
    `${target.url}/v1/${target.api === "chat" ? "chat/completions" : "completions"}`
  );
}

// src/run/workers.ts
import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { performance as performance3 } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
function workerShard(i, w, machine) {
  return { index: i * machine.count + machine.index, count: machine.count * w };
}
async function workerScript() {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) {
    for (const rel of ["./worker.js", "../worker.js"]) {
      const p = fileURLToPath(new URL(rel, here));
      if (existsSync(p)) return { path: p, built: false };
    }
  }
  const source = here.endsWith(".ts") ? fileURLToPath(new URL("./worker-entry.ts", here)) : join(process.cwd(), "src", "run", "worker-entry.ts");
  if (!existsSync(source)) throw new Error(`the worker script is missing: neither dist/worker.js next to ${fileURLToPath(here)} nor ${source}; run 'npm run build'`);
  const bundler = "esbuild";
  const { build } = await import(bundler);
  const dir = join(process.cwd(), "node_modules", ".cache", "llm-perf-gate-worker");
  await mkdir(dir, { recursive: true });
  const out = join(dir, `worker-${process.pid}.mjs`);
  await build({ entryPoints: [source], outfile: out, bundle: true, platform: "node", format: "esm", target: "node24", packages: "external", logLevel: "warning" });
  return { path: out, built: true };
}
var RANK = { count: 0, duration: 1, interrupt: 2 };
function joinRuns(runs) {
  const records = runs.flatMap((r) => r.records).sort((a, b) => a.index - b.index);
  const due = records.filter((r) => !r.warmup).map((r) => r.tSched);
  const span = due.length > 1 ? Math.max(...due) - Math.min(...due) : 0;
  const open2 = runs.some((r) => r.plannedRps !== null);
  return {
    records,
    notSent: runs.reduce((s, r) => s + r.notSent, 0),
    stoppedBy: runs.reduce((w, r) => RANK[r.stoppedBy] > RANK[w] ? r.stoppedBy : w, "count"),
    loopDelay: { p99Ms: Math.max(0, ...runs.map((r) => r.loopDelay.p99Ms)), maxMs: Math.max(0, ...runs.map((r) => r.loopDelay.maxMs)) },
    dispatchLagMs: runs.flatMap((r) => r.dispatchLagMs),
    plannedRps: open2 && span > 0 ? (due.length - 1) / (span / 1e3) : null
  };
}
async function openWorkers(o) {
  const script = await workerScript();
  const setup = (i) => {
    const spec = workerShard(i, o.size, o.machine);
    const most = Math.max(1, ...o.plan.loads.map((l) => shardLoad(l, spec)).map((l) => l.kind === "concurrency" ? l.concurrency : l.maxConcurrency ?? 0));
    return {
      role: "llm-perf-gate-shard",
      target: o.target,
      timeouts: o.plan.timeouts,
      limits: o.plan.responseLimits,
      connections: o.connections === null ? null : most,
      apiKey: o.apiKey,
      encoding: o.plan.encoding,
      timeOrigin: performance3.timeOrigin
    };
  };
  const workers = Array.from({ length: o.size }, (_, i) => new Worker(script.path, { workerData: setup(i) }));
  const next = (w, want) => new Promise((resolve, reject) => {
    const onMessage = (m) => {
      if (m.type === want || m.type === "error") {
        w.off("message", onMessage);
        w.off("error", reject);
        if (m.type === "error") reject(new Error(`worker: ${m.message}`));
        else resolve(m);
      }
    };
    w.on("message", onMessage);
    w.once("error", reject);
  });
  try {
    await Promise.all(workers.map((w) => next(w, "ready")));
  } catch (err) {
    await Promise.all(workers.map((w) => w.terminate()));
    throw err;
  } finally {
    if (script.built) await rm(script.path, { force: true });
  }
  return {
    size: o.size,
    async runCell(cell2) {
      const progress = (m) => {
        if (m.type !== "progress" || cell2.onDone === void 0) return;
        for (const d of m.done) cell2.onDone(newRecord(0, d.warmup, 0, 0, { ...emptyOutcome(0), failure: d.failure, cancelled: d.cancelled }));
      };
      const onAbort = () => workers.forEach((w) => w.postMessage({ type: "cancel" }));
      cell2.cancel.addEventListener("abort", onAbort, { once: true });
      try {
        const runs = await Promise.all(
          workers.map(async (w, i) => {
            const shard = workerShard(i, o.size, o.machine);
            const items = [];
            for (let j = 0; j < cell2.count; j++) if (ownsRequest(cell2.load, j, shard)) items.push([j, cell2.items[j]]);
            w.on("message", progress);
            const done = next(w, "cell");
            const msg = { type: "cell", load: cell2.load, count: cell2.count, warmup: cell2.warmup, maxDurationMs: cell2.maxDurationMs, seedMaterial: cell2.seedMaterial, model: cell2.model, shard, items };
            w.postMessage(msg);
            try {
              return (await done).run;
            } finally {
              w.off("message", progress);
            }
          })
        );
        return joinRuns(runs);
      } finally {
        cell2.cancel.removeEventListener("abort", onAbort);
      }
    },
    async close(abort) {
      await Promise.all(
        workers.map(async (w) => {
          if (abort) w.postMessage({ type: "cancel" });
          const closed = next(w, "closed").catch(() => void 0);
          w.postMessage({ type: "close" });
          await closed;
          await w.terminate();
        })
      );
    }
  };
}

// src/run/shard.ts
function assertShardable(plan, spec, what = "shards") {
  if ((plan.config.capacity ?? []).length > 0) throw new RunSetupError(`capacity searches do not split into ${what}: run the config's 'capacity' entries without --shard and with run.workers: 1`);
  for (const load of plan.loads) {
    const problem = shardProblem(load, spec);
    if (problem !== null) throw new RunSetupError(`cannot split the plan into ${spec.count} ${what}: ${problem}`);
  }
}
async function waitForStart(startAt, signal) {
  if (startAt === null) return 0;
  for (; ; ) {
    const left = startAt.getTime() - Date.now();
    if (left <= 0 || signal.aborted) return Math.max(0, -left);
    await new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, timerMs(left));
      signal.addEventListener("abort", done, { once: true });
    });
  }
}
function shardInfo(run2, clockOffsetMs) {
  return { index: run2.spec.index, count: run2.spec.count, start_at: run2.startAt?.toISOString() ?? null, clock_offset_ms: clockOffsetMs };
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
      const stat2 = readFileSync(`${procRoot}/${d}/stat`, "utf8");
      const f = stat2.slice(stat2.lastIndexOf(")") + 2).split(" ");
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
    async stop(client) {
      const c = cpu.stop();
      const [gpu, engine, before, after] = await Promise.all([
        sampler ? sampler.stop() : Promise.resolve({ status: "absent", message: "GPU sampling is off", interval_ms: o.gpuIntervalMs ?? 500, gpus: [] }),
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

// src/telemetry/listener.ts
import { readdirSync as readdirSync2, readFileSync as readFileSync2, readlinkSync } from "node:fs";
var MAX_PROCESSES = 5e3;
var MAX_FDS_PER_PROCESS = 1e4;
function listeningInodes(port, procRoot) {
  const inodes = /* @__PURE__ */ new Set();
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  for (const file of ["net/tcp", "net/tcp6"]) {
    let text;
    try {
      text = readFileSync2(`${procRoot}/${file}`, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== "0A" || !f[1].endsWith(`:${hex}`)) continue;
      if (f[9] !== "0") inodes.add(f[9]);
    }
  }
  return inodes;
}
function pidsListeningOn(port, procRoot = "/proc") {
  const inodes = listeningInodes(port, procRoot);
  if (inodes.size === 0) return [];
  let dirs;
  try {
    dirs = readdirSync2(procRoot).filter((d) => /^\d+$/.test(d)).slice(0, MAX_PROCESSES);
  } catch {
    return [];
  }
  const pids = [];
  for (const d of dirs) {
    let fds;
    try {
      fds = readdirSync2(`${procRoot}/${d}/fd`).slice(0, MAX_FDS_PER_PROCESS);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let link;
      try {
        link = readlinkSync(`${procRoot}/${d}/fd/${fd}`);
      } catch {
        continue;
      }
      const m = /^socket:\[(\d+)\]$/.exec(link);
      if (m && inodes.has(m[1])) {
        pids.push(Number(d));
        break;
      }
    }
  }
  return pids;
}
function loopbackPort(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^\[|\]$/g, "");
  if (!(host === "localhost" || host === "::1" || /^127\./.test(host))) return null;
  if (u.port !== "") return Number(u.port);
  return u.protocol === "https:" ? 443 : 80;
}

// src/run/telemetry.ts
function clientTokens(records) {
  let prompt = 0;
  let completion = 0;
  for (const r of records) {
    prompt += r.nIn ?? 0;
    completion += r.nOut ?? 0;
  }
  return { prompt, completion };
}
function telemetryRecorder(plan, baseUrl, serverPids, clock) {
  let metrics = true;
  let listeners = serverPids.length > 0 ? [] : null;
  const listening = () => {
    if (listeners === null) {
      const port = loopbackPort(baseUrl);
      listeners = port === null ? [] : pidsListeningOn(port).filter((p) => p !== process.pid);
    }
    return listeners;
  };
  return {
    async fingerprint(doc) {
      if (!plan.enabled || doc.target === null) return;
      doc.environment = await collectFingerprint({ baseUrl: doc.target.url, serverHeaders: doc.target.server_headers, model: doc.target.model });
    },
    async startTrial() {
      if (!plan.enabled) return null;
      return startCellTelemetry({
        baseUrl,
        serverPids: [...serverPids],
        listenerPids: listening(),
        gpuIntervalMs: plan.gpuIntervalMs,
        scrapeIntervalMs: plan.scrapeIntervalMs,
        maxOthersCpuShare: plan.maxNeighbourCpuShare,
        metrics,
        ...clock === void 0 ? {} : { clock }
      });
    },
    async stopTrial(handle, records) {
      if (handle === null) return void 0;
      const t = await handle.stop(clientTokens(records));
      if (t.engine === null) metrics = false;
      return t;
    }
  };
}

// src/run/run-plan.ts
function cellId(scenario, load) {
  return `${scenario.name}@${load.label}`;
}
function poolConnections(loads, scenarios) {
  if (scenarios.some((s) => s.trace != null)) return null;
  let most = 1;
  for (const l of loads) {
    const c = l.kind === "concurrency" ? l.concurrency : l.maxConcurrency;
    if (c === null) return null;
    most = Math.max(most, c);
  }
  return most;
}
function apiKeyOf(o, target) {
  let apiKey = null;
  if (target.apiKeyEnv !== null) {
    apiKey = o.env[target.apiKeyEnv] ?? null;
    if (!apiKey) throw new RunSetupError(`target.api_key_env names ${target.apiKeyEnv}, but that environment variable is not set or empty`);
  }
  registerSecrets([apiKey, ...Object.values(target.headers), o.env.GITHUB_TOKEN]);
  return apiKey;
}
async function newClient(o, target) {
  const { plan } = o;
  const apiKey = apiKeyOf(o, target);
  const tokenizer = await getTokenizer(plan.encoding);
  return new InferenceClient({
    target,
    timeouts: plan.timeouts,
    connections: capacityConnections(plan, poolConnections(o.shard === void 0 ? plan.loads : plan.loads.map((l) => shardLoad(l, o.shard.spec)), plan.scenarios)),
    apiKey,
    limits: plan.responseLimits,
    countTokens: (t) => tokenizer.count(t)
  });
}
async function createSide(o, target, outPath, label, ab) {
  const client = await newClient(o, target);
  const { plan } = o;
  const doc = {
    schema: RESULT_SCHEMA,
    tool: { name: "llm-perf-gate", version: TOOL_VERSION },
    status: "running",
    error: null,
    started_at: (/* @__PURE__ */ new Date()).toISOString(),
    finished_at: null,
    config: plan.config,
    config_hash: plan.configHash,
    workload_hash: null,
    target: null,
    machine: machineInfo(),
    git: await gitInfo(o.cwd, o.env),
    ab,
    cells: []
  };
  const pids = (o.startedServers ?? []).filter((s) => s.url === target.url).map((s) => s.pid);
  const telemetry = telemetryRecorder(plan.telemetry, target.url, pids, o.clock);
  return { label, role: ab?.side ?? null, connected: true, target, outPath, client, model: "", doc, trials: /* @__PURE__ */ new Map(), workers: null, telemetry };
}
async function openSide(o, target, outPath, label, ab) {
  const side = await createSide(o, target, outPath, label, ab);
  await probeSide(o, side);
  return side;
}
async function probeSide(o, side) {
  const { client, target, label, doc } = side;
  let info;
  try {
    info = await client.serverInfo();
  } catch (err) {
    await client.destroy();
    throw err;
  }
  const model = target.model ?? info.models[0];
  if (model === void 0) {
    await client.destroy();
    throw new TargetError("the server lists no models; set target.model or --model", "GET", `${target.url}/v1/models`);
  }
  if (target.model !== null && !info.models.includes(target.model)) {
    o.progress?.note(`${label}model '${target.model}' is not in /v1/models (${info.models.join(", ") || "none"}); sending it anyway`);
  }
  if (o.shard !== void 0) doc.shard = shardInfo(o.shard, info.clockOffsetMs);
  if (o.plan.limits.workers > 1 && side.workers === null) {
    const connections = poolConnections(o.plan.loads, o.plan.scenarios);
    side.workers = await openWorkers({ plan: o.plan, target, apiKey: apiKeyOf(o, target), size: o.plan.limits.workers, machine: o.shard?.spec ?? SINGLE, connections }).catch(async (err) => {
      await client.destroy();
      throw err;
    });
  }
  doc.target = { url: target.url, api: target.api, model, models: info.models, server_headers: info.headers, system_fingerprint: null, model_entries: info.modelEntries };
  side.model = model;
  await side.telemetry.fingerprint(doc);
  await writeResult(side.outPath, doc);
}
async function runMatrix(o, sides, blocks, reopen) {
  const { plan } = o;
  const cells = plan.scenarios.flatMap((scenario) => cellsOf(scenario, plan.loads)).map((c, index) => ({ ...c, index }));
  const m = { hashes: /* @__PURE__ */ new Map(), firstTrials: [], total: cells.length * plan.limits.trials * sides.length, step: 0, cells: cells.length };
  for (let trial = 0; trial < plan.limits.trials; trial++) {
    const items = /* @__PURE__ */ new Map();
    for (const cell2 of cells) {
      const built = await buildCellWorkload(plan, cell2.scenario, cell2.load, cellRequestCount(plan), trial);
      items.set(cell2.id, built);
      if (cell2.scenario.trace != null) cell2.load = traceLoad(built);
      if (!m.hashes.has(cell2.id)) {
        m.hashes.set(cell2.id, workloadHash([{ cell: cell2.id, items: built }]));
        m.firstTrials.push({ cell: cell2.id, items: built });
      }
    }
    if (blocks !== null) {
      for (const side of trial % 2 === 0 ? sides : [...sides].reverse()) {
        if (o.signal.aborted) return;
        await blocks.before(side.role);
        try {
          await reopen(side);
          for (const cell2 of cells) {
            if (o.signal.aborted) return;
            await runStep(o, m, side, sides.length > 1, cell2, trial, items.get(cell2.id));
          }
        } finally {
          if (side.connected) await side.client.close();
          side.connected = false;
          await blocks.after(side.role);
        }
      }
      continue;
    }
    for (const cell2 of cells) {
      const order = sides.length > 1 && createRng(`${plan.seed}|ab-order|${trial}|${cell2.id}`).next() < 0.5 ? [...sides].reverse() : sides;
      for (const side of order) {
        if (o.signal.aborted) return;
        await runStep(o, m, side, sides.length > 1, cell2, trial, items.get(cell2.id));
      }
    }
  }
}
function cellsOf(scenario, loads) {
  if (scenario.trace == null) return loads.map((load2) => ({ id: cellId(scenario, load2), scenario, load: load2 }));
  const load = { kind: "rate", label: TRACE_LOAD_LABEL, rate: 1, arrival: "trace", burstiness: 1, maxConcurrency: null };
  return [{ id: cellId(scenario, load), scenario, load }];
}
function cellRequestCount(plan) {
  return warmupBudget(plan.limits.warmup) + plan.limits.requests;
}
async function runStep(o, m, side, paired, cell2, trial, items) {
  const { plan } = o;
  side.doc.workload_hash = workloadHash(m.firstTrials);
  const trace = cell2.scenario.trace ?? null;
  const warmupOf = trace === null ? plan.limits.warmup : 0;
  o.progress?.cellStart({
    step: m.step++,
    steps: m.total,
    cell: cell2.index,
    cells: m.cells,
    trial,
    trials: plan.limits.trials,
    side: side.label,
    id: cell2.id,
    requests: trace === null ? plan.limits.requests : items.length,
    warmup: warmupOf,
    warmupMax: warmupBudget(warmupOf)
  });
  const tel = await side.telemetry.startTrial();
  const startedAt = (/* @__PURE__ */ new Date()).toISOString();
  const clock = o.clock ?? systemClock;
  const t0 = clock.now();
  const send = (i, cancel) => side.client.stream(items[i], side.model, cancel);
  const cellRun = side.workers === null ? runCell : (opts) => side.workers.runCell({ ...opts, model: side.model, items });
  let measured;
  try {
    measured = await runCellWarm(
      {
        load: cell2.load,
        count: items.length,
        warmup: warmupOf,
        maxDurationMs: plan.limits.maxDurationS * 1e3,
        seedMaterial: `${plan.seed}|${cell2.scenario.name}|${trial}`,
        maxTokens: (i) => items[i].maxTokens,
        send,
        cancel: o.signal,
        onDone: (rec) => o.progress?.requestDone(rec),
        shard: o.shard?.spec,
        clock,
        ...trace === null ? {} : { arrivalAt: (i) => items[i].atMs ?? 0 }
      },
      cellRun
    );
  } catch (err) {
    await side.telemetry.stopTrial(tel, []);
    throw err;
  }
  const { run: run2, warmup } = measured;
  const durationS = Math.round(clock.now() - t0) / 1e3;
  const telemetry = await side.telemetry.stopTrial(tel, run2.records);
  const trials = side.trials.get(cell2.id) ?? [];
  side.trials.set(cell2.id, trials);
  trials.push({ index: trial, pair: paired ? trial : null, run: run2, startedAt, durationS, warmup, ...telemetry ? { telemetry } : {} });
  const fp = run2.records.find((r) => r.systemFingerprint !== null)?.systemFingerprint;
  if (fp && side.doc.target !== null && side.doc.target.system_fingerprint === null) side.doc.target.system_fingerprint = fp;
  const result = assembleCell({
    id: cell2.id,
    scenario: cell2.scenario,
    // Relative, so the result carries no machine paths.
    datasetLabel: cell2.scenario.dataset === null ? null : relative(o.cwd, cell2.scenario.dataset),
    load: cell2.load,
    slos: plan.slos,
    workloadHash: m.hashes.get(cell2.id),
    trials,
    // The first trial's measured requests: every trial asks for the same lengths.
    lengths: lengthsOf(m.firstTrials.find((f) => f.cell === cell2.id).items.slice(trace === null ? warmupBudget(plan.limits.warmup) : 0)),
    trace: trace === null ? null : { file: relative(o.cwd, trace.file), format: trace.format, sha256: (await scenarioTrace(trace)).sha256, requests: items.length }
  });
  const at = side.doc.cells.findIndex((c) => c.id === cell2.id);
  if (at >= 0) side.doc.cells[at] = result;
  else side.doc.cells.push(result);
  await writeResult(side.outPath, side.doc);
  o.progress?.cellEnd(result);
  assertCredentialsAccepted(run2.records, side.target, cell2.id, side.target.apiKeyEnv === null ? "none" : "sent");
}
async function runSides(o, open2, blocks = null) {
  const machine = o.shard?.spec ?? SINGLE;
  const parts = machine.count * o.plan.limits.workers;
  if (parts > 1) {
    assertShardable(o.plan, { index: 0, count: parts }, o.plan.limits.workers > 1 ? "shards x workers" : "shards");
    if (o.plan.limits.warmup === "auto") throw new RunSetupError("run.warmup auto cannot be split across shards or workers: set a warm-up count");
    if (blocks !== null) throw new RunSetupError("ab.schedule alternate cannot run with shards or workers");
  }
  const sides = await open2();
  const late = await waitForStart(o.shard?.startAt ?? null, o.signal);
  if (late > 1e3) o.progress?.note(`started ${(late / 1e3).toFixed(1)} s after --start-at`);
  const reopen = async (side) => {
    if (!side.connected) side.client = await newClient(o, side.target);
    side.connected = true;
    if (side.model === "") await probeSide(o, side);
  };
  try {
    await runMatrix(o, sides, blocks, reopen);
    if (blocks === null) await runCapacityCells(o, sides);
    else {
      for (const side of sides) {
        if (o.signal.aborted || (o.plan.config.capacity ?? []).length === 0) break;
        await blocks.before(side.role);
        try {
          await reopen(side);
          await runCapacityCells(o, [side]);
        } finally {
          if (side.connected) await side.client.close();
          side.connected = false;
          await blocks.after(side.role);
        }
      }
    }
  } catch (err) {
    for (const s of sides) {
      s.doc.status = "failed";
      s.doc.error = err instanceof Error ? err.message : String(err);
      s.doc.finished_at = (/* @__PURE__ */ new Date()).toISOString();
      await writeResult(s.outPath, s.doc);
      if (s.connected) await s.client.destroy();
      await s.workers?.close(true);
    }
    throw err;
  }
  for (const s of sides) {
    if (o.signal.aborted) {
      for (const c of s.doc.cells) if (c.trials.length < o.plan.limits.trials) c.status = "interrupted";
    }
    s.doc.status = o.signal.aborted ? "interrupted" : "complete";
    if (o.signal.aborted) s.doc.error = "interrupted before the matrix finished";
    s.doc.finished_at = (/* @__PURE__ */ new Date()).toISOString();
    await writeResult(s.outPath, s.doc);
    if (s.connected) await (o.signal.aborted ? s.client.destroy() : s.client.close());
    await s.workers?.close(o.signal.aborted);
  }
  return sides;
}
async function runPlan(o) {
  const [side] = await runSides(o, async () => [await openSide(o, o.plan.target, o.outPath, "", null)]);
  return side.doc;
}
async function runAbPlan(o) {
  const ab = o.sides ?? (o.plan.ab?.baseline && o.plan.ab.candidate ? { baseline: o.plan.ab.baseline, candidate: o.plan.ab.candidate } : null);
  if (ab === null) throw new RunSetupError("the config has no 'ab' section naming a baseline and a candidate target");
  const alternate = o.plan.ab?.schedule === "alternate";
  if (alternate && o.blocks === void 0) throw new RunSetupError("ab.schedule alternate needs a way to start and stop each server per block");
  const runId = randomUUID();
  const target = (s) => ({ ...o.plan.target, url: s.url, model: s.model ?? o.plan.target.model });
  const opts = { ...o, outPath: o.outPaths.candidate };
  const open2 = alternate ? createSide : openSide;
  const [baseline, candidate] = await runSides(
    opts,
    async () => {
      const b = await open2(opts, target(ab.baseline), o.outPaths.baseline, "[baseline] ", { run_id: runId, side: "baseline" });
      try {
        return [b, await open2(opts, target(ab.candidate), o.outPaths.candidate, "[candidate] ", { run_id: runId, side: "candidate" })];
      } catch (err) {
        await b.client.destroy();
        await b.workers?.close(true);
        throw err;
      }
    },
    alternate ? o.blocks : null
  );
  return { baseline: baseline.doc, candidate: candidate.doc };
}

// src/pipeline/progress.ts
var LOG_LINE_EVERY_MS = 5e3;
var LIVE_REDRAW_EVERY_MS = 100;
function createProgress(log, clock) {
  const live = log.live;
  let step = null;
  let label = "";
  let planned = 0;
  let done = 0;
  let failed = 0;
  let warmDone = 0;
  let measuring = true;
  let cellStart = 0;
  let lastPrint = 0;
  let countAtLastPrint = 0;
  let rate = 0;
  const stepSeconds = [];
  const logLine = () => {
    const elapsed = (clock.now() - cellStart) / 1e3;
    return `${label}  ${done}/${planned} requests  ${failed} failed  ${rate.toFixed(1)} req/s  ${elapsed.toFixed(0)} s`;
  };
  const draw = () => {
    const s = step;
    const elapsedS = (clock.now() - cellStart) / 1e3;
    const warmAuto = s.warmup === "auto";
    const warmPlanned = warmAuto ? s.warmupMax : s.warmup;
    const left = (measuring || warmAuto ? 0 : Math.max(0, warmPlanned - warmDone)) + Math.max(0, planned - done);
    const cellLeftS = rate > 0 ? left / rate : null;
    const runLeftS = s.steps > 1 ? runLeft(s.steps - s.step - 1, cellLeftS, elapsedS, stepSeconds) : null;
    const line = liveLine(
      { label, phase: measuring ? "measure" : "warmup", warmDone, warmPlanned, warmAuto, done, planned, failed, rate, elapsedS, cellLeftS, runLeftS },
      log.columns("status")
    );
    log.status(line);
  };
  return {
    cellStart(s) {
      step = s;
      label = stepLabel(s);
      planned = s.requests;
      done = 0;
      failed = 0;
      warmDone = 0;
      measuring = s.warmup === 0;
      cellStart = clock.now();
      lastPrint = cellStart;
      countAtLastPrint = 0;
      rate = 0;
      if (live) draw();
      else log.info(`${label}: started`);
    },
    requestDone(rec) {
      if (rec.cancelled) return;
      if (rec.warmup) {
        if (!live) return;
        warmDone++;
      } else {
        measuring = true;
        done++;
        if (rec.failure !== null) failed++;
      }
      const now = clock.now();
      if (now - lastPrint >= (live ? LIVE_REDRAW_EVERY_MS : LOG_LINE_EVERY_MS)) {
        const count = live ? done + warmDone : done;
        const instant = (count - countAtLastPrint) * 1e3 / (now - lastPrint);
        rate = live && rate > 0 ? rate + (instant - rate) * Math.min(1, (now - lastPrint) / 2e3) : instant;
        countAtLastPrint = count;
        lastPrint = now;
        if (live) draw();
        else log.status(logLine());
      }
    },
    cellEnd(cell2) {
      stepSeconds.push((clock.now() - cellStart) / 1e3);
      const m = cell2.metrics;
      log.info(
        `${label}: ${m.counts.completed}/${m.counts.attempted} ok, ${m.rps.toFixed(2)} req/s, ${m.output_tps.toFixed(0)} out tok/s, ttft p50 ${m.ttft_ms?.p50?.toFixed(1) ?? "-"} ms`
      );
      const t = cell2.trials.at(-1)?.telemetry;
      if (t) log.info(`${label}: telemetry: ${telemetryLine(t)}`);
    },
    note(message) {
      log.notice(message);
    },
    info(message) {
      log.info(message);
    }
  };
}

// src/pipeline/measure.ts
var SERVER_STOP_GRACE_MS = 1e4;
var capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
function startLaunch(host, launch) {
  return host.log.group(`Starting ${launch.label}: ${launch.command}`, async () => {
    const running = await startServer({
      command: launch.command,
      cwd: host.cwd,
      env: { ...host.env },
      passEnv: launch.passEnv,
      withholdEnv: launch.withholdEnv,
      logPath: launch.logPath,
      readyUrl: launch.readyUrl,
      baseUrl: launch.baseUrl,
      model: launch.model,
      readyTimeoutMs: launch.readyTimeoutMs,
      clock: host.clock,
      onLog: launch.echoLog ? (line) => host.log.info(line) : void 0,
      // Saved at once, so a post step can stop a server still loading when the job is cancelled.
      onSpawn: launch.stateKey === null ? void 0 : (pgid) => host.saveState(launch.stateKey, String(pgid))
    });
    host.log.info(`${capital(launch.label)} ready after ${(running.readyAfterMs / 1e3).toFixed(1)} s (log: ${launch.logPath})`);
    return running;
  });
}
async function stopLaunch(host, launch, server) {
  const dead = server.exitStatus();
  if (dead !== null) {
    host.log.warn(`${capital(launch.label)} exited during the run (code ${dead.code ?? "none"}, signal ${dead.signal ?? "none"}); last log lines:
${server.logTail(20).join("\n")}`);
  }
  const { signal } = await server.stop(SERVER_STOP_GRACE_MS);
  host.log.info(`${capital(launch.label)} stopped (${signal === "none" ? "already gone" : `SIG${signal}`}).`);
  if (launch.stateKey !== null) host.saveState(launch.stateKey, "");
}
async function withServers(host, launches, fn) {
  const started = [];
  try {
    for (const launch of launches) started.push({ launch, server: await startLaunch(host, launch) });
    return await fn(started.map(({ launch, server }) => ({ url: launch.baseUrl, pid: server.pid })));
  } finally {
    for (const { launch, server } of started) await stopLaunch(host, launch, server);
  }
}
async function measure(host, plan, outPath, opts = {}) {
  const progress = createProgress(host.log, host.clock);
  const doc = await runPlan({ plan, outPath, cwd: host.cwd, env: host.env, signal: host.signal, clock: host.clock, progress, startedServers: opts.startedServers, shard: opts.shard });
  if (opts.table !== false) host.log.out(`
${resultTable(doc, host.log.columns("out"))}
`);
  if (doc.environment) host.log.out(`environment: ${environmentText(doc.environment)}`);
  return doc;
}
async function measureAb(host, plan, outPaths, extra = {}) {
  const docs = await runAbPlan({ plan, outPaths, cwd: host.cwd, env: host.env, signal: host.signal, clock: host.clock, progress: createProgress(host.log, host.clock), ...extra });
  host.log.out(`
baseline:
${resultTable(docs.baseline, host.log.columns("out"))}

candidate:
${resultTable(docs.candidate, host.log.columns("out"))}
`);
  for (const [side, d] of [["baseline", docs.baseline], ["candidate", docs.candidate]]) {
    if (d.environment) host.log.out(`${side} environment: ${environmentText(d.environment)}`);
  }
  return docs;
}

export {
  TRACE_LOAD_LABEL,
  cellId,
  startLaunch,
  stopLaunch,
  withServers,
  measure,
  measureAb
};
