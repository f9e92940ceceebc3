import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  parseCommandArgs
} from "./chunk-WG46QQEZ.js";
import {
  UsageError
} from "./chunk-F7EZCM6P.js";
import {
  writeResult
} from "./chunk-HRZ5RKTC.js";
import {
  resultTable
} from "./chunk-X4GFCKBM.js";
import "./chunk-JSYPRPEB.js";
import {
  readResult
} from "./chunk-X3ASC5YE.js";
import {
  cliLog
} from "./chunk-J23FI34Y.js";
import "./chunk-PDP3RPMI.js";
import {
  EXIT
} from "./chunk-ZSLGKFHA.js";
import "./chunk-P5CLDGRG.js";
import {
  HIST_SCALE,
  decodeHistogram,
  minSamplesFor,
  newHistogram,
  require_dist,
  summarize
} from "./chunk-A65H3QNL.js";
import "./chunk-BF4Y2SSP.js";
import {
  UserError
} from "./chunk-26N6UM4G.js";
import {
  __toESM
} from "./chunk-SK3CJ3HN.js";

// src/cli/merge-command.ts
import { resolve } from "node:path";

// src/errors/merge-error.ts
var MergeError = class extends UserError {
  name = "MergeError";
};

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

// src/result/merge.ts
var SKEW_WARN_MS = 2e3;
var SHOWN_MISSING = 10;
var CELL_RANK = { complete: 0, "duration-limit": 1, interrupted: 2 };
var RUN_RANK = { complete: 0, interrupted: 1, running: 2, failed: 3 };
function sliceSamples(s, from, to) {
  return { ttft_ms: s.ttft_ms.slice(from, to), queued_ttft_ms: s.queued_ttft_ms.slice(from, to), e2e_ms: s.e2e_ms.slice(from, to), tpot_ms: s.tpot_ms.slice(from, to), n_in: s.n_in.slice(from, to), n_out: s.n_out.slice(from, to) };
}
function checkShards(files) {
  if (files.length === 0) throw new MergeError("merge needs the shard result files");
  for (const f of files) {
    if (f.doc.shard === void 0) throw new MergeError(`${f.file} is not a shard result (it has no 'shard' field): run each shard with 'run --shard I/N'`);
    if (f.doc.ab !== null) throw new MergeError(`${f.file} is one side of an A/B run; merge takes shards of 'run --shard'`);
  }
  const first = files[0];
  const differ = (what, get, hint) => {
    const other = files.find((f) => JSON.stringify(get(f.doc)) !== JSON.stringify(get(first.doc)));
    if (other !== void 0) {
      throw new MergeError(`${other.file} and ${first.file} have different ${what} (${JSON.stringify(get(other.doc))} vs ${JSON.stringify(get(first.doc))}): ${hint}`);
    }
  };
  differ("shard counts", (d) => d.shard.count, "every shard must be run with the same N in --shard I/N");
  differ("seeds", (d) => d.config.seed, "the shards split one arrival schedule and workload drawn from one seed");
  differ("plans (config hash)", (d) => d.config_hash, "every shard must run the same config");
  differ("target models", (d) => d.target?.model ?? null, "every shard must load the same model");
  const n = first.doc.shard.count;
  const byIndex = /* @__PURE__ */ new Map();
  for (const f of files) {
    const i = f.doc.shard.index;
    if (i >= n) throw new MergeError(`${f.file} is shard ${i} of ${n}: an index must be below the shard count`);
    const seen = byIndex.get(i);
    if (seen !== void 0) throw new MergeError(`shard ${i}/${n} is given twice: ${seen.file} and ${f.file}`);
    byIndex.set(i, f);
  }
  const missingCount = n - byIndex.size;
  if (missingCount > 0) {
    const shown = [];
    for (let i = 0; shown.length < Math.min(missingCount, SHOWN_MISSING); i++) if (!byIndex.has(i)) shown.push(i);
    const list = shown.join(", ") + (missingCount > shown.length ? ` and ${missingCount - shown.length} more` : "");
    throw new MergeError(`shard${missingCount > 1 ? "s" : ""} ${list} of ${n} missing: merge needs every shard's result (got ${[...byIndex.keys()].sort((a, b) => a - b).join(", ")})`);
  }
  const ordered = [...byIndex.keys()].sort((a, b) => a - b).map((i) => byIndex.get(i));
  for (const cell of first.doc.cells) {
    for (const f of ordered) {
      const c = f.doc.cells.find((x) => x.id === cell.id);
      if (c === void 0) throw new MergeError(`${f.file} has no cell '${cell.id}' (its run is ${f.doc.status}): every shard must have run every cell`);
      if (c.workload_hash !== cell.workload_hash) throw new MergeError(`${f.file} and ${first.file} sent different workloads in cell '${cell.id}' (workload hash ${c.workload_hash} vs ${cell.workload_hash})`);
    }
  }
  for (const f of ordered) {
    const extra = f.doc.cells.find((c) => !first.doc.cells.some((x) => x.id === c.id));
    if (extra !== void 0) throw new MergeError(`${first.file} has no cell '${extra.id}' that ${f.file} has: every shard must have run every cell`);
  }
  return ordered;
}
function mergeClient(parts) {
  return {
    event_loop_delay_p99_ms: Math.max(0, ...parts.map((p) => p.client.event_loop_delay_p99_ms)),
    event_loop_delay_max_ms: Math.max(0, ...parts.map((p) => p.client.event_loop_delay_max_ms)),
    saturated: parts.some((p) => p.client.saturated),
    reasons: parts.flatMap((p) => p.client.reasons.map((r) => `shard ${p.index}: ${r}`))
  };
}
function mergeCell(cells) {
  const first = cells[0].cell;
  const trialCount = Math.min(...cells.map((c) => c.cell.trials.length));
  const trials = [];
  const pooled = [];
  let offset = 0;
  let pooledWindow = 0;
  for (let t = 0; t < trialCount; t++) {
    const parts = cells.map(({ index, cell }) => {
      const tr = cell.trials[t];
      return { index, tr, part: { metrics: tr.metrics, samples: sliceSamples(cell.metrics.samples, tr.samples.from, tr.samples.to) } };
    });
    const window = Math.max(...parts.map((p) => p.tr.metrics.window_s));
    const { samples, ...metrics } = mergeMetrics(parts.map((p) => p.part), window);
    const n = samples.e2e_ms.length;
    trials.push({
      index: t,
      pair: first.trials[t].pair,
      status: parts.reduce((w, p) => CELL_RANK[p.tr.status] > CELL_RANK[w] ? p.tr.status : w, "complete"),
      started_at: parts.map((p) => p.tr.started_at).sort()[0],
      duration_s: Math.max(...parts.map((p) => p.tr.duration_s)),
      metrics,
      client: mergeClient(parts.map((p) => ({ index: p.index, client: p.tr.client }))),
      samples: { from: offset, to: offset + n }
    });
    offset += n;
    pooledWindow += window;
    pooled.push(...parts.map((p) => p.part));
  }
  return {
    id: first.id,
    scenario: first.scenario,
    load: first.load,
    status: trials.reduce((w, t) => CELL_RANK[t.status] > CELL_RANK[w] ? t.status : w, "complete"),
    workload_hash: first.workload_hash,
    started_at: cells.map((c) => c.cell.started_at).sort()[0],
    duration_s: Math.max(...cells.map((c) => c.cell.duration_s)),
    metrics: mergeMetrics(pooled, pooledWindow),
    client: mergeClient(cells.map((c) => ({ index: c.index, client: c.cell.client }))),
    trials,
    shards: cells.map(({ index, cell }) => ({ index, counts: cell.metrics.counts, errors: cell.metrics.errors, client: cell.client }))
  };
}
function mergeShards(files) {
  const shards = checkShards(files);
  const first = shards[0].doc;
  const warnings = [];
  const offsets = shards.map((s) => s.doc.shard.clock_offset_ms).filter((x) => x !== null);
  if (offsets.length > 1 && Math.max(...offsets) - Math.min(...offsets) > SKEW_WARN_MS) {
    warnings.push(
      `the shards' clocks differ by about ${Math.round(Math.max(...offsets) - Math.min(...offsets))} ms (server Date header, 1 s resolution): --start-at did not start them together, and the merged rates spread over a longer real window than the one used`
    );
  }
  for (const s of shards) {
    if (s.doc.status === "running") warnings.push(`${s.file} (shard ${s.doc.shard.index}) is still running or was killed: the merged result says 'running' and compare will refuse it`);
  }
  const cells = first.cells.map((c) => mergeCell(shards.map((s) => ({ index: s.doc.shard.index, cell: s.doc.cells.find((x) => x.id === c.id) }))));
  const worst = shards.reduce((w, s) => RUN_RANK[s.doc.status] > RUN_RANK[w] ? s.doc.status : w, "complete");
  const finished = shards.map((s) => s.doc.finished_at);
  const { shard: _shard, ...rest } = first;
  const doc = {
    ...rest,
    status: worst,
    error: shards.map((s) => s.doc.error === null ? null : `shard ${s.doc.shard.index}: ${s.doc.error}`).filter((e) => e !== null).join("; ") || null,
    started_at: shards.map((s) => s.doc.started_at).sort()[0],
    finished_at: finished.includes(null) ? null : finished.sort().at(-1),
    target: first.target === null ? null : { ...first.target, system_fingerprint: shards.map((s) => s.doc.target?.system_fingerprint ?? null).find((x) => x !== null) ?? null },
    cells,
    merged: {
      count: shards.length,
      shards: shards.map((s) => ({ index: s.doc.shard.index, started_at: s.doc.started_at, finished_at: s.doc.finished_at, status: s.doc.status, clock_offset_ms: s.doc.shard.clock_offset_ms, machine: s.doc.machine }))
    }
  };
  return { doc, warnings };
}

// src/cli/merge-command.ts
var MERGE_USAGE = `usage: llm-perf-gate merge SHARD.json... --out FILE

  SHARD.json  the result file of every shard, 0 to N-1 (any order)
  --out FILE  the merged result (default: llm-perf-result.json)

Histograms are merged, counts and tokens added, rates taken over the shards'
common window, per-request samples concatenated; each cell keeps every shard's
errors and client self-check. Refuses shards of different plans, seeds or
shard counts, a shard given twice and a missing shard. Compare or gate the
merged file as any result ('compare --candidate FILE').`;
async function mergeCommand(argv, io) {
  const parsed = parseCommandArgs(argv, "merge", { out: { type: "string" }, help: { type: "boolean", short: "h" } }, MERGE_USAGE, true);
  const log = cliLog(io);
  if (parsed.values.help === true) {
    log.out(MERGE_USAGE);
    return EXIT.ok;
  }
  if (parsed.positionals.length === 0) throw new UsageError(`no shard result files given

${MERGE_USAGE}`);
  const out = typeof parsed.values.out === "string" ? parsed.values.out : "llm-perf-result.json";
  const files = await Promise.all(parsed.positionals.map(async (file) => ({ file, doc: await readResult(resolve(io.cwd, file)) })));
  const { doc, warnings } = mergeShards(files);
  for (const w of warnings) log.warn(w);
  await writeResult(resolve(io.cwd, out), doc);
  log.out(`${resultTable(doc, log.columns("out"))}
`);
  log.out(`merged ${files.length} shards (status ${doc.status}): ${out}`);
  return EXIT.ok;
}
export {
  mergeCommand
};
