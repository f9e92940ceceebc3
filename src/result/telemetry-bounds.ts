// Telemetry is the server's and the machine's word (a /metrics page, an
// nvidia-smi line), not a measurement of ours: `process_virtual_memory_bytes
// 2.1e12` is real on a 2 TB host, `vllm:gpu_cache_usage_perc 1e13` or
// `memory.used 1e300` are a broken or hostile source. Written as they are,
// the reader refuses the whole result (figures beyond ±1e12, nulls where it
// expects numbers), and a stored one used to fail every later pull request
// (issue 19, item 1). So before a result is written, each telemetry figure
// the reader would refuse is dropped (a nullable field becomes null, a raw
// series or a GPU or process entry is left out) or, where the field is our
// own bookkeeping and cannot be null, clamped; and `dropped` says which, as
// `path: value`. The test is the reader's own (integrity.ts isFigure).
import type { CellTelemetry, EngineTelemetry, GpuProcess, GpuSummary, NeighbourTelemetry, Stat } from '../telemetry/types.js';
import { isFigure, MAX_FIGURE } from './integrity.js';

/** Notes kept per telemetry block; the rest are counted in the last one. */
const MAX_DROPPED_NOTES = 10;
const MAX_KEPT = 3 * MAX_DROPPED_NOTES;

class Notes {
  readonly list: string[] = [];
  private more = 0;

  add(path: string, value: unknown): void {
    if (this.list.length < MAX_DROPPED_NOTES) this.list.push(`${path}: ${String(value)}`);
    else this.more++;
  }

  done(prior: readonly string[] | undefined): string[] {
    const all = [...(prior ?? []), ...this.list, ...(this.more > 0 ? [`and ${this.more} more`] : [])];
    // A cell carries its trials' notes too: kept to a few lines however many trials.
    return all.length > MAX_KEPT ? [...all.slice(0, MAX_KEPT), `and ${all.length - MAX_KEPT} more notes`] : all;
  }
}

/** A nullable figure: itself when the reader accepts it, else null (noted). */
function nullable(value: number | null, path: string, notes: Notes, ok: (x: number) => boolean = isFigure): number | null {
  if (value === null || ok(value)) return value;
  notes.add(path, value);
  return null;
}

/** A figure of ours that cannot be null: clamped into the reader's range (NaN to 0), noted. */
function clamped(value: number, path: string, notes: Notes): number {
  if (isFigure(value)) return value;
  notes.add(path, value);
  return Number.isNaN(value) ? 0 : Math.max(-MAX_FIGURE, Math.min(MAX_FIGURE, value));
}

/** A summary whose every figure the reader accepts, else null: a summary with one wrong figure is not one to show. */
function stat(s: Stat | null, path: string, notes: Notes): Stat | null {
  if (s === null) return null;
  for (const k of ['mean', 'max', 'p95', 'samples'] as const) {
    if (!isFigure(s[k])) {
      notes.add(`${path}/${k}`, s[k]);
      return null;
    }
  }
  return s;
}

const GPU_STATS = ['utilization_pct', 'memory_used_mib', 'power_w', 'sm_clock_mhz', 'mem_clock_mhz', 'temperature_c'] as const;

function gpu(g: GpuSummary, path: string, notes: Notes): GpuSummary | null {
  if (!(Number.isInteger(g.index) && g.index >= 0 && isFigure(g.index))) {
    notes.add(`${path}/index`, g.index);
    return null;
  }
  const out: GpuSummary = { ...g, memory_total_mib: nullable(g.memory_total_mib, `${path}/memory_total_mib`, notes) };
  for (const k of GPU_STATS) out[k] = stat(g[k], `${path}/${k}`, notes);
  if (g.energy_j !== undefined) out.energy_j = nullable(g.energy_j, `${path}/energy_j`, notes);
  return out;
}

function gpuProcess(p: GpuProcess, path: string, notes: Notes): GpuProcess | null {
  if (!(Number.isInteger(p.pid) && isFigure(p.pid))) {
    notes.add(`${path}/pid`, p.pid);
    return null;
  }
  return { ...p, used_memory_mib: nullable(p.used_memory_mib, `${path}/used_memory_mib`, notes) };
}

const isShare = (x: number): boolean => x >= 0 && x <= 1;

function engine(e: EngineTelemetry, path: string, notes: Notes): EngineTelemetry {
  const raw: Record<string, number> = {};
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
    token_check:
      tc === null
        ? null
        : {
            ...tc,
            client_prompt: clamped(tc.client_prompt, `${path}/token_check/client_prompt`, notes),
            client_completion: clamped(tc.client_completion, `${path}/token_check/client_completion`, notes),
            server_prompt: nullable(tc.server_prompt, `${path}/token_check/server_prompt`, notes),
            server_generation: nullable(tc.server_generation, `${path}/token_check/server_generation`, notes),
          },
    raw,
    raw_dropped: clamped(e.raw_dropped + left, `${path}/raw_dropped`, notes),
  };
}

function neighbours(n: NeighbourTelemetry, path: string, notes: Notes): NeighbourTelemetry {
  return {
    ...n,
    others_cpu_share: nullable(n.others_cpu_share, `${path}/others_cpu_share`, notes),
    others_cores: nullable(n.others_cores, `${path}/others_cores`, notes),
    cpus: clamped(n.cpus, `${path}/cpus`, notes),
    limit: clamped(n.limit, `${path}/limit`, notes),
  };
}

/**
 * `t` with every figure the result reader would refuse dropped or clamped,
 * and `dropped` listing them (paths relative to the telemetry block, e.g.
 * `engine/raw/process_virtual_memory_bytes: 2100000000000`); `t` itself when
 * nothing was out of range. `carried` are notes of the trials a cell's
 * telemetry was merged from, kept on the cell.
 */
export function boundTelemetry(t: CellTelemetry, carried: readonly string[] = []): CellTelemetry {
  const notes = new Notes();
  const out: CellTelemetry = {
    ...t,
    duration_s: clamped(t.duration_s, 'duration_s', notes),
    gpu: {
      ...t.gpu,
      interval_ms: clamped(t.gpu.interval_ms, 'gpu/interval_ms', notes),
      gpus: t.gpu.gpus.flatMap((g, i) => gpu(g, `gpu/gpus/${i}`, notes) ?? []),
      other_processes: t.gpu.other_processes.flatMap((p, i) => gpuProcess(p, `gpu/other_processes/${i}`, notes) ?? []),
      ...(t.gpu.energy === undefined ? {} : { energy: { ...t.gpu.energy, joules: nullable(t.gpu.energy.joules, 'gpu/energy/joules', notes) } }),
    },
    engine: t.engine === null ? null : engine(t.engine, 'engine', notes),
    neighbours: neighbours(t.neighbours, 'neighbours', notes),
  };
  const dropped = notes.done([...(t.dropped ?? []), ...carried]);
  if (dropped.length === 0) return t;
  return { ...out, dropped };
}
