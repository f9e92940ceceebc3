import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  mergeLateness,
  mergeMetrics,
  mergeRamps,
  mergeTurns
} from "./chunk-YKDXNY4U.js";
import "./chunk-LWJVHEHR.js";
import {
  efficiencyOf,
  resultTable,
  writeResult
} from "./chunk-4RCXW3T6.js";
import "./chunk-FOCLXUDN.js";
import {
  hourlyUsd,
  readResult
} from "./chunk-54LALYOF.js";
import "./chunk-SCGBAURB.js";
import {
  parseCommandArgs
} from "./chunk-WG46QQEZ.js";
import {
  cliLog
} from "./chunk-GPFQKZR3.js";
import {
  UsageError
} from "./chunk-F7EZCM6P.js";
import "./chunk-BHKQ45ST.js";
import {
  EXIT
} from "./chunk-ZSLGKFHA.js";
import "./chunk-FQOMYLCJ.js";
import "./chunk-HN4QBAMF.js";
import "./chunk-BF4Y2SSP.js";
import {
  UserError
} from "./chunk-26N6UM4G.js";
import "./chunk-SK3CJ3HN.js";

// src/cli/merge-command.ts
import { resolve } from "node:path";

// src/errors/merge-error.ts
var MergeError = class extends UserError {
  name = "MergeError";
};

// src/result/merge.ts
var SKEW_WARN_MS = 2e3;
var SHOWN_MISSING = 10;
var CELL_RANK = { complete: 0, "duration-limit": 1, interrupted: 2 };
var RUN_RANK = { complete: 0, interrupted: 1, running: 2, failed: 3 };
function sliceSamples(s, from, to) {
  return {
    ttft_ms: s.ttft_ms.slice(from, to),
    queued_ttft_ms: s.queued_ttft_ms.slice(from, to),
    e2e_ms: s.e2e_ms.slice(from, to),
    tpot_ms: s.tpot_ms.slice(from, to),
    n_in: s.n_in.slice(from, to),
    n_out: s.n_out.slice(from, to)
  };
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
      if (c.workload_hash !== cell.workload_hash)
        throw new MergeError(`${f.file} and ${first.file} sent different workloads in cell '${cell.id}' (workload hash ${c.workload_hash} vs ${cell.workload_hash})`);
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
function mergeLengths(cells, notes) {
  const first = cells[0].cell;
  if (cells.every((c) => c.cell.lengths === void 0)) return null;
  const key = JSON.stringify(first.lengths ?? null);
  if (cells.every((c) => JSON.stringify(c.cell.lengths ?? null) === key)) return first.lengths;
  notes.push(`cell '${first.id}': the shards recorded different request lengths; the merged cell has none`);
  return null;
}
function mergeCellLateness(cells, notes) {
  const first = cells[0].cell;
  if (cells.every((c) => c.cell.lateness_ms === void 0)) return null;
  const parts = cells.map((c) => c.cell.lateness_ms);
  const merged = parts.some((p) => p === void 0) ? null : mergeLateness(parts.map((p) => p));
  if (merged === null) notes.push(`cell '${first.id}': a shard's lateness has no histogram (written by an earlier version): its percentiles cannot be pooled, and the merged cell has no lateness`);
  return merged;
}
function mergeCell(cells, level, hourly, notes) {
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
    const { samples, ...metrics2 } = mergeMetrics(
      parts.map((p) => p.part),
      window
    );
    Object.assign(metrics2, efficiencyOf(metrics2, hourly, null));
    const n = samples.e2e_ms.length;
    trials.push({
      index: t,
      pair: first.trials[t].pair,
      status: parts.reduce((w, p) => CELL_RANK[p.tr.status] > CELL_RANK[w] ? p.tr.status : w, "complete"),
      started_at: parts.map((p) => p.tr.started_at).sort()[0],
      duration_s: Math.max(...parts.map((p) => p.tr.duration_s)),
      metrics: metrics2,
      client: mergeClient(parts.map((p) => ({ index: p.index, client: p.tr.client }))),
      samples: { from: offset, to: offset + n }
    });
    offset += n;
    pooledWindow += window;
    pooled.push(...parts.map((p) => p.part));
  }
  const metrics = mergeMetrics(pooled, pooledWindow);
  Object.assign(metrics, efficiencyOf(metrics, hourly, null));
  if (cells.some((c) => c.cell.metrics.energy_per_output_token_j !== void 0)) {
    notes.push(`cell '${first.id}': energy per output token is not merged (each shard sampled its own machine's GPUs); see each shard's result`);
  }
  const lengths = mergeLengths(cells, notes);
  const lateness = mergeCellLateness(cells, notes);
  return {
    id: first.id,
    scenario: first.scenario,
    load: first.load,
    status: trials.reduce((w, t) => CELL_RANK[t.status] > CELL_RANK[w] ? t.status : w, "complete"),
    workload_hash: first.workload_hash,
    started_at: cells.map((c) => c.cell.started_at).sort()[0],
    duration_s: Math.max(...cells.map((c) => c.cell.duration_s)),
    metrics,
    client: mergeClient(cells.map((c) => ({ index: c.index, client: c.cell.client }))),
    trials,
    ...lengths === null ? {} : { lengths },
    ...lateness === null ? {} : { lateness_ms: lateness },
    // A multi-turn cell: each shard ran its own sessions; their turns pool.
    ...cells.every((c) => c.cell.turns !== void 0) ? { turns: mergeTurns(cells.map((c) => c.cell.turns)) } : {},
    shards: cells.map(({ index, cell }) => ({ index, counts: cell.metrics.counts, errors: cell.metrics.errors, client: cell.client })),
    // A ramp's steps pool the shards' samples and are judged again on the whole (capacity/ramp.ts).
    ...cells.every((c) => c.cell.ramp !== void 0) ? {
      ramp: mergeRamps(
        cells.map((c) => c.cell.ramp),
        level
      )
    } : {}
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
  const hourly = first.config.cost === void 0 ? null : hourlyUsd(first.config.cost);
  const cells = first.cells.map(
    (c) => mergeCell(
      shards.map((s) => ({ index: s.doc.shard.index, cell: s.doc.cells.find((x) => x.id === c.id) })),
      first.config.gate.confidence,
      hourly,
      warnings
    )
  );
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
      shards: shards.map((s) => ({
        index: s.doc.shard.index,
        started_at: s.doc.started_at,
        finished_at: s.doc.finished_at,
        status: s.doc.status,
        clock_offset_ms: s.doc.shard.clock_offset_ms,
        machine: s.doc.machine
      }))
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
