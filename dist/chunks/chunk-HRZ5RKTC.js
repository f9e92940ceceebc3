import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  MAX_FIGURE,
  isFigure,
  resultProblem,
  textBeyondBounds
} from "./chunk-X3ASC5YE.js";
import {
  scrubDeep
} from "./chunk-BF4Y2SSP.js";

// src/result/write.ts
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

// src/result/telemetry-bounds.ts
var MAX_DROPPED_NOTES = 10;
var MAX_KEPT = 3 * MAX_DROPPED_NOTES;
var Notes = class {
  list = [];
  more = 0;
  add(path, value) {
    if (this.list.length < MAX_DROPPED_NOTES) this.list.push(`${path}: ${String(value)}`);
    else this.more++;
  }
  done(prior) {
    const all = [...prior ?? [], ...this.list, ...this.more > 0 ? [`and ${this.more} more`] : []];
    return all.length > MAX_KEPT ? [...all.slice(0, MAX_KEPT), `and ${all.length - MAX_KEPT} more notes`] : all;
  }
};
function nullable(value, path, notes, ok = isFigure) {
  if (value === null || ok(value)) return value;
  notes.add(path, value);
  return null;
}
function clamped(value, path, notes) {
  if (isFigure(value)) return value;
  notes.add(path, value);
  return Number.isNaN(value) ? 0 : Math.max(-MAX_FIGURE, Math.min(MAX_FIGURE, value));
}
function stat(s, path, notes) {
  if (s === null) return null;
  for (const k of ["mean", "max", "p95", "samples"]) {
    if (!isFigure(s[k])) {
      notes.add(`${path}/${k}`, s[k]);
      return null;
    }
  }
  return s;
}
var GPU_STATS = ["utilization_pct", "memory_used_mib", "power_w", "sm_clock_mhz", "mem_clock_mhz", "temperature_c"];
function gpu(g, path, notes) {
  if (!(Number.isInteger(g.index) && g.index >= 0 && isFigure(g.index))) {
    notes.add(`${path}/index`, g.index);
    return null;
  }
  const out = { ...g, memory_total_mib: nullable(g.memory_total_mib, `${path}/memory_total_mib`, notes) };
  for (const k of GPU_STATS) out[k] = stat(g[k], `${path}/${k}`, notes);
  return out;
}
function gpuProcess(p, path, notes) {
  if (!(Number.isInteger(p.pid) && isFigure(p.pid))) {
    notes.add(`${path}/pid`, p.pid);
    return null;
  }
  return { ...p, used_memory_mib: nullable(p.used_memory_mib, `${path}/used_memory_mib`, notes) };
}
var isShare = (x) => x >= 0 && x <= 1;
function engine(e, path, notes) {
  const raw = {};
  let left = 0;
  for (const [name, value] of Object.entries(e.raw)) {
    if (isFigure(value)) raw[name] = value;
    else {
      notes.add(`${path}/raw/${name}`, value);
      left++;
    }
  }
  const tc = e.token_check;
  return {
    ...e,
    scrapes: clamped(e.scrapes, `${path}/scrapes`, notes),
    failed_scrapes: clamped(e.failed_scrapes, `${path}/failed_scrapes`, notes),
    running: stat(e.running, `${path}/running`, notes),
    waiting: stat(e.waiting, `${path}/waiting`, notes),
    kv_cache_usage: stat(e.kv_cache_usage, `${path}/kv_cache_usage`, notes),
    // The schema holds a rate to 0..1: beyond it the reader refuses the file, as beyond ±1e12.
    prefix_cache_hit_rate: nullable(e.prefix_cache_hit_rate, `${path}/prefix_cache_hit_rate`, notes, isShare),
    preemptions: nullable(e.preemptions, `${path}/preemptions`, notes),
    prompt_tokens: nullable(e.prompt_tokens, `${path}/prompt_tokens`, notes),
    cached_prompt_tokens: nullable(e.cached_prompt_tokens, `${path}/cached_prompt_tokens`, notes),
    generation_tokens: nullable(e.generation_tokens, `${path}/generation_tokens`, notes),
    token_check: tc === null ? null : {
      ...tc,
      client_prompt: clamped(tc.client_prompt, `${path}/token_check/client_prompt`, notes),
      client_completion: clamped(tc.client_completion, `${path}/token_check/client_completion`, notes),
      server_prompt: nullable(tc.server_prompt, `${path}/token_check/server_prompt`, notes),
      server_generation: nullable(tc.server_generation, `${path}/token_check/server_generation`, notes)
    },
    raw,
    raw_dropped: clamped(e.raw_dropped + left, `${path}/raw_dropped`, notes)
  };
}
function neighbours(n, path, notes) {
  return {
    ...n,
    others_cpu_share: nullable(n.others_cpu_share, `${path}/others_cpu_share`, notes),
    others_cores: nullable(n.others_cores, `${path}/others_cores`, notes),
    cpus: clamped(n.cpus, `${path}/cpus`, notes),
    limit: clamped(n.limit, `${path}/limit`, notes)
  };
}
function boundTelemetry(t, carried = []) {
  const notes = new Notes();
  const out = {
    ...t,
    duration_s: clamped(t.duration_s, "duration_s", notes),
    gpu: {
      ...t.gpu,
      interval_ms: clamped(t.gpu.interval_ms, "gpu/interval_ms", notes),
      gpus: t.gpu.gpus.flatMap((g, i) => gpu(g, `gpu/gpus/${i}`, notes) ?? []),
      other_processes: t.gpu.other_processes.flatMap((p, i) => gpuProcess(p, `gpu/other_processes/${i}`, notes) ?? [])
    },
    engine: t.engine === null ? null : engine(t.engine, "engine", notes),
    neighbours: neighbours(t.neighbours, "neighbours", notes)
  };
  const dropped = notes.done([...t.dropped ?? [], ...carried]);
  if (dropped.length === 0) return t;
  return { ...out, dropped };
}

// src/result/write.ts
function boundCell(cell) {
  return {
    ...cell,
    ...cell.telemetry ? { telemetry: boundTelemetry(cell.telemetry) } : {},
    trials: cell.trials.map((t) => t.telemetry ? { ...t, telemetry: boundTelemetry(t.telemetry) } : t)
  };
}
async function writeResult(path, doc) {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  const clean = scrubDeep({ ...doc, cells: doc.cells.map(boundCell) });
  const text = `${JSON.stringify(clean, null, 1)}
`;
  const problem = textBeyondBounds(text) ?? resultProblem(JSON.parse(text));
  await writeFile(tmp, text);
  await rename(tmp, path);
  if (problem !== null) throw new Error(`the result written to ${path} is one its reader refuses (a bug of llm-perf-gate, please report it): ${problem}`);
}

export {
  boundTelemetry,
  writeResult
};
