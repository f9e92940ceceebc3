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
