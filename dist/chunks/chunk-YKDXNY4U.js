import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  summarizeGaps
} from "./chunk-LWJVHEHR.js";
import {
  combine,
  holds,
  judgeSlo,
  parseCapacitySlos
} from "./chunk-4RCXW3T6.js";
import {
  checkCapacitySlo
} from "./chunk-54LALYOF.js";
import {
  HIST_SCALE,
  decodeHistogram,
  minSamplesFor,
  newHistogram,
  rampStepOf,
  rampStepRate,
  rampStepWindow,
  recordScaled,
  require_dist,
  summarize
} from "./chunk-SCGBAURB.js";
import {
  __toESM
} from "./chunk-SK3CJ3HN.js";

// src/metrics/merge.ts
var hdr = __toESM(require_dist(), 1);
var MAX_ERROR_EXAMPLES = 3;
var r3 = (x) => Math.round(x * 1e3) / 1e3;
var r6 = (x) => Math.round(x * 1e6) / 1e6;
var sum = (xs) => xs.reduce((a, b) => a + b, 0);
function mergeDistributions(ds) {
  const parts = ds.filter((d) => d !== null);
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0];
  const h = newHistogram();
  for (const d of parts) {
    const part = decodeHistogram(d.hist);
    h.add(part);
    part.destroy();
  }
  const n = sum(parts.map((d) => d.n));
  const mean = sum(parts.map((d) => d.n * d.mean)) / n;
  const ss = sum(parts.map((d) => (d.n - 1) * d.stddev * d.stddev + d.n * (d.mean - mean) * (d.mean - mean)));
  const pct = (p) => n >= minSamplesFor(p) ? r3(h.getValueAtPercentile(p) / HIST_SCALE) : null;
  const out = {
    unit: parts[0].unit,
    n,
    mean: r3(mean),
    stddev: r3(n > 1 ? Math.sqrt(ss / (n - 1)) : 0),
    min: Math.min(...parts.map((d) => d.min)),
    p50: pct(50),
    p90: pct(90),
    p95: pct(95),
    p99: pct(99),
    max: Math.max(...parts.map((d) => d.max)),
    hist: hdr.encodeIntoCompressedBase64(h)
  };
  h.destroy();
  return out;
}
function mergeErrors(parts) {
  const out = {};
  for (const p of parts) {
    for (const [cls, e] of Object.entries(p.metrics.errors)) {
      const m = out[cls] ??= { count: 0, examples: [] };
      m.count += e.count;
      for (const x of e.examples) if (m.examples.length < MAX_ERROR_EXAMPLES && !m.examples.includes(x)) m.examples.push(x);
    }
  }
  return out;
}
function concatSamples(parts) {
  const out = { ttft_ms: [], queued_ttft_ms: [], e2e_ms: [], tpot_ms: [], n_in: [], n_out: [] };
  for (const p of parts) for (const k of Object.keys(out)) out[k].push(...p.samples[k]);
  return out;
}
function weighted(parts, pick) {
  let total = 0;
  let n = 0;
  for (const p of parts) {
    const v = pick(p.metrics);
    if (v === null) continue;
    total += v * p.metrics.counts.completed;
    n += p.metrics.counts.completed;
  }
  return { total, n };
}
function mergeMetrics(parts, windowS) {
  const samples = concatSamples(parts);
  const c = (k) => sum(parts.map((p) => p.metrics.counts[k]));
  const counts = { attempted: c("attempted"), completed: c("completed"), failed: c("failed"), warmup: c("warmup"), not_sent: c("not_sent"), cancelled: c("cancelled") };
  const perS = (x) => windowS > 0 ? r6(x / windowS) : 0;
  const sumIn = sum(samples.n_in);
  const sumOut = sum(samples.n_out);
  const n = counts.completed;
  const slosSet = parts.some((p) => p.metrics.goodput_ratio !== null);
  const good = sum(parts.map((p) => Math.round((p.metrics.goodput_ratio ?? 0) * p.metrics.counts.attempted)));
  const busyMs = sum(parts.map((p) => p.metrics.concurrency.achieved_mean * p.metrics.window_s * 1e3));
  const offered = parts.map((p) => p.metrics.offered_rps).filter((x) => x !== null);
  const requested = weighted(parts, (m) => m.tokens.output_requested_mean);
  const honoured = weighted(parts, (m) => m.tokens.output_honoured);
  const events = sum(parts.map((p) => p.metrics.tokens.tokens_per_chunk_mean ? sum(p.samples.n_out) / p.metrics.tokens.tokens_per_chunk_mean : 0));
  const d = (pick) => mergeDistributions(parts.map((p) => pick(p.metrics)));
  return {
    counts,
    window_s: r6(windowS),
    rps: perS(n),
    input_tps: perS(sumIn),
    output_tps: perS(sumOut),
    total_tps: perS(sumIn + sumOut),
    error_rate: counts.attempted > 0 ? r6(counts.failed / counts.attempted) : 0,
    goodput_rps: slosSet ? perS(good) : null,
    goodput_ratio: slosSet ? counts.attempted > 0 ? r6(good / counts.attempted) : 0 : null,
    // Exact: these are recomputed from the concatenated per-request samples, as a single run computes them.
    ttft_ms: summarize(samples.ttft_ms, "ms"),
    queued_ttft_ms: summarize(samples.queued_ttft_ms, "ms"),
    e2e_ms: summarize(samples.e2e_ms, "ms"),
    tpot_ms: d((m) => m.tpot_ms),
    itl_ms: d((m) => m.itl_ms),
    queued_e2e_ms: d((m) => m.queued_e2e_ms),
    user_tps: d((m) => m.user_tps),
    schedule_lag_ms: d((m) => m.schedule_lag_ms),
    // Little's law over the common window; the maximum in flight is bounded by the
    // parts' maxima summed (they are not known to have peaked at the same instant).
    concurrency: { achieved_mean: windowS > 0 ? r3(busyMs / (windowS * 1e3)) : 0, achieved_max: sum(parts.map((p) => p.metrics.concurrency.achieved_max)) },
    offered_rps: offered.length > 0 ? r6(sum(offered)) : null,
    tokens: {
      input_mean: n > 0 ? r3(sumIn / n) : null,
      output_mean: n > 0 ? r3(sumOut / n) : null,
      output_requested_mean: requested.n > 0 ? r3(requested.total / requested.n) : null,
      output_honoured: honoured.n > 0 ? r6(honoured.total / honoured.n) : null,
      tokens_per_chunk_mean: events > 0 ? r3(sumOut / events) : null,
      sources: { server: sum(parts.map((p) => p.metrics.tokens.sources.server)), client: sum(parts.map((p) => p.metrics.tokens.sources.client)) },
      // Absent on a part that had none; present on the merge when any part had some.
      ...parts.some((p) => p.metrics.tokens.server_counts_refused !== void 0) ? { server_counts_refused: sum(parts.map((p) => p.metrics.tokens.server_counts_refused ?? 0)) } : {}
    },
    errors: mergeErrors(parts),
    samples
  };
}

// src/metrics/turns.ts
var r32 = (x) => Math.round(x * 1e3) / 1e3;
function turnMetrics(records, turns) {
  const by = Array.from({ length: turns }, () => ({ attempted: 0, nIn: [], ttft: [], queued: [] }));
  for (const r of records) {
    if (r.warmup || r.cancelled) continue;
    const t = by[r.index % turns];
    t.attempted++;
    if (r.failure !== null) continue;
    if (r.nIn !== null && Number.isFinite(r.nIn)) t.nIn.push(r.nIn);
    if (r.tFirst !== null) {
      t.ttft.push(r32(r.tFirst - r.tSend));
      t.queued.push(r32(r.tFirst - r.tSched));
    }
  }
  return by.map((t, k) => ({
    turn: k + 1,
    attempted: t.attempted,
    completed: t.ttft.length,
    input_tokens_mean: t.nIn.length === 0 ? null : r32(t.nIn.reduce((a, b) => a + b, 0) / t.nIn.length),
    ttft_ms: summarize(t.ttft, "ms"),
    queued_ttft_ms: summarize(t.queued, "ms")
  }));
}
function mergeTurns(parts) {
  const turns = Math.max(0, ...parts.map((p) => p.length));
  return Array.from({ length: turns }, (_, k) => {
    const own = parts.map((p) => p[k]).filter((t) => t !== void 0);
    const weighed = own.filter((t) => t.input_tokens_mean !== null && t.completed > 0);
    const n = weighed.reduce((a, t) => a + t.completed, 0);
    return {
      turn: k + 1,
      attempted: own.reduce((a, t) => a + t.attempted, 0),
      completed: own.reduce((a, t) => a + t.completed, 0),
      input_tokens_mean: n === 0 ? null : r32(weighed.reduce((a, t) => a + t.input_tokens_mean * t.completed, 0) / n),
      ttft_ms: mergeDistributions(own.map((t) => t.ttft_ms)),
      queued_ttft_ms: mergeDistributions(own.map((t) => t.queued_ttft_ms))
    };
  });
}

// src/metrics/lateness.ts
var hdr2 = __toESM(require_dist(), 1);
var ms = (x) => Math.round(Math.max(0, x) * 1e3) / 1e3;
function summariseLateness(lags) {
  if (lags.length === 0) return { count: 0, p50: 0, p99: 0, max: 0 };
  const sorted = [...lags].sort((a, b) => a - b);
  const rank = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const h = newHistogram();
  for (const v of sorted) recordScaled(h, Math.max(0, v));
  const hist = hdr2.encodeIntoCompressedBase64(h);
  h.destroy();
  return { count: sorted.length, p50: ms(rank(0.5)), p99: ms(rank(0.99)), max: ms(sorted[sorted.length - 1]), hist };
}
function mergeLateness(parts) {
  const sent = parts.filter((p) => p.count > 0);
  if (sent.length === 0) return { count: 0, p50: 0, p99: 0, max: 0 };
  if (sent.length === 1) return sent[0];
  if (sent.some((p) => p.hist === void 0)) return null;
  const h = newHistogram();
  for (const p of sent) {
    const part = decodeHistogram(p.hist);
    h.add(part);
    part.destroy();
  }
  const count = sent.reduce((a, p) => a + p.count, 0);
  const out = {
    count,
    p50: ms(h.getValueAtPercentile(50) / HIST_SCALE),
    p99: ms(h.getValueAtPercentile(99) / HIST_SCALE),
    // The exact max is known: the parts'.
    max: Math.max(...sent.map((p) => p.max)),
    hist: hdr2.encodeIntoCompressedBase64(h)
  };
  h.destroy();
  return out;
}

// src/metrics/cell.ts
var MAX_ERROR_EXAMPLES2 = 3;
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
var r33 = (x) => Math.round(x * 1e3) / 1e3;
var r62 = (x) => Math.round(x * 1e6) / 1e6;
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
  let end = -Infinity;
  for (const r of measured) {
    if (r.tSend < start) start = r.tSend;
    if (r.tDone > end) end = r.tDone;
  }
  return measured.length > 0 ? end - start : 0;
}
function computeCellMetrics(groups, slos, notSent) {
  const measuredGroups = groups.map((g) => g.filter((r) => !r.warmup && !r.cancelled));
  const measured = measuredGroups.flat();
  const records = groups.flat();
  const ok = measured.filter((r) => r.failure === null);
  const failed = measured.length - ok.length;
  const windowMs = measuredGroups.reduce((sum2, g) => sum2 + windowOf(g), 0);
  const windowS = windowMs / 1e3;
  const perS = (x) => windowS > 0 ? r62(x / windowS) : 0;
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
    samples.e2e_ms.push(r33(e2e));
    queuedE2e.push(qe2e);
    let tpot = null;
    let qttft = qe2e;
    if (r.tFirst !== null && r.tLast !== null) {
      samples.ttft_ms.push(r33(r.tFirst - r.tSend));
      qttft = r.tFirst - r.tSched;
      samples.queued_ttft_ms.push(r33(qttft));
      if (nOut >= 2) {
        tpot = (r.tLast - r.tFirst) / (nOut - 1);
        tpots.push(tpot);
      }
      const streaming = r.tDone - r.tFirst;
      if (streaming > 0 && nOut > 0) userTps.push(nOut / (streaming / 1e3));
      itl.push(r);
    }
    samples.tpot_ms.push(tpot === null ? null : r33(tpot));
    if (slosSet && isGood(r, slos, qttft, qe2e, tpot)) good++;
  }
  const errors = {};
  for (const r of measured) {
    if (r.failure === null) continue;
    const e = errors[r.failure] ??= { count: 0, examples: [] };
    e.count++;
    const msg = r.message ?? r.failure;
    if (e.examples.length < MAX_ERROR_EXAMPLES2 && !e.examples.includes(msg)) e.examples.push(msg);
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
    window_s: r62(windowS),
    rps: perS(n),
    input_tps: perS(sumIn),
    output_tps: perS(sumOut),
    total_tps: perS(sumIn + sumOut),
    error_rate: measured.length > 0 ? r62(failed / measured.length) : 0,
    goodput_rps: slosSet ? perS(good) : null,
    goodput_ratio: slosSet ? measured.length > 0 ? r62(good / measured.length) : 0 : null,
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
    concurrency: { achieved_mean: windowMs > 0 ? r33(busy / windowMs) : 0, achieved_max: maxConc },
    offered_rps: sendSpanMs > 0 ? r62(sendIntervals / (sendSpanMs / 1e3)) : null,
    tokens: {
      input_mean: n > 0 ? r33(sumIn / n) : null,
      output_mean: n > 0 ? r33(sumOut / n) : null,
      output_requested_mean: n > 0 ? r33(sumRequested / n) : null,
      output_honoured: n > 0 ? r62(honoured / n) : null,
      tokens_per_chunk_mean: events > 0 ? r33(sumOut / events) : null,
      sources,
      ...refused > 0 ? { server_counts_refused: refused } : {}
    },
    errors,
    samples
  };
}

// src/capacity/ramp.ts
var r34 = (x) => Math.round(x * 1e3) / 1e3;
var r63 = (x) => Math.round(x * 1e6) / 1e6;
var NO_SLOS = { ttftMs: null, tpotMs: null, e2eMs: null };
var emptyAcc = () => ({ scheduled: 0, attempted: 0, completed: 0, failed: 0, doneInStep: 0, samples: { ttft_ms: [], queued_ttft_ms: [], tpot_ms: [], e2e_ms: [], queued_e2e_ms: [] } });
function rampResult(ramp, trials, level) {
  const accs = Array.from({ length: ramp.steps }, emptyAcc);
  for (const t of trials) {
    for (let i = 0; i < t.offsets.length; i++) if (t.owns?.(i) ?? true) accs[rampStepOf(ramp, t.offsets[i])].scheduled++;
    const first = t.records[0];
    const start = first === void 0 ? 0 : first.tSched - t.offsets[first.index];
    const byStep = accs.map(() => []);
    for (const r of t.records) {
      if (r.cancelled) continue;
      byStep[rampStepOf(ramp, t.offsets[r.index])].push(r);
      if (r.failure === null) {
        const at = r.tDone - start;
        if (at >= 0 && at < ramp.durationMs) accs[rampStepOf(ramp, at)].doneInStep++;
      }
    }
    byStep.forEach((records, k) => {
      const acc = accs[k];
      const m = computeCellMetrics([records], NO_SLOS, 0);
      acc.attempted += m.counts.attempted;
      acc.completed += m.counts.completed;
      acc.failed += m.counts.failed;
      acc.samples.ttft_ms.push(...m.samples.ttft_ms);
      acc.samples.queued_ttft_ms.push(...m.samples.queued_ttft_ms);
      acc.samples.e2e_ms.push(...m.samples.e2e_ms);
      for (const x of m.samples.tpot_ms) if (x !== null) acc.samples.tpot_ms.push(x);
      for (const r of records) if (r.failure === null) acc.samples.queued_e2e_ms.push(r34(r.tDone - r.tSched));
    });
  }
  return summarise(ramp, accs, trials.length, level);
}
function mergeRamps(parts, level) {
  const first = parts[0];
  const ramp = planOfResult(first);
  const accs = first.per_step.map((_, k) => {
    const acc = emptyAcc();
    for (const p of parts) {
      const s = p.per_step[k];
      acc.scheduled += s.scheduled;
      acc.attempted += s.attempted;
      acc.completed += s.completed;
      acc.failed += s.failed;
      acc.doneInStep += s.done_in_step;
      for (const key of Object.keys(acc.samples)) acc.samples[key].push(...s.samples[key]);
    }
    return acc;
  });
  return summarise(ramp, accs, first.trials, level);
}
function planOfResult(r) {
  return { fromRps: r.from, toRps: r.to, durationMs: r.duration_s * 1e3, shape: r.shape, steps: r.steps, saturation: r.criteria };
}
function quantiles(xs) {
  const d = summarize(xs, "ms");
  return d === null ? null : { n: d.n, p50: d.p50, p95: d.p95, p99: d.p99 };
}
function summarise(ramp, accs, trials, level) {
  const perStep = accs.map((a, k) => {
    const w = rampStepWindow(ramp, k);
    const seconds = (w.endMs - w.startMs) / 1e3 * Math.max(1, trials);
    return {
      index: k,
      start_s: r34(w.startMs / 1e3),
      end_s: r34(w.endMs / 1e3),
      rate: r63(rampStepRate(ramp, k)),
      scheduled: a.scheduled,
      attempted: a.attempted,
      completed: a.completed,
      failed: a.failed,
      error_rate: a.attempted > 0 ? r63(a.failed / a.attempted) : 0,
      done_in_step: a.doneInStep,
      rps: r63(a.doneInStep / seconds),
      ttft_ms: quantiles(a.samples.ttft_ms),
      queued_ttft_ms: quantiles(a.samples.queued_ttft_ms),
      tpot_ms: quantiles(a.samples.tpot_ms),
      samples: a.samples
    };
  });
  const result = {
    from: ramp.fromRps,
    to: ramp.toRps,
    duration_s: ramp.durationMs / 1e3,
    shape: ramp.shape,
    steps: ramp.steps,
    trials,
    criteria: ramp.saturation === null ? null : { slo: [...ramp.saturation.slo], growth: ramp.saturation.growth === null ? null : { ...ramp.saturation.growth } },
    per_step: perStep,
    saturation: null
  };
  if (ramp.saturation !== null) result.saturation = judgeRamp(ramp.saturation, perStep, level);
  return result;
}
function outcomeOf(s) {
  return { samples: s.samples, rates: {}, attempted: s.attempted, failed: s.failed, windowS: s.end_s - s.start_s };
}
var fmt = (x) => String(r34(x));
var finite = (x) => x !== null && Number.isFinite(x) ? x : null;
function judgeRamp(sat, steps, level) {
  const slos = sat.slo.length > 0 ? parseCapacitySlos(sat.slo) : [];
  const criteria = slos.map((s) => s.text);
  let growthNote = null;
  if (sat.growth !== null) {
    const probe = checkCapacitySlo(`${sat.growth.metric} <= 1`).slo;
    if (probe === void 0) throw new RangeError(`ramp growth metric '${sat.growth.metric}' cannot be judged`);
    const base = steps[0] === void 0 ? null : judgeSlo(probe, outcomeOf(steps[0]), level).value;
    if (base === null || base <= 0) {
      growthNote = `${sat.growth.metric} ${sat.growth.factor}x step 1: step 1 has no ${sat.growth.metric} to grow from (too few successful requests)`;
      criteria.push(`${sat.growth.metric} <= ${sat.growth.factor}x step 1`);
    } else {
      const bound = sat.growth.factor * base;
      const text = `${sat.growth.metric} <= ${sat.growth.factor}x step 1 (${fmt(bound)})`;
      slos.push({ ...probe, text, bound });
      criteria.push(text);
    }
  }
  for (const step of steps) {
    const js = slos.map((s) => judgeSlo(s, outcomeOf(step), level)).map((j) => ({ ...j, lo: finite(j.lo), hi: finite(j.hi) }));
    step.slos = js;
    step.verdict = combine(js);
  }
  const at = (s) => `step ${s.index + 1} (${fmt(s.rate)} req/s)`;
  const beyond = (s) => s.slos.filter((j, i) => j.verdict !== "pass" && j.value !== null && !holds(j.value, slos[i].op, slos[i].bound));
  const why = (s) => beyond(s).map((j) => `${j.slo}: ${describe(j)}${j.verdict === "fail" ? "" : " (undecided)"}`).join("; ");
  const failed = steps.find((s) => s.verdict === "fail");
  const leaning = steps.find((s) => beyond(s).length > 0);
  if (failed !== void 0) {
    const earlier = leaning !== void 0 && leaning.index < failed.index ? `; first beyond a bound at ${at(leaning)}, not shown there at ${Math.round(level * 100)}% confidence` : "";
    return { criteria, status: "found", step: failed.index, rate: failed.rate, reason: `saturated from ${at(failed)}: ${why(failed)}${earlier}` };
  }
  if (leaning !== void 0) {
    return {
      criteria,
      status: "undecided",
      step: leaning.index,
      rate: leaning.rate,
      reason: `likely saturated from ${at(leaning)}, beyond the bound but not shown at ${Math.round(level * 100)}% confidence at any step: ${why(leaning)}`
    };
  }
  const last = steps[steps.length - 1];
  const undecided = steps.filter((s) => s.verdict === "undecided").length;
  const tail = undecided > 0 ? ` (${undecided} step${undecided === 1 ? "" : "s"} undecided: too few samples to judge)` : "";
  const note = growthNote === null ? "" : `; ${growthNote}`;
  return { criteria, status: "not-found", step: null, rate: null, reason: `no step went beyond the bounds up to ${last === void 0 ? "the end" : at(last)}${tail}${note}` };
}
function describe(j) {
  if (j.value === null) return "no data";
  if (j.lo === null && j.hi === null) return `${fmt(j.value)} (too few independent samples for an interval)`;
  if (j.lo === null || j.hi === null) return `${fmt(j.value)} [${j.lo === null ? "-inf" : fmt(j.lo)}, ${j.hi === null ? "inf" : fmt(j.hi)}]`;
  return j.lo !== j.value || j.hi !== j.value ? `${fmt(j.value)} [${fmt(j.lo)}, ${fmt(j.hi)}]` : fmt(j.value);
}

export {
  computeCellMetrics,
  mergeMetrics,
  turnMetrics,
  mergeTurns,
  summariseLateness,
  mergeLateness,
  rampResult,
  mergeRamps
};
