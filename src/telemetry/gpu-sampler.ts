// Samples every GPU while a cell runs: `nvidia-smi ... -lms N` as a child
// process, one CSV line per GPU per interval. The sampler must never hold the
// run up: a sampler that goes silent is killed by a watchdog and reported as
// hung, one that exits early is reported as died, and stop() waits a bounded
// time (SIGTERM, then SIGKILL) and then lets go whatever happens.
//
// Its output is untrusted text read on the client's own event loop, so every
// part of it is bounded: a line (longer ones are skipped, never buffered
// whole), the GPUs summarised (more indices are counted and ignored, so the
// result stays small), and the bytes read (a budget that accrues per interval;
// a flood past it stops the sampler, keeping what it read, before parsing it
// could delay the client's time stamps).
import { spawn, type ChildProcess } from 'node:child_process';
import { parseGpuLine, samplerArgs } from './nvidia-smi.js';
import { integratePower, thinPoints, type PowerPoint } from './energy.js';
import { Series } from './stat.js';
import type { GpuEnergy, GpuSamplerStatus, GpuSummary, GpuTelemetry } from './types.js';
import { systemClock, type Clock } from '../util/clock.js';

interface GpuSamplerOptions {
  intervalMs?: number;
  /** No line for this long and the sampler counts as hung (default max(5 intervals, 5 s)). */
  silenceMs?: number;
  /** How long stop() waits after each signal, ms (default 1000). */
  stopGraceMs?: number;
  /** What silence and the output rate bound are timed on (default systemClock). */
  clock?: Clock;
  bin?: string;
  /** Stdout allowed per interval beyond the start allowance, bytes (default: MAX_GPUS lines of MAX_LINE). */
  bytesPerInterval?: number;
}

/** Longest stdout line read: a real reading is about 100 bytes. */
export const MAX_LINE = 1024;
/** GPUs summarised per sampler; readings of further indices are counted and ignored. */
export const MAX_GPUS = 64;
/** Longest GPU name kept. */
const MAX_NAME = 128;
/** Stdout allowed before any interval has passed (a start-up banner, the first readings). */
const START_BYTES = 256 * 1024;
/** Power readings kept per GPU for the energy integral; past it they are thinned (energy.ts thinPoints). */
const MAX_POWER_POINTS = 20_000;
/** The energy of a window is not stated when gaps between readings cover more than this share of it. */
const MAX_GAP_SHARE = 0.1;

/** The time window the energy is integrated over: the measured requests' first send to last done, on the sampler's clock. */
export interface EnergyWindow {
  fromMs: number;
  toMs: number;
}

interface PerGpu {
  name: string;
  util: Series;
  mem: Series;
  memTotal: number | null;
  power: Series;
  /** (arrival time, W) of the power readings, for the energy integral; thinned to every `stride`-th past MAX_POWER_POINTS. */
  powerPoints: PowerPoint[];
  powerSeen: number;
  stride: number;
  sm: Series;
  memClock: Series;
  temp: Series;
}

interface GpuSampler {
  /** Stops the child (bounded) and summarises, with the energy over `window` when given; other_processes is filled by the caller. */
  stop(window?: EnergyWindow | null): Promise<Omit<GpuTelemetry, 'other_processes'>>;
}

const MAX_STDERR = 400;

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, ms);
    const onExit = (): void => {
      clearTimeout(t);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

/**
 * Waits for `p` at most `ms`, and clears its timer either way, as waitExit
 * does: a timer left running held every CLI run open for the grace period
 * after its last cell.
 */
function settledWithin(p: Promise<unknown>, ms: number): Promise<void> {
  let t: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<void>((resolve) => (t = setTimeout(resolve, ms)))]).then(() => clearTimeout(t));
}

/** A gap between readings beyond this is counted against the estimate: three intervals, at least 1.5 s. */
function maxGapMs(intervalMs: number): number {
  return Math.max(3 * intervalMs, 1500);
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

function energyOf(points: readonly PowerPoint[], w: EnergyWindow): number | null {
  // Only the integral's joules: whether the window was covered is judged for all GPUs together (windowEnergy).
  const e = integratePower(points, w.fromMs, w.toMs, Infinity);
  return e === null ? null : r3(e.joules);
}

/**
 * The energy every GPU with power readings drew over the window, by the
 * trapezoid rule; joules null when none had readings, or when gaps between
 * readings (a sampler that died or stalled) cover more than MAX_GAP_SHARE of
 * the window on any GPU counted.
 */
export function windowEnergy(perGpu: readonly (readonly PowerPoint[])[], w: EnergyWindow, intervalMs: number): GpuEnergy {
  const windowMs = Math.max(0, w.toMs - w.fromMs);
  let joules = 0;
  let gap = 0;
  let counted = 0;
  for (const points of perGpu) {
    const e = integratePower(points, w.fromMs, w.toMs, maxGapMs(intervalMs));
    if (e === null) continue;
    counted++;
    joules += e.joules;
    gap = Math.max(gap, e.gapMs);
  }
  const covered = counted > 0 && windowMs > 0 && gap <= MAX_GAP_SHARE * windowMs;
  return { method: 'trapezoid', window_s: r3(windowMs / 1000), gpus_counted: counted, gap_s: r3(gap / 1000), joules: covered ? r3(joules) : null };
}

export function startGpuSampler(o: GpuSamplerOptions = {}): GpuSampler {
  const intervalMs = Math.max(20, Math.round(o.intervalMs ?? 500));
  const silenceMs = o.silenceMs ?? Math.max(5 * intervalMs, 5000);
  const graceMs = o.stopGraceMs ?? 1000;
  const gpus = new Map<number, PerGpu>();
  let status: GpuSamplerStatus = 'ok';
  let message: string | null = null;
  let lines = 0;
  let stderr = '';
  let stopping = false;
  const bytesPerInterval = o.bytesPerInterval ?? MAX_GPUS * MAX_LINE;
  const clock = o.clock ?? systemClock;
  const startedAt = clock.now();
  /** When the last complete line arrived: the watchdog counts lines, not bytes. */
  let lastLineAt = startedAt;
  /** The unterminated end of the output so far; never longer than MAX_LINE. */
  let partial = '';
  /** Inside a line longer than MAX_LINE: dropped up to its newline. */
  let skipping = false;
  let received = 0;
  let flooded = false;
  let longLines = 0;
  let ignoredReadings = 0;
  /** The last stdout line that was not a reading: nvidia-smi prints its failures there. */
  let lastOther = '';

  const child = spawn(o.bin ?? 'nvidia-smi', samplerArgs(intervalMs), { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });

  child.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') status = 'absent';
    else if (status === 'ok') {
      status = 'died';
      message = `nvidia-smi: ${err.message}`;
    }
  });
  child.stdout!.setEncoding('utf8');
  const onLine = (raw: string): void => {
    lastLineAt = clock.now();
    const g = parseGpuLine(raw);
    if (g === null) {
      if (raw.trim() !== '') lastOther = raw.trim();
      return;
    }
    let p = gpus.get(g.index);
    if (!p) {
      if (gpus.size >= MAX_GPUS) {
        ignoredReadings += 1;
        return;
      }
      p = {
        name: g.name.slice(0, MAX_NAME),
        util: new Series(),
        mem: new Series(),
        memTotal: null,
        power: new Series(),
        powerPoints: [],
        powerSeen: 0,
        stride: 1,
        sm: new Series(),
        memClock: new Series(),
        temp: new Series(),
      };
      gpus.set(g.index, p);
    }
    lines += 1;
    p.util.add(g.utilization);
    p.mem.add(g.memoryUsed);
    p.memTotal = g.memoryTotal ?? p.memTotal;
    p.power.add(g.power);
    if (g.power !== null && Number.isFinite(g.power) && g.power >= 0 && p.powerSeen++ % p.stride === 0) {
      p.powerPoints.push([lastLineAt, g.power]);
      p.stride = thinPoints(p.powerPoints, MAX_POWER_POINTS, p.stride);
    }
    p.sm.add(g.smClock);
    p.memClock.add(g.memClock);
    p.temp.add(g.temperature);
  };
  const flood = (): void => {
    flooded = true;
    partial = '';
    if (status === 'ok') {
      status = 'died';
      message = `nvidia-smi printed ${received} bytes in ${Math.round(clock.now() - startedAt)} ms, more than ${MAX_GPUS} GPUs' readings could take; stopped after ${lines} GPU readings`;
    }
    child.stdout!.pause();
    child.kill('SIGKILL');
  };
  child.stdout!.on('data', (chunk: string) => {
    if (flooded) return;
    received += chunk.length;
    if (received > START_BYTES + ((clock.now() - startedAt) / intervalMs) * bytesPerInterval) {
      flood();
      return;
    }
    // Only the new chunk is scanned; the held part is at most one line.
    let pos = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', pos)) {
      if (skipping) skipping = false;
      else if (partial.length + nl - pos > MAX_LINE) longLines += 1;
      else onLine(partial + chunk.slice(pos, nl));
      partial = '';
      pos = nl + 1;
    }
    if (pos < chunk.length && !skipping) {
      if (partial.length + chunk.length - pos > MAX_LINE) {
        skipping = true;
        partial = '';
        longLines += 1;
      } else partial += chunk.slice(pos);
    }
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (c: string) => {
    if (stderr.length < MAX_STDERR) stderr += c.slice(0, MAX_STDERR);
  });
  // 'exit' can come before the pipes are drained (nvidia-smi prints its failure on stdout and exits at once), so
  // the reason is read at 'close', which follows the end of both pipes; a grandchild holding a pipe open is
  // bounded by the grace period. stop() waits for this judgement when the child left by itself.
  let judged: Promise<void> = Promise.resolve();
  child.once('exit', (code, signal) => {
    if (stopping || status !== 'ok') return;
    judged = new Promise<void>((resolve) => {
      const judge = (): void => {
        clearTimeout(late);
        child.off('close', judge);
        if (status === 'ok') {
          const why = (stderr || partial || lastOther).trim().split('\n')[0]?.slice(0, 200) || (signal ? `signal ${signal}` : `exit code ${code}`);
          // Exiting before any reading: no usable GPU here (no driver, no device). After readings: it died mid-cell.
          if (lines === 0) {
            status = 'unavailable';
            message = `nvidia-smi: ${why}`;
          } else {
            status = 'died';
            message = `nvidia-smi exited during the cell after ${lines} GPU readings: ${why}`;
          }
        }
        resolve();
      };
      const late = setTimeout(judge, graceMs);
      late.unref();
      child.once('close', judge);
    });
  });

  const watchdog = setInterval(
    () => {
      if (stopping || status !== 'ok' || child.exitCode !== null) return;
      if (clock.now() - lastLineAt > silenceMs) {
        status = 'hung';
        message = `nvidia-smi printed nothing for ${silenceMs} ms (after ${lines} GPU readings); stopped`;
        child.kill('SIGKILL');
      }
    },
    Math.min(silenceMs, 1000),
  );
  watchdog.unref();

  return {
    async stop(window) {
      stopping = true;
      clearInterval(watchdog);
      // No pid: the spawn failed (no nvidia-smi) and its 'error' event is on its way.
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        if (!(await waitExit(child, graceMs))) {
          child.kill('SIGKILL');
          if (!(await waitExit(child, graceMs))) {
            // Unkillable (stuck in the driver): leave it, never the run.
            if (status === 'ok') status = 'hung';
            message ??= `nvidia-smi did not exit within ${2 * graceMs} ms of being stopped`;
          }
        }
      } else {
        await settledWithin(exited, graceMs);
        await judged;
      }
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.unref();
      if (status === 'ok' && lines === 0) {
        status = 'unavailable';
        message = `nvidia-smi gave no reading in ${intervalMs} ms intervals`;
      }
      // What was left out, noted even when the readings kept are fine.
      const skipped = [
        ignoredReadings > 0 ? `${ignoredReadings} readings of GPUs beyond the first ${MAX_GPUS} ignored` : '',
        longLines > 0 ? `${longLines} lines over ${MAX_LINE} bytes skipped` : '',
      ].filter((x) => x !== '');
      if (skipped.length > 0 && status !== 'absent') message = [message, `nvidia-smi: ${skipped.join('; ')}`].filter((x) => x !== null).join('; ');
      const summaries: GpuSummary[] = [...gpus.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([index, p]) => ({
          index,
          name: p.name,
          utilization_pct: p.util.stat(),
          memory_used_mib: p.mem.stat(),
          memory_total_mib: p.memTotal,
          power_w: p.power.stat(),
          ...(window == null ? {} : { energy_j: energyOf(p.powerPoints, window) }),
          sm_clock_mhz: p.sm.stat(),
          mem_clock_mhz: p.memClock.stat(),
          temperature_c: p.temp.stat(),
        }));
      const energy =
        window == null || status === 'absent'
          ? null
          : windowEnergy(
              [...gpus.values()].map((p) => p.powerPoints),
              window,
              intervalMs,
            );
      return { status, message: status === 'absent' ? null : message, interval_ms: intervalMs, gpus: summaries, ...(energy === null ? {} : { energy }) };
    },
  };
}
