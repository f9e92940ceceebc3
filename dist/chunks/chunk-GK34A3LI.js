import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  MAX_GPUS,
  startCellTelemetry
} from "./chunk-EBMJRDST.js";
import {
  InferenceClient,
  SINGLE,
  TargetError,
  closedLoop,
  createPacer,
  credentialsRefused,
  emptyOutcome,
  newRecord,
  openLoop,
  ownsRequest,
  runCell,
  shardLoad,
  shardProblem,
  startCellClock,
  timerMs
} from "./chunk-6SW2S6XT.js";
import {
  MAX_CHUNK_WORDS,
  MIN_CHUNK_WORDS,
  RunSetupError,
  buildCellWorkload,
  buildPrompt,
  collectFingerprint,
  drawLength,
  fitLengthMap,
  lengthsOf,
  machineInfo,
  meanGpuUtil,
  peakGpuMemory,
  probesFor,
  scenarioTrace,
  synthesisWords,
  synthesizeItems,
  workloadHash
} from "./chunk-YS323RDP.js";
import {
  getTokenizer,
  lazyTokenCounter
} from "./chunk-Y52YXPNT.js";
import {
  computeCellMetrics,
  rampResult,
  summariseLateness,
  turnMetrics
} from "./chunk-YKDXNY4U.js";
import {
  EXACT_GAPS,
  sampleGaps
} from "./chunk-LWJVHEHR.js";
import {
  boundTelemetry,
  capacityTerminalLine,
  combine,
  efficiencyOf,
  holds,
  judgeSlo,
  loadValue,
  minRequestsFor,
  parseCapacitySlos,
  resultTable,
  writeResult
} from "./chunk-4RCXW3T6.js";
import {
  DEFAULTS,
  RESULT_SCHEMA,
  capacityCellId,
  hourlyUsd,
  searchOptionProblems
} from "./chunk-54LALYOF.js";
import {
  TRACE_LOAD,
  createRng,
  drawnArrivals,
  inFlight,
  isOpen,
  loadPlanOf,
  rampSchedule,
  resultLoadOf
} from "./chunk-SCGBAURB.js";
import {
  startServer
} from "./chunk-5XUPNBZ7.js";
import {
  contextLimit
} from "./chunk-EG4BBXMW.js";
import {
  TOOL_VERSION
} from "./chunk-4VUXDGVK.js";
import {
  liveLine,
  runLeft,
  stepLabel
} from "./chunk-BHKQ45ST.js";
import {
  systemClock
} from "./chunk-HN4QBAMF.js";
import {
  registerSecrets
} from "./chunk-BF4Y2SSP.js";

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
import { relative as relative2 } from "node:path";

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

// src/workload/context.ts
function contextOverflow(items, limit) {
  let over2 = 0;
  let promptOver = 0;
  let largest = 0;
  for (const i of items) {
    const need = i.inputTokens + i.maxTokens;
    largest = Math.max(largest, need);
    if (need > limit) over2++;
    if (i.inputTokens >= limit) promptOver++;
  }
  return { over: over2, promptOver, planned: items.length, largest };
}
function contextOverflowNote(cell, side, o, limit) {
  if (o.over === 0) return null;
  const pct2 = Math.round(o.over / o.planned * 1e3) / 10;
  const prompts = o.promptOver === 0 ? "" : `, ${o.promptOver} of them by the prompt alone`;
  return `${side}${cell}: ${o.over} of ${o.planned} planned requests (${pct2}%) ask for more than the server's context length, ${limit.tokens} tokens (${limit.field} in /v1/models), in prompt + max_tokens${prompts}; the largest asks for ${o.largest}. The server will refuse them (they count as failed requests): shorten the window or lengths, or serve a longer context. Prompts are counted in the config's tokenizer, the server's may differ.`;
}

// src/run/prompt-lengths.ts
async function promptLengthMap(plan, sides, alternating, note) {
  const first = sides[0];
  if (first === void 0 || first.target.promptLengths !== "server") return null;
  if (alternating) {
    throw new RunSetupError(
      "target.prompt_lengths: server needs the server up before the prompts are built; an A/B that alternates its servers (ab.schedule: alternate) builds them first: use ab.schedule: concurrent, or prompt_lengths: tokenizer"
    );
  }
  const limit = contextLimit(first.doc.target?.model_entries ?? [], first.model);
  const probes = probesFor(await synthesisWords(plan.encoding), limit === null ? MAX_CHUNK_WORDS : Math.max(MIN_CHUNK_WORDS, Math.min(MAX_CHUNK_WORDS, Math.floor(limit.tokens / 4))));
  const served = [];
  for (const probe of probes) {
    const outcome2 = await first.client.stream({ prompt: probe.prompt, inputTokens: probe.words, maxTokens: 1 }, first.model);
    if (outcome2.failure !== null) {
      throw new RunSetupError(
        `target.prompt_lengths: server: a probe request of ${probe.words} words failed (${outcome2.failure}${outcome2.status === null ? "" : `, HTTP ${outcome2.status}`}${outcome2.message === null ? "" : `: ${outcome2.message}`}), so the server's token count is unknown`
      );
    }
    served.push(outcome2.tokenSource === "server" ? outcome2.nIn : null);
  }
  const map = fitLengthMap(probes, served);
  if (typeof map === "string") throw new RunSetupError(`target.prompt_lengths: server: ${map}; a server that reports no usage cannot have lengths met in its tokens: use prompt_lengths: tokenizer`);
  const recorded = { in: "server", slope: map.slope, overhead: map.overhead, probes: [...map.probes] };
  for (const s of sides) if (s.doc.target !== null) s.doc.target.prompt_lengths = recorded;
  const listWords = probes.filter((p) => p.kind === "list").reduce((n, p) => n + p.words, 0);
  note?.(
    `${first.label}prompt lengths in the server's tokens: ${probes.length} probe requests (its whole word list, ${listWords} words, and a repeated word) read ${map.slope.toFixed(3)} tokens a word and ${map.overhead.toFixed(1)} a request beyond its words, so a request of S tokens gets (S - ${map.overhead.toFixed(1)}) / ${map.slope.toFixed(3)} words`
  );
  return map;
}

// src/workload/served-lengths.ts
var SERVED_LENGTH_TOLERANCE = 0.03;
function servedLengths(pairs) {
  let n = 0;
  let asked = 0;
  let served = 0;
  for (const p of pairs) {
    if (p.served === null || !(p.asked > 0)) continue;
    n++;
    asked += p.asked;
    served += p.served;
  }
  if (n === 0) return null;
  const round = (x) => Math.round(x * 10) / 10;
  return { requests: n, askedMean: round(asked / n), servedMean: round(served / n), ratio: Math.round(served / asked * 1e3) / 1e3 };
}
function servedLengthNote(cell, side, s, api) {
  if (s === null || Math.abs(s.servedMean - s.askedMean) <= SERVED_LENGTH_TOLERANCE * s.askedMean + 1e-9) return null;
  const why = api === "chat" ? "the server's tokenizer differs from the config's, or its chat template adds tokens" : "the server's tokenizer differs from the config's";
  return `${side}${cell}: the server counted ${s.servedMean} prompt tokens a request on average (usage.prompt_tokens, ${s.requests} request${s.requests === 1 ? "" : "s"}) where ${s.askedMean} were asked (${s.ratio}x): ${why}. Lengths here are met in the config's tokenizer: a figure compared with a tool that counts in the served model's tokens rests on other prompt lengths.`;
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
  return loadPlanOf(p.kind === "concurrency" ? { concurrency: p.concurrency } : { rate: p.rate, arrival: arrival?.kind ?? "poisson", burstiness: arrival?.burstiness ?? 1, max_concurrency: null });
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
var r3 = (x) => Math.round(x * 1e3) / 1e3;
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
    const value = Math.min(
      crossing(
        xs,
        pick((j) => j.value),
        slo,
        false
      ),
      xs[xs.length - 1]
    );
    const lo = Math.min(
      value,
      crossing(
        xs,
        pick((j) => upper ? j.hi : j.lo),
        slo,
        false
      )
    );
    const hi = Math.max(
      value,
      crossing(
        xs,
        pick((j) => upper ? j.lo : j.hi),
        slo,
        true
      )
    );
    if (best === null || value < best.load.value) best = { load: { value, lo, hi }, binding: slo.text };
    else if (lo < best.load.lo || hi < best.load.hi) best = { load: { value: best.load.value, lo: Math.min(lo, best.load.lo), hi: Math.min(hi, best.load.hi) }, binding: best.binding };
  }
  return best ?? { load: { value: 0, lo: 0, hi: Infinity }, binding: null };
}
function inUnit(points, est, pick) {
  const sorted = [...points].sort((a, b) => loadValue(a.load) - loadValue(b.load));
  const at = (x) => r3(along(sorted, x, pick));
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
    if (out.attempted === 0) break;
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
var r32 = (x) => Math.round(x * 1e3) / 1e3;
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
  const at = (x2) => o.mode === "rate" ? { kind: "rate", rate: r32(x2) } : { kind: "concurrency", concurrency: Math.round(x2) };
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
var end = (x) => x === null || !Number.isFinite(x) ? "\u221E" : String(r32(x));
function describe(p) {
  const bad = p.slos.filter((j) => j.verdict !== "pass").map((j) => `${j.slo}: ${j.value === null ? "no data" : `${r32(j.value)} (interval ${end(j.lo)}-${end(j.hi)})`}`);
  return `${p.verdict} at ${loadValue(p.load)}${bad.length > 0 ? ` (${bad.join("; ")})` : ""}`;
}
function summarise(mode, slos, level, resolution, e) {
  const { pass, fail } = e;
  let status;
  let reason;
  if (pass === null && fail !== null && loadValue(fail.load) <= e.min) {
    status = "below-range";
    reason = `even the lowest load misses the SLO: ${describe(fail)}`;
  } else if (pass !== null && fail === null && loadValue(pass.load) >= e.max) {
    status = "above-range";
    reason = `the highest load of the range still meets every SLO (${loadValue(pass.load)}): capacity is at least that`;
  } else if (e.outOfBudget || pass === null || fail === null) {
    status = "budget";
    reason = `the budget ran out after ${e.steps} runs with the bracket [${pass === null ? "none" : loadValue(pass.load)}, ${fail === null ? "none" : loadValue(fail.load)}]`;
  } else {
    status = "found";
    const passWord = pass.verdict === "pass" ? "passes" : "leans to pass (undecided)";
    reason = `bracket within ${Math.round(resolution * 100)}%: ${passWord} at ${loadValue(pass.load)}, ${describe(fail)}`;
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
    capacity = { value: r32(load.value), lo: r32(load.lo), hi: Number.isFinite(load.hi) ? r32(load.hi) : null };
    if (mode === "rate" && !zero) {
      const perRequest = pass.rps > 0 ? pass.output_tps / pass.rps : 0;
      const scale = (e2) => ({ value: r32(e2.value * perRequest), lo: r32(e2.lo * perRequest), hi: e2.hi === null ? null : r32(e2.hi * perRequest) });
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
    reason,
    bracket: {
      lastPass: pass === null ? null : loadValue(pass.load),
      firstFail: fail === null ? null : loadValue(fail.load),
      undecided: [pass, fail].filter((p) => p?.verdict === "undecided").map((p) => loadValue(p.load))
    },
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
  const k = kneedle(
    points.map((p) => loadValue(p.load)),
    ys
  );
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
var r33 = (x) => Math.round(x * 1e3) / 1e3;
function pointLine(p) {
  const load = p.role === "saturation" ? `saturation probe at c=${loadValue(p.load)}` : `${p.load.kind === "rate" ? "rate" : "concurrency"} ${loadValue(p.load)}`;
  const slos = p.slos.map((j) => `${j.slo}: ${j.value === null ? "no data" : r33(j.value)}`).join("; ");
  return `${load}: ${p.verdict}${p.verdict === "undecided" ? ` (leans ${p.leaning})` : ""} after ${p.requests} requests, ${r33(p.rps)} req/s (${slos})`;
}
async function capacityWorkloadHash(plan, scenario, id, count) {
  const items = await buildCellWorkload(plan, scenario, { shape: "concurrency", label: "capacity", concurrency: 1 }, count, 0);
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
  const cell = {
    id: c.id,
    kind: "capacity",
    scenario: {
      name: scenario.name,
      input_tokens: scenario.inputTokens,
      output_tokens: scenario.outputTokens,
      shared_prefix_tokens: scenario.sharedPrefixTokens,
      dataset: plan.config.scenarios.find((s) => s.name === scenario.name)?.dataset ?? null
    },
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
  if (at >= 0) cells[at] = cell;
  else cells.push(cell);
  const clock = o.clock ?? systemClock;
  const t0 = clock.now();
  const tag = `${side.label}${c.id}`;
  o.progress?.info?.(`${tag}: ${entry.sweep === null ? "capacity search" : "sweep"} within ${entry.slo.join(", ")}, ${c.requests} requests per step`);
  let writing = writeResult(side.outPath, side.doc);
  const onPoint = (p) => {
    cell.points.push(p);
    cell.duration_s = Math.round(clock.now() - t0) / 1e3;
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
    cell.search = o.signal.aborted && search.status === "budget" ? { ...search, reason: search.reason.replace("the budget ran out", "the run was interrupted") } : search;
  } else {
    const { points: _points, ...sweep } = await sweepLoads({ ...common, loads: entry.sweep, budget: { maxDurationMs: entry.budget.max_duration_s * 1e3 } });
    cell.sweep = sweep;
  }
  cell.status = o.signal.aborted ? "interrupted" : "complete";
  cell.duration_s = Math.round(clock.now() - t0) / 1e3;
  await writing;
  await writeResult(side.outPath, side.doc);
  o.progress?.note(`${side.label}${capacityTerminalLine(cell)}`);
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
  const others = new Map(parts.flatMap((p) => p.gpu.other_processes).map((g) => [g.pid, g]));
  return {
    started_at: first.started_at,
    duration_s: Math.round(duration * 1e3) / 1e3,
    gpu: {
      status,
      message: parts.find((p) => p.gpu.status === status)?.gpu.message ?? null,
      interval_ms: first.gpu.interval_ms,
      gpus: mergeGpus(parts),
      other_processes: [...others.values()]
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
  if (isOpen(load)) {
    if (dispatchLagP99Ms !== null && dispatchLagP99Ms > DISPATCH_LAG_P99_LIMIT_MS) {
      reasons.push(`dispatch lag p99 ${dispatchLagP99Ms.toFixed(1)} ms > ${DISPATCH_LAG_P99_LIMIT_MS} ms`);
    }
    const offered = metrics.offered_rps;
    if (inFlight(load) === null && offered !== null && plannedRps !== null && offered < OFFERED_RATE_MIN_SHARE * plannedRps) {
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
  const bounded = args.trials.map((t) => t.telemetry ? boundTelemetry(t.telemetry) : void 0);
  const hourly = args.hourlyUsd ?? null;
  const energies = [];
  for (const [k, t] of args.trials.entries()) {
    const telemetryOfTrial = bounded[k];
    const metrics = computeCellMetrics([t.run.records], slos, t.run.notSent);
    const outputTokens = metrics.samples.n_out.reduce((a, b) => a + b, 0);
    const energy = telemetryOfTrial?.gpu.energy;
    energies.push(energy === void 0 ? null : { joules: energy.joules, outputTokens });
    Object.assign(metrics, efficiencyOf(metrics, hourly, energy === void 0 ? null : { joules: energy.joules, outputTokens }));
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
      ...t.warmup ? { warmup: t.warmup } : {},
      ...t.blockRequests === void 0 ? {} : { block_requests: t.blockRequests }
    });
    offset += n;
    groups.push(t.run.records);
    notSent += t.run.notSent;
  }
  const pooled = computeCellMetrics(groups, slos, notSent);
  Object.assign(pooled, efficiencyOf(pooled, hourly, pooledEnergy(energies)));
  const client = {
    event_loop_delay_p99_ms: Math.max(0, ...trials.map((t) => t.client.event_loop_delay_p99_ms)),
    event_loop_delay_max_ms: Math.max(0, ...trials.map((t) => t.client.event_loop_delay_max_ms)),
    saturated: trials.some((t) => t.client.saturated),
    reasons: trials.flatMap((t) => t.client.reasons.map((r) => trials.length > 1 ? `trial ${t.index + 1}: ${r}` : r))
  };
  const merged = mergeTelemetry(bounded.flatMap((t) => t ? [t] : []));
  const carried = args.trials.flatMap((t, k) => (bounded[k]?.dropped ?? []).map((d) => args.trials.length > 1 ? `trial ${t.index + 1}: ${d}` : d));
  const telemetry = merged === null ? null : boundTelemetry(withoutNotes(merged), carried);
  return {
    id: args.id,
    scenario: {
      name: args.scenario.name,
      input_tokens: args.scenario.inputTokens,
      output_tokens: args.scenario.outputTokens,
      shared_prefix_tokens: args.scenario.sharedPrefixTokens,
      dataset: args.datasetLabel,
      ...args.trace == null ? {} : { trace: args.trace },
      ...args.conversation == null ? {} : { conversation: args.conversation }
    },
    load: resultLoadOf(load, args.arrivalTimes),
    status: trials.reduce((worst, t) => STATUS_RANK[t.status] > STATUS_RANK[worst] ? t.status : worst, "complete"),
    workload_hash: args.workloadHash,
    started_at: args.trials[0]?.startedAt ?? (/* @__PURE__ */ new Date()).toISOString(),
    duration_s: Math.round(args.trials.reduce((s, t) => s + t.durationS, 0) * 1e3) / 1e3,
    metrics: pooled,
    client,
    trials,
    ...args.lengths == null ? {} : { lengths: args.lengths },
    ...args.conversation == null ? {} : { turns: turnMetrics(groups.flat(), args.conversation.turns) },
    ...isOpen(load) ? { lateness_ms: summariseLateness(args.trials.flatMap((t) => t.run.dispatchLagMs)) } : {},
    ...telemetry ? { telemetry } : {}
  };
}
function pooledEnergy(parts) {
  if (parts.length === 0 || parts.some((p) => p === null)) return null;
  const known = parts;
  const joules = known.some((p) => p.joules === null) ? null : known.reduce((a, p) => a + p.joules, 0);
  return { joules, outputTokens: known.reduce((a, p) => a + p.outputTokens, 0) };
}

// src/load/conversation-client.ts
import { performance as performance3 } from "node:perf_hooks";

// src/workload/conversation.ts
function stream(tag, ...parts) {
  return createRng(JSON.stringify([tag, ...parts]));
}
async function buildSessions(args) {
  const { seed, encoding, scenario, conversation, cellLabel, count } = args;
  if (scenario.outputTokens === null) throw new Error(`scenario '${scenario.name}': a conversation needs output_tokens`);
  const output = scenario.outputTokens;
  const firsts = await synthesizeItems({ seed, encoding, scenario, cellLabel, count });
  const tok = await getTokenizer(encoding);
  const words = await synthesisWords(encoding);
  const name = scenario.name;
  return firsts.map((first, s) => {
    const turns = [];
    for (let k = 0; k < conversation.turns; k++) {
      const maxTokens = k === 0 ? first.maxTokens : drawLength(output, stream("conversation-output", seed, name, s, k));
      const userTokens = k === 0 ? first.inputTokens : drawLength(conversation.userTokens, stream("conversation-user-length", seed, name, s, k));
      const user = k === 0 ? first.prompt : buildPrompt(tok, words, [], stream("conversation-user", seed, name, cellLabel, s, k), userTokens);
      const think = conversation.thinkTimeMs;
      const thinkMs = k === 0 || think === 0 ? 0 : drawLength(think, stream("conversation-think", seed, name, s, k));
      const syntheticAnswer = conversation.answers === "synthetic" ? buildPrompt(tok, words, [], stream("conversation-answer", seed, name, cellLabel, s, k), maxTokens) : null;
      turns.push({ user, userTokens, maxTokens, thinkMs, syntheticAnswer });
    }
    return { turns };
  });
}
function turnMessages(session, k, answers) {
  const messages = [];
  for (let j = 0; j < k; j++) {
    const answer = answers[j];
    if (answer === void 0) throw new Error(`turn ${k + 1} needs the answer of turn ${j + 1}, which is missing`);
    messages.push({ role: "user", content: session.turns[j].user }, { role: "assistant", content: answer });
  }
  messages.push({ role: "user", content: session.turns[k].user });
  return messages;
}
function sessionItems(sessions) {
  return sessions.flatMap(
    (s) => s.turns.map((t) => ({
      prompt: t.user,
      inputTokens: t.userTokens,
      maxTokens: t.maxTokens,
      atMs: t.thinkMs,
      ...t.syntheticAnswer === null ? {} : { messages: [{ role: "assistant", content: t.syntheticAnswer }] }
    }))
  );
}

// src/load/conversation-client.ts
var ConversationClient = class {
  client;
  constructor(opts) {
    this.client = new InferenceClient(opts);
  }
  /** One chat request with these messages, keeping at most what a history may keep of its answer; never throws for request failures (they are data). */
  send(messages, maxTokens, inputTokens, model, cancel) {
    return this.client.streamText({ prompt: "", messages, inputTokens, maxTokens }, model, cancel, maxTokens * ANSWER_UNITS_PER_TOKEN);
  }
  close() {
    return this.client.close();
  }
  destroy() {
    return this.client.destroy();
  }
};
var ANSWER_UNITS_PER_TOKEN = 32;
function refused(outcome2, message) {
  return { ...outcome2, nIn: null, nOut: null, tokenSource: null, failure: "bad-response", message };
}
function sessionSender(client, sessions, model, countTokens) {
  const histories = /* @__PURE__ */ new Map();
  return async (s, k, cancel) => {
    const session = sessions[s];
    const turn = session.turns[k];
    let h = histories.get(s);
    if (h === void 0 || k === 0) histories.set(s, h = { answers: [], tokens: 0 });
    const messages = turnMessages(session, k, h.answers);
    const inputTokens = h.tokens + turn.userTokens;
    const { outcome: sent, answer, answerUnits } = await sendOrFail(client, messages, turn.maxTokens, inputTokens, model, cancel);
    let outcome2 = sent;
    const most = turn.maxTokens * ANSWER_UNITS_PER_TOKEN;
    if (outcome2.failure === null && !outcome2.cancelled && answerUnits > most) {
      outcome2 = refused(
        outcome2,
        `the answer was ${answerUnits} characters, more than a history keeps for max_tokens ${turn.maxTokens} (${ANSWER_UNITS_PER_TOKEN} a token, ${most}): the server ignored max_tokens; the session ends at this turn`
      );
    }
    const last = k === session.turns.length - 1;
    if (outcome2.failure !== null || outcome2.cancelled || last) histories.delete(s);
    else {
      const kept = turn.syntheticAnswer ?? answer;
      h.answers.push(kept);
      const answerTokens = turn.syntheticAnswer !== null ? turn.maxTokens : outcome2.nOut ?? countTokens(kept);
      h.tokens = inputTokens + answerTokens;
    }
    return outcome2;
  };
}
async function sendOrFail(client, messages, maxTokens, inputTokens, model, cancel) {
  const tSend = performance3.now();
  try {
    return await client.send(messages, maxTokens, inputTokens, model, cancel);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    const tDone = performance3.now();
    const outcome2 = {
      tSend,
      tFirst: null,
      tLast: null,
      tDone,
      gaps: [],
      outputEvents: 0,
      nIn: null,
      nOut: null,
      tokenSource: null,
      status: null,
      failure: "bad-response",
      message: `the turn could not be sent: ${why.slice(0, 200)}`,
      finishReason: null,
      systemFingerprint: null,
      cancelled: false
    };
    return { outcome: outcome2, answer: "", answerUnits: 0 };
  }
}

// src/load/sessions.ts
import { performance as performance4 } from "node:perf_hooks";
async function runSessions(o) {
  if (!Number.isInteger(o.turns) || o.turns < 1) throw new Error(`a session needs at least one turn, got ${o.turns}`);
  const clock = startCellClock(o.maxDurationMs, o.cancel);
  const { start, deadline, stopped } = clock;
  const records = [];
  const dispatchLagMs = [];
  let measuredSent = 0;
  const open = isOpen(o.load);
  const runSession = async (s, due) => {
    const pacer = createPacer();
    const warmup = s < o.warmupSessions;
    let at = due;
    for (let k = 0; k < o.turns; k++) {
      if (k > 0) {
        at += o.thinkMs(s, k);
        await pacer.wait(at, deadline, o.cancel);
        if (stopped() || performance4.now() < at) return;
        if (open) dispatchLagMs.push(performance4.now() - at);
      }
      const outcome2 = await o.send(s, k, o.cancel);
      const index = s * o.turns + k;
      const rec = newRecord(index, warmup, at, o.maxTokens(s, k), outcome2);
      records.push(rec);
      if (!warmup) measuredSent++;
      o.onDone?.(rec);
      if (outcome2.failure !== null || outcome2.cancelled) return;
      at = outcome2.tDone;
    }
  };
  const shard = o.shard ?? SINGLE;
  const own = [];
  for (let s = 0; s < o.sessions; s++) if (ownsRequest(o.load, s, shard)) own.push(s);
  const load = shardLoad(o.load, shard);
  if (!isOpen(load)) {
    await closedLoop(inFlight(load), own, stopped, runSession);
  } else {
    const next = drawnArrivals(load, o.seedMaterial);
    if (next === null) throw new Error(`load '${load.label}': a conversation's sessions arrive on a drawn schedule; a ${load.shape} load draws none`);
    await openLoop(() => next(), own, o.sessions, o.warmupSessions, start, deadline, inFlight(load), stopped, runSession, o.cancel, dispatchLagMs);
  }
  const loopDelay = clock.loopDelay();
  records.sort((a, b) => a.index - b.index);
  const measuredPlanned = own.filter((s) => s >= o.warmupSessions).length * o.turns;
  return {
    records,
    notSent: Math.max(0, measuredPlanned - measuredSent),
    stoppedBy: o.cancel.aborted ? "interrupt" : measuredSent === measuredPlanned ? "count" : clock.stoppedBy,
    loopDelay,
    dispatchLagMs,
    // The arrival times plan sessions, not requests: no request rate was scheduled.
    plannedRps: null
  };
}

// src/run/conversation-step.ts
var sessionsOf = /* @__PURE__ */ new WeakMap();
function warmupSessions(warmup, turns, load) {
  if (warmup === "auto") return inFlight(load) ?? 1;
  return Math.ceil(warmup / turns);
}
function measuredSessions(requests, turns) {
  return Math.ceil(requests / turns);
}
async function conversationWork(plan, scenario, load, trial) {
  const conversation = scenario.conversation;
  const warm = warmupSessions(plan.limits.warmup, conversation.turns, load);
  const count = warm + measuredSessions(plan.limits.requests, conversation.turns);
  const cellLabel = trial === 0 ? load.label : `${load.label}#${trial + 1}`;
  const sessions = await buildSessions({ seed: plan.seed, encoding: plan.encoding, scenario, conversation, cellLabel, count });
  const items = sessionItems(sessions);
  sessionsOf.set(items, { sessions, warmupSessions: warm });
  return items;
}
function conversationWarmupRequests(items, turns) {
  return (sessionsOf.get(items)?.warmupSessions ?? 0) * turns;
}
async function runConversationTrial(o) {
  const work = sessionsOf.get(o.items);
  if (work === void 0) throw new Error(`scenario '${o.scenario.name}': its sessions were not built (conversationWork)`);
  const { sessions } = work;
  const turns = o.scenario.conversation.turns;
  return runSessions({
    load: o.load,
    sessions: sessions.length,
    warmupSessions: work.warmupSessions,
    turns,
    maxDurationMs: o.plan.limits.maxDurationS * 1e3,
    seedMaterial: `${o.plan.seed}|${o.scenario.name}|${o.trial}`,
    thinkMs: (s, k) => sessions[s].turns[k].thinkMs,
    maxTokens: (s, k) => sessions[s].turns[k].maxTokens,
    send: sessionSender(o.client, sessions, o.model, o.countTokens),
    cancel: o.cancel,
    ...o.onDone === void 0 ? {} : { onDone: o.onDone },
    ...o.shard === void 0 ? {} : { shard: o.shard }
  });
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
function assertCredentialsAccepted(records, target, cell, keyState) {
  const answered = records.filter((r) => !r.cancelled);
  if (answered.length === 0 || !answered.every((r) => r.status !== null && AUTH_STATUSES.has(r.status))) return;
  const statuses = [...new Set(answered.map((r) => r.status))].join("/");
  throw new TargetError(
    `every request of cell ${cell} was refused (HTTP ${statuses}): ${credentialsRefused(target, keyState)}`,
    "POST",
    `${target.url}/v1/${target.api === "chat" ? "chat/completions" : "completions"}`
  );
}
var MODELS_SHOWN = 10;
function refusalText(message) {
  if (message === null) return null;
  const body = message.replace(/^HTTP \d{3}: /, "");
  try {
    const j = JSON.parse(body);
    const said = typeof j.error === "string" ? j.error : j.error?.message ?? j.message ?? j.detail;
    if (typeof said === "string" && said.trim() !== "") return said.trim();
  } catch {
  }
  return body.trim() === "" ? null : body.trim();
}
function servedList(models) {
  if (models.length === 0) return null;
  const shown = models.slice(0, MODELS_SHOWN).join(", ");
  return models.length > MODELS_SHOWN ? `${shown} (and ${models.length - MODELS_SHOWN} more)` : shown;
}
function firstFailuresError(stop, side) {
  const said = refusalText(stop.message);
  const first = stop.count === 1 ? "the first request" : `the first ${stop.count} requests`;
  const head = `${side.label}${first} ${stop.count === 1 ? "was" : "were all"} refused with HTTP ${stop.status}${said === null ? "" : ` (${said})`}, so the run stopped early`;
  const served = servedList(side.served);
  const asked = side.target.model === null ? `the run asked for '${side.model}', the first it lists` : `target.model is '${side.model}'`;
  const listed = served === null ? `GET /v1/models lists no model; ${asked}` : `the server serves: ${served}; ${asked}`;
  let advice;
  if (AUTH_STATUSES.has(stop.status)) advice = credentialsRefused(side.target, side.keyState);
  else if (!side.served.includes(side.model)) advice = `set target.model (or --model) to ${side.served.length === 1 ? "it" : "one of those"}`;
  else advice = "the model is listed, so the server refuses the requests themselves: check target.api, target.headers and the scenario's lengths against what the server accepts";
  return new TargetError(`${head}: ${listed}. ${advice[0].toUpperCase()}${advice.slice(1)}`, "POST", `${side.target.url}/v1/${side.target.api === "chat" ? "chat/completions" : "completions"}`);
}

// src/load/first-failures.ts
var FIRST_FAILURES_STOP = 5;
var UNUSABLE_4XX = /* @__PURE__ */ new Set([401, 403, 404]);
var FirstFailureWatch = class {
  constructor(stopAt = FIRST_FAILURES_STOP) {
    this.stopAt = stopAt;
  }
  stopAt;
  status = null;
  message = null;
  count = 0;
  armed = true;
  fired = null;
  /** The refusal once the rule has held; null until then (and for good once disarmed). */
  get stopped() {
    return this.fired;
  }
  /**
   * Feeds a finished request, in the order they finished; returns the
   * refusal when this one completes the rule. A record without its status
   * says nothing either way.
   */
  add(rec) {
    if (!this.armed || rec.cancelled) return null;
    if (rec.failure === "http-4xx" && rec.status === null) return null;
    const refused2 = rec.failure === "http-4xx" && rec.status !== null && UNUSABLE_4XX.has(rec.status);
    if (!refused2 || this.status !== null && rec.status !== this.status) {
      this.armed = false;
      return null;
    }
    if (this.status === null) {
      this.status = rec.status;
      this.message = rec.message;
    }
    this.count++;
    return this.count >= this.stopAt ? this.fire() : null;
  }
  /** At the end of a cell: every request the run has finished so far was refused alike, however few. */
  cellEnded() {
    return this.armed && this.count > 0 ? this.fire() : null;
  }
  fire() {
    this.armed = false;
    this.fired = { status: this.status, count: this.count, message: this.message };
    return this.fired;
  }
};

// src/run/priority.ts
import os from "node:os";
var DEFAULT_NICE = -10;
var outcome = null;
function current() {
  try {
    return os.getPriority(0);
  } catch {
    return null;
  }
}
function raiseSchedulingPriority(env = process.env) {
  if (outcome !== null) return outcome;
  const setting = env.LLM_PERF_GATE_NICE?.trim();
  if (setting === "off") return outcome = { asked: null, nice: current(), raised: false, note: "not asked: LLM_PERF_GATE_NICE=off" };
  const asked = setting === void 0 || setting === "" ? DEFAULT_NICE : Number(setting);
  if (!Number.isInteger(asked) || asked < -20 || asked > 19) {
    return outcome = { asked: null, nice: current(), raised: false, note: `not asked: LLM_PERF_GATE_NICE='${setting}' is not an integer in -20..19 or 'off'` };
  }
  const before = current();
  if (before !== null && before <= asked) return outcome = { asked, nice: before, raised: true, note: null };
  try {
    os.setPriority(0, asked);
  } catch (err) {
    const code = err.info?.code ?? err.code ?? "error";
    return outcome = {
      asked,
      nice: before,
      raised: false,
      note: `the OS refused nice ${asked} (${code}): only root or CAP_SYS_NICE may raise a priority; the run went on at nice ${before ?? "unknown"}`
    };
  }
  const now = current();
  return outcome = { asked, nice: now, raised: now !== null && now <= asked, note: null };
}

// src/run/workers.ts
import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { performance as performance5 } from "node:perf_hooks";
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
  const open = runs.some((r) => r.plannedRps !== null);
  return {
    records,
    notSent: runs.reduce((s, r) => s + r.notSent, 0),
    stoppedBy: runs.reduce((w, r) => RANK[r.stoppedBy] > RANK[w] ? r.stoppedBy : w, "count"),
    loopDelay: { p99Ms: Math.max(0, ...runs.map((r) => r.loopDelay.p99Ms)), maxMs: Math.max(0, ...runs.map((r) => r.loopDelay.maxMs)) },
    dispatchLagMs: runs.flatMap((r) => r.dispatchLagMs),
    plannedRps: open && span > 0 ? (due.length - 1) / (span / 1e3) : null
  };
}
async function openWorkers(o) {
  const script2 = await workerScript();
  const setup = (i) => {
    const spec = workerShard(i, o.size, o.machine);
    const most = Math.max(1, ...o.plan.loads.map((l) => shardLoad(l, spec)).map((l) => inFlight(l) ?? 0));
    return {
      role: "llm-perf-gate-shard",
      target: o.target,
      timeouts: o.plan.timeouts,
      limits: o.plan.responseLimits,
      connections: o.connections === null ? null : most,
      apiKey: o.apiKey,
      encoding: o.plan.encoding,
      timeOrigin: performance5.timeOrigin
    };
  };
  const workers = Array.from({ length: o.size }, (_, i) => new Worker(script2.path, { workerData: setup(i) }));
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
    if (script2.built) await rm(script2.path, { force: true });
  }
  return {
    size: o.size,
    async runCell(cell) {
      const progress = (m) => {
        if (m.type !== "progress" || cell.onDone === void 0) return;
        for (const d of m.done) cell.onDone(newRecord(0, d.warmup, 0, 0, { ...emptyOutcome(0), failure: d.failure, cancelled: d.cancelled, status: d.status, message: d.message }));
      };
      const onAbort = () => workers.forEach((w) => w.postMessage({ type: "cancel" }));
      cell.cancel.addEventListener("abort", onAbort, { once: true });
      try {
        const runs = await Promise.all(
          workers.map(async (w, i) => {
            const shard = workerShard(i, o.size, o.machine);
            const items = [];
            for (let j = 0; j < cell.count; j++) if (ownsRequest(cell.load, j, shard)) items.push([j, cell.items[j]]);
            w.on("message", progress);
            const done = next(w, "cell");
            const msg = {
              type: "cell",
              load: cell.load,
              count: cell.count,
              warmup: cell.warmup,
              maxDurationMs: cell.maxDurationMs,
              seedMaterial: cell.seedMaterial,
              model: cell.model,
              shard,
              items
            };
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
        cell.cancel.removeEventListener("abort", onAbort);
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

// src/run/telemetry-thread.ts
import { rmSync } from "node:fs";
import { performance as performance6 } from "node:perf_hooks";
import { Worker as Worker2 } from "node:worker_threads";
var script = null;
function telemetryScript() {
  script ??= workerScript().then((s) => {
    if (s.built) process.once("exit", () => rmSync(s.path, { force: true }));
    return s;
  });
  script.catch(() => script = null);
  return script;
}
function reply(w) {
  return new Promise((resolve, reject) => {
    const onMessage = (m) => {
      w.off("error", onError);
      w.off("exit", onExit);
      resolve(m);
    };
    const onError = (err) => {
      w.off("message", onMessage);
      w.off("exit", onExit);
      reject(err);
    };
    const onExit = (code) => {
      w.off("message", onMessage);
      w.off("error", onError);
      reject(new Error(`the telemetry thread exited (${code})`));
    };
    w.once("message", onMessage);
    w.once("error", onError);
    w.once("exit", onExit);
  });
}
async function startCellTelemetryThread(options) {
  let w;
  let first;
  try {
    const { path } = await telemetryScript();
    const setup = { role: "llm-perf-gate-telemetry", options, timeOrigin: performance6.timeOrigin };
    w = new Worker2(path, { workerData: setup });
    first = await reply(w);
    if (first.type !== "started") throw new Error(first.type === "error" ? first.message : `unexpected '${first.type}'`);
  } catch {
    return startCellTelemetry(options);
  }
  return {
    async stop(client, window) {
      w.postMessage({ type: "stop", client: client ?? null, window: window ?? null });
      try {
        const m = await reply(w);
        if (m.type !== "stopped") throw new Error(m.type === "error" ? m.message : `unexpected '${m.type}'`);
        return m.telemetry;
      } finally {
        await w.terminate();
      }
    }
  };
}

// src/telemetry/listener.ts
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
var MAX_PROCESSES = 5e3;
var MAX_FDS_PER_PROCESS = 1e4;
function listeningInodes(port, procRoot) {
  const inodes = /* @__PURE__ */ new Set();
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  for (const file of ["net/tcp", "net/tcp6"]) {
    let text;
    try {
      text = readFileSync(`${procRoot}/${file}`, "utf8");
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
    dirs = readdirSync(procRoot).filter((d) => /^\d+$/.test(d)).slice(0, MAX_PROCESSES);
  } catch {
    return [];
  }
  const pids = [];
  for (const d of dirs) {
    let fds;
    try {
      fds = readdirSync(`${procRoot}/${d}/fd`).slice(0, MAX_FDS_PER_PROCESS);
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
function measuredWindow(records) {
  let fromMs = Infinity;
  let toMs = -Infinity;
  for (const r of records) {
    if (r.warmup || r.cancelled) continue;
    if (r.tSend < fromMs) fromMs = r.tSend;
    if (r.tDone > toMs) toMs = r.tDone;
  }
  return toMs > fromMs ? { fromMs, toMs } : null;
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
      const options = {
        baseUrl,
        serverPids: [...serverPids],
        listenerPids: listening(),
        gpuIntervalMs: plan.gpuIntervalMs,
        scrapeIntervalMs: plan.scrapeIntervalMs,
        maxOthersCpuShare: plan.maxNeighbourCpuShare,
        metrics
      };
      return clock === void 0 ? startCellTelemetryThread(options) : startCellTelemetry({ ...options, clock });
    },
    async stopTrial(handle, records) {
      if (handle === null) return void 0;
      const t = await handle.stop(clientTokens(records), measuredWindow(records));
      if (t.engine === null) metrics = false;
      return t;
    }
  };
}

// src/run/ramp-cell.ts
function cellSeedMaterial(plan, scenario, trial) {
  return `${plan.seed}|${scenario.name}|${trial}`;
}
function rampRequestCount(plan, scenario, load, trial) {
  return rampSchedule(load, cellSeedMaterial(plan, scenario, trial)).length;
}
function rampOfCell(plan, scenario, load, trials, shard = SINGLE) {
  return rampResult(
    load.ramp,
    trials.map((t) => ({ records: t.run.records, offsets: rampSchedule(load, cellSeedMaterial(plan, scenario, t.index)), owns: (i) => ownsRequest(load, i, shard) })),
    plan.gate.confidence
  );
}

// src/run/cell-drivers.ts
import { relative } from "node:path";
function steadyCount(plan) {
  return warmupBudget(plan.limits.warmup) + plan.limits.requests;
}
function steadyDriver(scenario, load) {
  return {
    build: (plan, trial, map) => buildCellWorkload(plan, scenario, load, steadyCount(plan), trial, map),
    counts: (plan) => ({ requests: plan.limits.requests, warmup: plan.limits.warmup, warmupMax: warmupBudget(plan.limits.warmup) }),
    run: (r, _items, plan) => r.requests({ warmup: plan.limits.warmup }),
    checksServedLengths: (plan) => plan.limits.warmup !== "auto",
    interleaves: !isOpen(load),
    extras: async ({ plan, firstItems }) => ({ lengths: lengthsOf(firstItems.slice(warmupBudget(plan.limits.warmup))), trace: null })
  };
}
function rampDriver(scenario, load) {
  return {
    build: (plan, trial, map) => buildCellWorkload(plan, scenario, load, rampRequestCount(plan, scenario, load, trial), trial, map),
    counts: (_plan, items) => ({ requests: items.length, warmup: 0, warmupMax: 0 }),
    run: (r) => r.requests({ warmup: 0 }),
    checksServedLengths: () => true,
    interleaves: false,
    extras: async ({ plan, firstItems, trials, shard }) => ({ lengths: lengthsOf(firstItems), trace: null, ramp: rampOfCell(plan, scenario, load, trials, shard) })
  };
}
function traceDriver(scenario, load, trace) {
  return {
    // A trace sends its own requests, as many as its window holds, whatever the count asked for.
    build: (plan, trial, map) => buildCellWorkload(plan, scenario, load, steadyCount(plan), trial, map),
    counts: (_plan, items) => ({ requests: items.length, warmup: 0, warmupMax: 0 }),
    run: (r, items) => r.requests({ warmup: 0, arrivalAt: (i) => items[i].atMs ?? 0, prepare: true }),
    checksServedLengths: () => true,
    interleaves: false,
    extras: async ({ firstItems, items, cwd }) => ({
      lengths: lengthsOf(firstItems),
      // Relative, so the result carries no machine paths.
      trace: { file: relative(cwd, trace.file), format: trace.format, sha256: (await scenarioTrace(trace)).sha256, requests: items.length },
      arrivalTimes: items.map((it) => it.atMs ?? 0)
    })
  };
}
function conversationDriver(scenario, load, conversation) {
  const warmupOf = (items) => conversationWarmupRequests(items, conversation.turns);
  return {
    build: (plan, trial) => conversationWork(plan, scenario, load, trial),
    counts: (_plan, items) => ({ requests: items.length - warmupOf(items), warmup: warmupOf(items), warmupMax: warmupOf(items) }),
    run: (r) => r.sessions(),
    checksServedLengths: () => false,
    interleaves: false,
    extras: async () => ({ lengths: null, trace: null })
  };
}
function driverFor(scenario, load) {
  if (scenario.conversation != null) return conversationDriver(scenario, load, scenario.conversation);
  if (scenario.trace != null) return traceDriver(scenario, load, scenario.trace);
  if (load.shape === "ramp") return rampDriver(scenario, load);
  return steadyDriver(scenario, load);
}

// src/run/interleave.ts
var ORDER = [0, 1, 1, 0];
function interleaver() {
  let turns = 0;
  let current2 = ORDER[0];
  const finished = [false, false];
  const waiting = [];
  let release = () => {
  };
  const both = new Promise((r) => release = r);
  const wake = () => {
    for (const w of waiting.splice(0)) w();
  };
  return {
    bothDone: () => both,
    async turn(who, fn) {
      while (current2 !== who && !finished[1 - who]) await new Promise((r) => waiting.push(r));
      try {
        return await fn();
      } finally {
        turns++;
        current2 = ORDER[turns % ORDER.length];
        wake();
      }
    },
    done(who) {
      finished[who] = true;
      wake();
      if (finished[0] && finished[1]) release();
    }
  };
}
function shifted(r, by, index) {
  if (by === 0 && r.index === index) return r;
  return {
    ...r,
    index,
    tSched: r.tSched - by,
    tSend: r.tSend - by,
    tFirst: r.tFirst === null ? null : r.tFirst - by,
    tLast: r.tLast === null ? null : r.tLast - by,
    tDone: r.tDone - by
  };
}
function blockedRunCell(inner, il, who, block, clock) {
  return async (o) => {
    const records = [];
    const dispatchLagMs = [];
    let notSent = 0;
    let stoppedBy = "count";
    let loopDelay = { p99Ms: 0, maxMs: 0 };
    let activeMs = 0;
    let offset = 0;
    let lastEnd = null;
    let from = 0;
    while (from < o.count) {
      const warm = from === 0 ? o.warmup : 0;
      const n = Math.min(o.count - from, warm + block);
      const left = o.maxDurationMs - activeMs;
      if (o.cancel.aborted || left <= 0) {
        stoppedBy = o.cancel.aborted ? "interrupt" : "duration";
        notSent += o.count - Math.max(from, o.warmup);
        break;
      }
      const start = from;
      const { run: run2, t0, t1 } = await il.turn(who, async () => {
        const t02 = clock.now();
        const run3 = await inner({
          ...o,
          count: n,
          warmup: warm,
          maxDurationMs: left,
          seedMaterial: `${o.seedMaterial}|block ${start}`,
          maxTokens: (i) => o.maxTokens(i + start),
          send: (i, cancel) => o.send(i + start, cancel)
        });
        return { run: run3, t0: t02, t1: clock.now() };
      });
      if (lastEnd !== null) offset += t0 - lastEnd;
      lastEnd = t1;
      activeMs += t1 - t0;
      for (const r of run2.records) records.push(shifted(r, offset, r.index + start));
      dispatchLagMs.push(...run2.dispatchLagMs);
      notSent += run2.notSent;
      loopDelay = { p99Ms: Math.max(loopDelay.p99Ms, run2.loopDelay.p99Ms), maxMs: Math.max(loopDelay.maxMs, run2.loopDelay.maxMs) };
      if (run2.stoppedBy !== "count") {
        stoppedBy = run2.stoppedBy;
        notSent += o.count - (start + n);
        break;
      }
      from += n;
    }
    const out = { records, notSent, stoppedBy, loopDelay, dispatchLagMs, plannedRps: null, activeMs };
    return out;
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
    const c = inFlight(l);
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
  const counter = lazyTokenCounter(plan.encoding);
  return new InferenceClient({
    target,
    timeouts: plan.timeouts,
    connections: capacityConnections(plan, poolConnections(o.shard === void 0 ? plan.loads : plan.loads.map((l) => shardLoad(l, o.shard.spec)), plan.scenarios)),
    apiKey,
    limits: plan.responseLimits,
    countTokens: counter.count,
    countTokensReady: counter.ready
  });
}
async function conversationClient(o, side) {
  if (side.conversation !== void 0) return side.conversation;
  const tokenizer = await getTokenizer(o.plan.encoding);
  side.conversation = new ConversationClient({
    target: side.target,
    timeouts: o.plan.timeouts,
    limits: o.plan.responseLimits,
    connections: null,
    apiKey: apiKeyOf(o, side.target),
    countTokens: (t) => tokenizer.count(t)
  });
  return side.conversation;
}
async function closeConversation(side, destroy) {
  const c = side.conversation;
  side.conversation = void 0;
  if (c !== void 0) await (destroy ? c.destroy() : c.close());
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
    // Raised before any worker thread starts: threads inherit the priority.
    machine: { ...machineInfo(), priority: raiseSchedulingPriority(o.env) },
    git: await gitInfo(o.cwd, o.env),
    ab,
    cells: []
  };
  const pids = (o.startedServers ?? []).filter((s) => s.url === target.url).map((s) => s.pid);
  const telemetry = telemetryRecorder(plan.telemetry, target.url, pids, o.clock);
  return { label, role: ab?.side ?? null, connected: true, target, outPath, client, model: "", doc, trials: /* @__PURE__ */ new Map(), workers: null, telemetry, firstFailures: new FirstFailureWatch() };
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
    o.progress?.note(
      `${label}model '${target.model}' is not in /v1/models (${info.models.join(", ") || "none"}); sending it anyway (the run stops if its first ${FIRST_FAILURES_STOP} requests are all refused alike)`
    );
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
  const last = Math.max(plan.limits.trials, o.sequential?.last ?? plan.limits.trials);
  const lengthMap = await promptLengthMap(plan, sides, blocks !== null, (message) => o.progress?.note(message));
  for (let trial = 0; trial < last; trial++) {
    if (trial >= plan.limits.trials) {
      if (o.signal.aborted || !await o.sequential.more(
        trial,
        sides.map((s) => s.doc)
      ))
        return;
      m.total += cells.length * sides.length;
    }
    const items = /* @__PURE__ */ new Map();
    for (const cell of cells) {
      const built = await cell.driver.build(plan, trial, lengthMap);
      items.set(cell.id, built);
      if (!m.hashes.has(cell.id)) {
        m.hashes.set(cell.id, workloadHash([{ cell: cell.id, items: built }]));
        m.firstTrials.push({ cell: cell.id, items: built });
      }
    }
    if (trial === 0) noteContextOverflow(o, sides, cells, items);
    if (blocks !== null) {
      for (const side of trial % 2 === 0 ? sides : [...sides].reverse()) {
        if (o.signal.aborted) return;
        await blocks.before(side.role);
        try {
          await reopen(side);
          for (const cell of cells) {
            if (o.signal.aborted) return;
            await runStep(o, m, side, sides.length > 1, cell, trial, items.get(cell.id));
          }
        } finally {
          if (side.connected) await side.client.close();
          await closeConversation(side, false);
          side.connected = false;
          await blocks.after(side.role);
        }
      }
      continue;
    }
    for (const cell of cells) {
      const order = sides.length > 1 && createRng(`${plan.seed}|ab-order|${trial}|${cell.id}`).next() < 0.5 ? [...sides].reverse() : sides;
      const block = sides.length === 2 ? interleaveBlock(o, sides, cell) : null;
      if (block !== null) {
        if (o.signal.aborted) return;
        const il = interleaver();
        const steps = order.map(async (side, k) => {
          const who = k;
          try {
            await runStep(o, m, side, true, cell, trial, items.get(cell.id), { il, who, block });
          } finally {
            il.done(who);
          }
        });
        const settled = await Promise.allSettled(steps);
        const failed = settled.find((s) => s.status === "rejected");
        if (failed !== void 0) throw failed.reason;
        continue;
      }
      for (const side of order) {
        if (o.signal.aborted) return;
        await runStep(o, m, side, sides.length > 1, cell, trial, items.get(cell.id));
      }
    }
  }
}
function interleaveBlock(o, sides, cell) {
  if ((o.plan.ab?.interleave ?? "blocks") !== "blocks" || o.shard !== void 0) return null;
  if (!cell.driver.interleaves || sides.some((s) => s.workers !== null)) return null;
  return Math.max(4, 4 * (inFlight(cell.load) ?? 1));
}
function noteContextOverflow(o, sides, cells, items) {
  for (const side of sides) {
    const limit = contextLimit(side.doc.target?.model_entries ?? [], side.model);
    if (limit === null) continue;
    for (const cell of cells) {
      const note = contextOverflowNote(cell.id, side.label, contextOverflow(items.get(cell.id) ?? [], limit.tokens), limit);
      if (note !== null) o.progress?.note(note);
    }
  }
}
function cellsOf(scenario, loads) {
  return (scenario.trace == null ? loads : [TRACE_LOAD]).map((load) => ({ id: cellId(scenario, load), scenario, load, driver: driverFor(scenario, load) }));
}
async function runStep(o, m, side, paired, cell, trial, items, turns) {
  const { plan } = o;
  side.doc.workload_hash = workloadHash(m.firstTrials);
  const { driver } = cell;
  const counts = driver.counts(plan, items);
  o.progress?.cellStart({
    step: m.step++,
    steps: m.total,
    cell: cell.index,
    cells: m.cells,
    trial,
    trials: Math.max(plan.limits.trials, trial + 1),
    side: side.label,
    id: cell.id,
    ...counts
  });
  const tel = await side.telemetry.startTrial();
  const startedAt = (/* @__PURE__ */ new Date()).toISOString();
  const clock = o.clock ?? systemClock;
  const t0 = clock.now();
  const refused2 = new AbortController();
  const cellCancel = AbortSignal.any([o.signal, refused2.signal]);
  const watch = side.firstFailures;
  const onDone = (rec) => {
    o.progress?.requestDone(rec);
    if (watch.add(rec) !== null) refused2.abort();
  };
  const send = (i, cancel) => side.client.stream(items[i], side.model, cancel);
  const plainRun = side.workers === null ? runCell : (opts) => side.workers.runCell({ ...opts, model: side.model, items });
  const cellRun = turns === void 0 ? plainRun : blockedRunCell(plainRun, turns.il, turns.who, turns.block, clock);
  const runners = {
    requests: (d) => runCellWarm(
      {
        load: cell.load,
        count: items.length,
        warmup: d.warmup,
        maxDurationMs: plan.limits.maxDurationS * 1e3,
        seedMaterial: cellSeedMaterial(plan, cell.scenario, trial),
        maxTokens: (i) => items[i].maxTokens,
        send,
        cancel: cellCancel,
        onDone,
        shard: o.shard?.spec,
        clock,
        ...d.arrivalAt === void 0 ? {} : { arrivalAt: d.arrivalAt },
        ...d.prepare === true ? { prepare: (i) => side.client.prepare(items[i], side.model) } : {}
      },
      cellRun
    ),
    // Multi-turn sessions run on this thread (their turns wait on each other's answers), shards included.
    sessions: async () => {
      const tokenizer = await getTokenizer(plan.encoding);
      const run3 = await runConversationTrial({
        plan,
        scenario: cell.scenario,
        load: cell.load,
        items,
        trial,
        client: await conversationClient(o, side),
        model: side.model,
        countTokens: (t) => tokenizer.count(t),
        cancel: cellCancel,
        onDone,
        ...o.shard === void 0 ? {} : { shard: o.shard.spec }
      });
      return { run: run3, warmup: null };
    }
  };
  let measured;
  try {
    measured = await driver.run(runners, items, plan);
  } catch (err) {
    await side.telemetry.stopTrial(tel, []);
    throw err;
  }
  const { run: run2, warmup } = measured;
  const stop = watch.stopped ?? watch.cellEnded();
  if (trial === 0 && driver.checksServedLengths(plan)) {
    const pairs = run2.records.filter((r) => !r.warmup && r.failure === null && r.tokenSource === "server").map((r) => ({ asked: items[r.index].inputTokens, served: r.nIn }));
    const note = servedLengthNote(cell.id, side.label, servedLengths(pairs), side.target.api);
    if (note !== null) o.progress?.note(note);
  }
  if (turns !== void 0) {
    turns.il.done(turns.who);
    await turns.il.bothDone();
  }
  const durationS = Math.round("activeMs" in run2 && typeof run2.activeMs === "number" ? run2.activeMs : clock.now() - t0) / 1e3;
  const telemetry = await side.telemetry.stopTrial(tel, run2.records);
  const trials = side.trials.get(cell.id) ?? [];
  side.trials.set(cell.id, trials);
  trials.push({ index: trial, pair: paired ? trial : null, run: run2, startedAt, durationS, warmup, ...telemetry ? { telemetry } : {}, ...turns === void 0 ? {} : { blockRequests: turns.block } });
  const fp = run2.records.find((r) => r.systemFingerprint !== null)?.systemFingerprint;
  if (fp && side.doc.target !== null && side.doc.target.system_fingerprint === null) side.doc.target.system_fingerprint = fp;
  const extras = await driver.extras({ plan, firstItems: m.firstTrials.find((f) => f.cell === cell.id).items, items, trials, cwd: o.cwd, shard: o.shard?.spec });
  const assembled = assembleCell({
    id: cell.id,
    scenario: cell.scenario,
    // Relative, so the result carries no machine paths.
    datasetLabel: cell.scenario.dataset === null ? null : relative2(o.cwd, cell.scenario.dataset),
    load: cell.load,
    ...extras.arrivalTimes === void 0 ? {} : { arrivalTimes: extras.arrivalTimes },
    slos: plan.slos,
    workloadHash: m.hashes.get(cell.id),
    trials,
    // The first trial's measured requests: every trial asks for the same lengths.
    lengths: extras.lengths,
    conversation: plan.config.scenarios.find((s) => s.name === cell.scenario.name)?.conversation ?? null,
    trace: extras.trace,
    hourlyUsd: plan.config.cost === void 0 ? null : hourlyUsd(plan.config.cost)
  });
  const result = extras.ramp === void 0 ? assembled : { ...assembled, ramp: extras.ramp };
  const at = side.doc.cells.findIndex((c) => c.id === cell.id);
  if (at >= 0) side.doc.cells[at] = result;
  else side.doc.cells.push(result);
  await writeResult(side.outPath, side.doc);
  o.progress?.cellEnd(result, side.label);
  const keyState = side.target.apiKeyEnv === null ? "none" : "sent";
  if (stop !== null) throw firstFailuresError(stop, { target: side.target, model: side.model, served: side.doc.target?.models ?? [], label: side.label, keyState });
  assertCredentialsAccepted(run2.records, side.target, cell.id, keyState);
}
async function runSides(o, open, blocks = null) {
  const machine = o.shard?.spec ?? SINGLE;
  const parts = machine.count * o.plan.limits.workers;
  if (parts > 1) {
    assertShardable(o.plan, { index: 0, count: parts }, o.plan.limits.workers > 1 ? "shards x workers" : "shards");
    if (o.plan.limits.warmup === "auto") throw new RunSetupError("run.warmup auto cannot be split across shards or workers: set a warm-up count");
    if (blocks !== null) throw new RunSetupError("ab.schedule alternate cannot run with shards or workers");
  }
  const sides = await open();
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
      await closeConversation(s, true);
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
    await closeConversation(s, o.signal.aborted);
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
  const lastLook = o.sequential?.last ?? o.plan.limits.trials;
  const looks = lastLook > o.plan.limits.trials ? { looks: { first: o.plan.limits.trials, last: lastLook } } : {};
  const target = (s) => ({ ...o.plan.target, url: s.url, model: s.model ?? o.plan.target.model });
  const opts = { ...o, outPath: o.outPaths.candidate };
  const open = alternate ? createSide : openSide;
  const [baseline, candidate] = await runSides(
    opts,
    async () => {
      const b = await open(opts, target(ab.baseline), o.outPaths.baseline, "[baseline] ", { run_id: runId, side: "baseline", ...looks });
      try {
        return [b, await open(opts, target(ab.candidate), o.outPaths.candidate, "[candidate] ", { run_id: runId, side: "candidate", ...looks })];
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
  const started = /* @__PURE__ */ new Map();
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
    const line = liveLine({ label, phase: measuring ? "measure" : "warmup", warmDone, warmPlanned, warmAuto, done, planned, failed, rate, elapsedS, cellLeftS, runLeftS }, log.columns("status"));
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
      started.set(s.side, { label, at: cellStart });
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
    cellEnd(cell, side) {
      const own = started.get(side) ?? { label, at: cellStart };
      const sideLabel = own.label;
      stepSeconds.push((clock.now() - own.at) / 1e3);
      const m = cell.metrics;
      log.info(`${sideLabel}: ${m.counts.completed}/${m.counts.attempted} ok, ${m.rps.toFixed(2)} req/s, ${m.output_tps.toFixed(0)} out tok/s, ttft p50 ${m.ttft_ms?.p50?.toFixed(1) ?? "-"} ms`);
      const t = cell.trials.at(-1)?.telemetry;
      if (t) log.info(`${sideLabel}: telemetry: ${telemetryLine(t)}`);
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
  for (const [side, d] of [
    ["baseline", docs.baseline],
    ["candidate", docs.candidate]
  ]) {
    if (d.environment) host.log.out(`${side} environment: ${environmentText(d.environment)}`);
  }
  return docs;
}

export {
  cellId,
  startLaunch,
  stopLaunch,
  withServers,
  measure,
  measureAb
};
