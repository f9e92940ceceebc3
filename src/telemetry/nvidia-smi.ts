// Everything this tool reads from nvidia-smi, in one place: the sampling query
// and its CSV lines, and the one-shot queries (compute processes, GPU list,
// driver and CUDA version, topology). Each one-shot call is bounded by a
// timeout; a machine without nvidia-smi, or where it fails, gives null.
import { execFile } from 'node:child_process';

/** The sampler's fields, in order (`--format=csv,noheader,nounits`). */
const GPU_FIELDS = ['index', 'name', 'utilization.gpu', 'memory.used', 'memory.total', 'power.draw', 'clocks.sm', 'clocks.mem', 'temperature.gpu'] as const;

export function samplerArgs(intervalMs: number): string[] {
  return [`--query-gpu=${GPU_FIELDS.join(',')}`, '--format=csv,noheader,nounits', '-lms', String(intervalMs)];
}

interface GpuLine {
  index: number;
  name: string;
  utilization: number | null;
  memoryUsed: number | null;
  memoryTotal: number | null;
  power: number | null;
  smClock: number | null;
  memClock: number | null;
  temperature: number | null;
}

/** nvidia-smi writes `[N/A]`, `[Not Supported]` (or `N/A`) where a GPU lacks a reading. */
function num(s: string | undefined): number | null {
  if (s === undefined) return null;
  const t = s.trim();
  if (t === '' || t.startsWith('[') || t === 'N/A') return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}

/** One sampler line, or null when it is not one (a header, a warning, a partial line). */
export function parseGpuLine(line: string): GpuLine | null {
  const f = line.split(',').map((s) => s.trim());
  // A GPU name may hold a comma in principle: the name is everything between the first field and the last seven.
  if (f.length < GPU_FIELDS.length) return null;
  const index = num(f[0]);
  if (index === null || !Number.isInteger(index)) return null;
  const tail = f.slice(f.length - 7);
  return {
    index,
    name: f.slice(1, f.length - 7).join(', '),
    utilization: num(tail[0]),
    memoryUsed: num(tail[1]),
    memoryTotal: num(tail[2]),
    power: num(tail[3]),
    smClock: num(tail[4]),
    memClock: num(tail[5]),
    temperature: num(tail[6]),
  };
}

interface SmiResult {
  ok: boolean;
  stdout: string;
  /** ENOENT: no nvidia-smi at all. */
  absent: boolean;
  error: string | null;
}

/** Runs nvidia-smi once; never throws, never waits longer than timeoutMs (then kills it). */
function runSmi(args: string[], timeoutMs = 5000, bin = 'nvidia-smi'): Promise<SmiResult> {
  return new Promise((resolve) => {
    execFile(bin, args, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 }, (err, stdout, stderr) => {
      if (!err) return resolve({ ok: true, stdout, absent: false, error: null });
      const e = err as NodeJS.ErrnoException & { killed?: boolean };
      if (e.code === 'ENOENT') return resolve({ ok: false, stdout: '', absent: true, error: null });
      const why = e.killed ? `no answer within ${timeoutMs} ms` : (stderr || stdout || e.message).trim().split('\n')[0]!.slice(0, 200);
      resolve({ ok: false, stdout, absent: false, error: `nvidia-smi ${args[0] ?? ''}: ${why}` });
    });
  });
}

export interface ComputeApp {
  pid: number;
  name: string;
  usedMemory: number | null;
  gpuUuid: string | null;
}

export async function computeApps(timeoutMs?: number): Promise<ComputeApp[] | null> {
  const r = await runSmi(['--query-compute-apps=pid,process_name,used_memory,gpu_uuid', '--format=csv,noheader,nounits'], timeoutMs);
  if (!r.ok) return null;
  const apps: ComputeApp[] = [];
  for (const line of r.stdout.split('\n')) {
    const f = line.split(',').map((s) => s.trim());
    if (f.length < 4) continue;
    const pid = Number(f[0]);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (apps.length >= MAX_LISTED) break;
    apps.push({
      pid,
      name: f
        .slice(1, f.length - 2)
        .join(', ')
        .slice(0, MAX_NAME),
      usedMemory: num(f[f.length - 2]),
      gpuUuid: f[f.length - 1] || null,
    });
  }
  return apps;
}

interface GpuInventory {
  gpus: { index: number; name: string; memoryTotal: number | null }[];
  driver: string | null;
  cuda: string | null;
  topology: string | null;
}

const MAX_TOPOLOGY = 4096;
/** GPUs and GPU processes listed at most: nvidia-smi's output is untrusted, and these lists go into the result. */
const MAX_LISTED = 64;
const MAX_NAME = 128;

/** Text without ANSI terminal escape sequences (`ESC [ ... letter`). */
function stripEscapes(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
}

/** The GPUs, driver, CUDA version and (several GPUs) topology; status says why there is none. */
export async function gpuInventory(timeoutMs?: number): Promise<{ status: 'ok' | 'absent' | 'unavailable'; inventory: GpuInventory | null }> {
  const list = await runSmi(['--query-gpu=index,name,memory.total,driver_version', '--format=csv,noheader,nounits'], timeoutMs);
  if (list.absent) return { status: 'absent', inventory: null };
  if (!list.ok) return { status: 'unavailable', inventory: null };
  const gpus: GpuInventory['gpus'] = [];
  let driver: string | null = null;
  for (const line of list.stdout.split('\n')) {
    const f = line.split(',').map((s) => s.trim());
    if (f.length < 4) continue;
    const index = num(f[0]);
    if (index === null) continue;
    if (gpus.length >= MAX_LISTED) break;
    gpus.push({
      index,
      name: f
        .slice(1, f.length - 2)
        .join(', ')
        .slice(0, MAX_NAME),
      memoryTotal: num(f[f.length - 2]),
    });
    driver ??= f[f.length - 1]?.slice(0, MAX_NAME) || null;
  }
  if (gpus.length === 0) return { status: 'unavailable', inventory: null };
  // The CUDA version the driver supports is printed only in the banner of a plain `nvidia-smi`.
  const banner = await runSmi([], timeoutMs);
  const cuda = /CUDA Version:\s*([\d.]+)/.exec(banner.stdout)?.[1] ?? null;
  let topology: string | null = null;
  if (gpus.length > 1) {
    const topo = await runSmi(['topo', '-m'], timeoutMs);
    // The real one underlines the matrix's header with terminal escapes even into a pipe (driver 580): kept out of the result and the report.
    if (topo.ok) topology = stripEscapes(topo.stdout).trim().slice(0, MAX_TOPOLOGY);
  }
  return { status: 'ok', inventory: { gpus, driver, cuda, topology } };
}
