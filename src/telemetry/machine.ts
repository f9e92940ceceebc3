// The machine a run happened on (CPU, memory, Node), stored with the result
// (`machine`) and extended into the environment fingerprint
// (./fingerprint.ts) with the GPU, the engine, the model and the runner.
import os from 'node:os';

export interface MachineInfo {
  platform: string;
  arch: string;
  cpu_model: string;
  cpus: number;
  memory_gb: number;
  node: string;
  /** The measuring process's scheduling priority (src/run/priority.ts); absent in older results. */
  priority?: PriorityOutcome;
}

export interface PriorityOutcome {
  /** The nice value asked for; null when not asked (LLM_PERF_GATE_NICE=off or invalid). */
  asked: number | null;
  /** The nice value the process ran at after the attempt; null when it could not be read. */
  nice: number | null;
  /** True when it ran at the nice value asked for, or a better one. */
  raised: boolean;
  /** Why it was not raised (the OS refusal, named), or null. */
  note: string | null;
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    platform: os.platform(),
    arch: os.arch(),
    cpu_model: cpus[0]?.model.trim() ?? 'unknown',
    cpus: cpus.length,
    memory_gb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
  };
}
