// Telemetry in the terminal: one short line per measured trial and one line
// naming the environment. Plain text; the host's log seam makes it safe to print.
import type { CellTelemetry, EnvironmentFingerprint } from '../telemetry/types.js';
import { meanGpuUtil, peakGpuMemory } from './telemetry.js';

const pct = (v: number): string => `${(v * 100).toFixed(0)}%`;

/** "GPU 60.0 / 79.6 GiB peak, 55% util · KV cache peak 42%, waiting peak 3 · others 12% CPU". */
export function telemetryLine(t: CellTelemetry): string {
  const parts: string[] = [];
  if (t.gpu.status !== 'absent') parts.push(`GPU ${peakGpuMemory(t)} peak, ${meanGpuUtil(t)} util`);
  const e = t.engine;
  if (e !== null) {
    const kv = e.kv_cache_usage ? `KV cache peak ${pct(e.kv_cache_usage.max)}, ` : '';
    parts.push(`${e.engine}: ${kv}waiting peak ${e.waiting ? Math.round(e.waiting.max * 10) / 10 : '–'}, running peak ${e.running ? Math.round(e.running.max * 10) / 10 : '–'}`);
    for (const m of e.token_check?.mismatches ?? []) parts.push(`tokens disagree: ${m}`);
  }
  const share = t.neighbours.others_cpu_share;
  if (share !== null) parts.push(`others ${pct(share)} CPU${t.neighbours.flagged ? ` (over the ${pct(t.neighbours.limit)} limit: flagged)` : ''}`);
  else if (t.neighbours.flagged) parts.push('flagged: other processes held the GPU');
  return parts.join(' · ');
}

/** "2 x NVIDIA H100 80GB HBM3 (driver 550.54.15, CUDA 12.4) · 16 x AMD EPYC · vllm 0.10.1 · model m". */
export function environmentText(f: EnvironmentFingerprint): string {
  const gpu =
    f.gpus.length === 0
      ? f.gpu_status === 'absent'
        ? 'no GPU'
        : `GPU ${f.gpu_status}`
      : `${f.gpus.length} x ${f.gpus[0]!.name}${f.driver_version ? ` (driver ${f.driver_version}${f.cuda_version ? `, CUDA ${f.cuda_version}` : ''})` : ''}`;
  const engine = f.engine ? ` · ${f.engine.name}${f.engine.version ? ` ${f.engine.version}` : ''}` : '';
  return `${gpu} · ${f.cpus} x ${f.cpu_model}${engine}${f.model ? ` · model ${f.model}` : ''}`;
}
