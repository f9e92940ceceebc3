// A cell's telemetry from its trials' (trials of different cells interleave,
// so the run stage measures each trial and the cell gets their union).
// Means are weighted by sample counts and maxima are exact; a p95 cannot be
// rebuilt from parts, so the cell's is the largest trial p95 (an upper bound).
import { MAX_GPUS } from './gpu-sampler.js';
import type { CellTelemetry, EngineTelemetry, GpuSamplerStatus, GpuSummary, Stat } from './types.js';

function mergeStat(parts: (Stat | null)[]): Stat | null {
  const s = parts.filter((p): p is Stat => p !== null);
  if (s.length === 0) return null;
  const n = s.reduce((a, p) => a + p.samples, 0);
  return {
    mean: Math.round((s.reduce((a, p) => a + p.mean * p.samples, 0) / n) * 1000) / 1000,
    max: Math.max(...s.map((p) => p.max)),
    p95: Math.max(...s.map((p) => p.p95)),
    samples: n,
  };
}

const sumOrNull = (vs: (number | null)[]): number | null => (vs.every((v) => v === null) ? null : vs.reduce<number>((a, v) => a + (v ?? 0), 0));

/** Worst first: a failure in any trial is the cell's. */
const STATUS_ORDER: GpuSamplerStatus[] = ['hung', 'died', 'unavailable', 'ok', 'absent'];

function mergeGpus(parts: readonly CellTelemetry[]): GpuSummary[] {
  const byIndex = new Map<number, GpuSummary[]>();
  for (const p of parts) for (const g of p.gpu.gpus) byIndex.set(g.index, [...(byIndex.get(g.index) ?? []), g]);
  // Each trial keeps at most MAX_GPUS; so does their union, or trials that each saw other indices would add up.
  return [...byIndex.entries()]
    .sort((a, b) => a[0] - b[0])
    .slice(0, MAX_GPUS)
    .map(([index, gs]) => ({
      index,
      name: gs[0]!.name,
      utilization_pct: mergeStat(gs.map((g) => g.utilization_pct)),
      memory_used_mib: mergeStat(gs.map((g) => g.memory_used_mib)),
      memory_total_mib: gs.find((g) => g.memory_total_mib !== null)?.memory_total_mib ?? null,
      power_w: mergeStat(gs.map((g) => g.power_w)),
      sm_clock_mhz: mergeStat(gs.map((g) => g.sm_clock_mhz)),
      mem_clock_mhz: mergeStat(gs.map((g) => g.mem_clock_mhz)),
      temperature_c: mergeStat(gs.map((g) => g.temperature_c)),
    }));
}

function mergeEngine(parts: EngineTelemetry[]): EngineTelemetry | null {
  if (parts.length === 0) return null;
  const last = parts[parts.length - 1]!;
  const checks = parts.map((p) => p.token_check).filter((c) => c !== null);
  const hits = parts.map((p) => (p.prefix_cache_hit_rate !== null && p.prompt_tokens !== null ? [p.prefix_cache_hit_rate * p.prompt_tokens, p.prompt_tokens] : null));
  const weighted = hits.every((h) => h !== null) ? hits.reduce((a, h) => [a[0]! + h![0]!, a[1]! + h![1]!], [0, 0]) : null;
  return {
    engine: last.engine,
    scrapes: parts.reduce((a, p) => a + p.scrapes, 0),
    failed_scrapes: parts.reduce((a, p) => a + p.failed_scrapes, 0),
    errors: parts.flatMap((p) => p.errors).slice(0, 3),
    running: mergeStat(parts.map((p) => p.running)),
    waiting: mergeStat(parts.map((p) => p.waiting)),
    kv_cache_usage: mergeStat(parts.map((p) => p.kv_cache_usage)),
    prefix_cache_hit_rate: weighted && weighted[1]! > 0 ? Math.round((weighted[0]! / weighted[1]!) * 1e4) / 1e4 : last.prefix_cache_hit_rate,
    preemptions: sumOrNull(parts.map((p) => p.preemptions)),
    prompt_tokens: sumOrNull(parts.map((p) => p.prompt_tokens)),
    cached_prompt_tokens: sumOrNull(parts.map((p) => p.cached_prompt_tokens)),
    generation_tokens: sumOrNull(parts.map((p) => p.generation_tokens)),
    token_check:
      checks.length === 0
        ? null
        : {
            client_prompt: checks.reduce((a, c) => a + c.client_prompt, 0),
            client_completion: checks.reduce((a, c) => a + c.client_completion, 0),
            server_prompt: sumOrNull(checks.map((c) => c.server_prompt)),
            server_generation: sumOrNull(checks.map((c) => c.server_generation)),
            mismatches: checks.flatMap((c) => c.mismatches),
          },
    raw: last.raw,
    raw_dropped: last.raw_dropped,
  };
}

export function mergeTelemetry(parts: readonly CellTelemetry[]): CellTelemetry | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  const first = parts[0]!;
  const duration = parts.reduce((a, p) => a + p.duration_s, 0);
  const shares = parts.filter((p) => p.neighbours.others_cpu_share !== null);
  const shareDur = shares.reduce((a, p) => a + p.duration_s, 0);
  const share = shares.length === 0 || shareDur === 0 ? null : Math.round((shares.reduce((a, p) => a + p.neighbours.others_cpu_share! * p.duration_s, 0) / shareDur) * 1000) / 1000;
  const status = STATUS_ORDER.find((s) => parts.some((p) => p.gpu.status === s))!;
  const others = new Map(parts.flatMap((p) => p.gpu.other_processes).map((g) => [g.pid, g]));
  return {
    started_at: first.started_at,
    duration_s: Math.round(duration * 1000) / 1000,
    gpu: {
      status,
      message: parts.find((p) => p.gpu.status === status)?.gpu.message ?? null,
      interval_ms: first.gpu.interval_ms,
      gpus: mergeGpus(parts),
      other_processes: [...others.values()],
    },
    engine: mergeEngine(parts.map((p) => p.engine).filter((e): e is EngineTelemetry => e !== null)),
    neighbours: {
      others_cpu_share: share,
      others_cores: share === null ? null : Math.round(share * first.neighbours.cpus * 100) / 100,
      cpus: first.neighbours.cpus,
      limit: first.neighbours.limit,
      flagged: parts.some((p) => p.neighbours.flagged),
      reasons: [...new Set(parts.flatMap((p) => p.neighbours.reasons))],
    },
  };
}
