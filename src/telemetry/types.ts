// Shapes of the telemetry a result carries: what the server and the machine did
// while a cell ran (issue 13). Every field is optional in result@1, so results
// written before still read; schema/result.schema.json holds the same shapes
// under definitions.cellTelemetry and definitions.environment.

/** mean / max / p95 of the samples taken while a cell ran; null fields had no sample. */
export interface Stat {
  mean: number;
  max: number;
  p95: number;
  samples: number;
}

/** One GPU, summarised over a cell. */
export interface GpuSummary {
  index: number;
  name: string;
  utilization_pct: Stat | null;
  memory_used_mib: Stat | null;
  memory_total_mib: number | null;
  power_w: Stat | null;
  /** Joules this GPU drew over the trial's measured window (trapezoid over its power readings); null without power readings; absent in older results and merged cells. */
  energy_j?: number | null;
  sm_clock_mhz: Stat | null;
  mem_clock_mhz: Stat | null;
  temperature_c: Stat | null;
}

/**
 * ok: sampled the whole cell. absent: no nvidia-smi on this machine. unavailable:
 * nvidia-smi ran but reported no GPU (driver missing, no device). died / hung:
 * the sampler stopped or went silent mid-cell and was stopped; the summaries
 * cover what came before.
 */
export type GpuSamplerStatus = 'ok' | 'absent' | 'unavailable' | 'died' | 'hung';

export interface GpuProcess {
  pid: number;
  name: string;
  used_memory_mib: number | null;
  gpu_uuid: string | null;
}

export interface GpuTelemetry {
  status: GpuSamplerStatus;
  /** Why the status is not ok, in words; null when ok or absent. */
  message: string | null;
  interval_ms: number;
  gpus: GpuSummary[];
  /** The GPUs' energy over the trial's measured window (docs/metrics.md, "Cost and energy"); absent in older results and merged cells. */
  energy?: GpuEnergy;
  /** Processes other than the server under test holding a GPU, seen at the start or end of the cell. */
  other_processes: GpuProcess[];
}

/** Energy over the measured window, summed over the GPUs that reported power.draw. */
export interface GpuEnergy {
  /** How power was integrated: the trapezoid rule over the readings' arrival times. */
  method: 'trapezoid';
  window_s: number;
  /** GPUs with at least one power reading (GPUs that read [N/A] are not counted). */
  gpus_counted: number;
  /** The longest time on any counted GPU that rests on readings further apart than max(3 intervals, 1.5 s), seconds. */
  gap_s: number;
  /** Null when no GPU reported power, or when gap_s is over 10% of the window. */
  joules: number | null;
}

/** The common vocabulary every known engine's series map to. */
/** 'embedded': llm-perf-gate's own engine, which serves vLLM's series names (engine/metrics.ts). */
export type EngineName = 'vllm' | 'embedded' | 'llama.cpp' | 'sglang' | 'tgi' | 'unknown';

export interface EngineTelemetry {
  engine: EngineName;
  /** Successful scrapes of /metrics (before, during, after the cell). */
  scrapes: number;
  failed_scrapes: number;
  /** First few scrape errors, as `what: why`. */
  errors: string[];
  running: Stat | null;
  waiting: Stat | null;
  /** Fraction 0..1 of the KV cache in use. */
  kv_cache_usage: Stat | null;
  /** Prefix-cache hits / queries over the cell (tokens), or the engine's own rate gauge; 0..1. */
  prefix_cache_hit_rate: number | null;
  /** Counter deltas from the scrape before the cell to the one after. */
  preemptions: number | null;
  prompt_tokens: number | null;
  cached_prompt_tokens: number | null;
  generation_tokens: number | null;
  /** Server token counters against the client's counts; null without counters or client counts. */
  token_check: TokenCheck | null;
  /** Series no mapping knows, summed over label sets: value after the cell (bounded in number). */
  raw: Record<string, number>;
  /** How many unknown series were left out of raw. */
  raw_dropped: number;
}

export interface TokenCheck {
  client_prompt: number;
  client_completion: number;
  server_prompt: number | null;
  server_generation: number | null;
  /** Empty when the counts agree within tolerance; else one line per disagreement. */
  mismatches: string[];
}

export interface NeighbourTelemetry {
  /** Share (0..1) of the whole machine's CPU time (all cores) used by processes other than client and server. */
  others_cpu_share: number | null;
  /** The same in cores: others_cpu_share * cpus. */
  others_cores: number | null;
  cpus: number;
  /** The limit in force, 0..1 of the machine. */
  limit: number;
  /** True when others took more than the limit, or other processes held the GPU. */
  flagged: boolean;
  reasons: string[];
}

export interface CellTelemetry {
  started_at: string;
  duration_s: number;
  gpu: GpuTelemetry;
  /** null when the server has no /metrics (or scraping was off). */
  engine: EngineTelemetry | null;
  neighbours: NeighbourTelemetry;
  /**
   * Figures the result reader would refuse (not finite, beyond ±1e12, a rate
   * outside 0..1), dropped or clamped when the result was written, as
   * `path: value` (src/result/telemetry-bounds.ts); absent when there were none.
   */
  dropped?: string[];
}

export interface GpuInfo {
  index: number;
  name: string;
  memory_total_mib: number | null;
}

export interface EnvironmentFingerprint {
  gpu_status: 'ok' | 'absent' | 'unavailable';
  gpus: GpuInfo[];
  driver_version: string | null;
  cuda_version: string | null;
  /** `nvidia-smi topo -m` text when there are several GPUs (bounded). */
  gpu_topology: string | null;
  cpu_model: string;
  cpus: number;
  memory_gb: number;
  engine: { name: EngineName; version: string | null; source: string | null } | null;
  model: string | null;
  /** Set in GitHub Actions. */
  runner: { name: string | null; os: string | null; image_os: string | null; image_version: string | null } | null;
}

export interface FingerprintDifference {
  field: string;
  baseline: string;
  candidate: string;
  /** major: the hardware, engine or model differ (figures not comparable); minor: driver, image, and the like. */
  severity: 'major' | 'minor';
}
