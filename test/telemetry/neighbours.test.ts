// A CPU hog beside a run is seen and flagged; the same process counted as the
// server is not "others".
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { machineCpu, processTree, startCpuWindow } from '../../src/telemetry/neighbours.js';
import { startCellTelemetry } from '../../src/telemetry/cell.js';

let hog: ChildProcess | null = null;
afterEach(() => {
  hog?.kill('SIGKILL');
  hog = null;
});

function startHog(): ChildProcess {
  // A busy loop in its own process, bounded so a crashed test leaves nothing behind.
  return spawn(process.execPath, ['-e', 'const end = Date.now() + 20000; while (Date.now() < end) {}'], { stdio: 'ignore' });
}

const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('noisy neighbours', () => {
  it('reads machine CPU time and a process tree from /proc', () => {
    const m = machineCpu()!;
    expect(m.total).toBeGreaterThan(m.busy);
    const me = processTree([process.pid]);
    expect(me.pids.has(process.pid)).toBe(true);
    expect(me.cpuMs).toBeGreaterThan(0);
    expect(processTree([2 ** 31 - 2]).pids.size).toBe(0);
  });

  it('counts a busy loop as others, and not when it is the server', async () => {
    hog = startHog();
    await wait(200);
    // Both windows cover the same time: the only difference is whose the hog's CPU is.
    const m0 = machineCpu()!;
    const hog0 = processTree([hog.pid!]).cpuMs;
    const asOther = startCpuWindow([]);
    const asServer = startCpuWindow([hog.pid!]);
    await wait(1_500);
    const other = asOther.stop();
    const server = asServer.stop();
    const hogShare = (processTree([hog.pid!]).cpuMs - hog0) / (machineCpu()!.total - m0.total);
    expect(other.share).not.toBeNull();
    expect(hogShare).toBeGreaterThan(0);
    // The gap between the two is the hog's own share of the machine (clock ticks of 10 ms make it approximate).
    expect(Math.abs(other.share! - server.share! - hogShare)).toBeLessThan(0.03);
  });

  it('flags a cell measured beside a CPU hog, with the reason', async () => {
    hog = startHog();
    const h = await startCellTelemetry({ baseUrl: null, gpu: false, maxOthersCpuShare: 0.1 / (await import('node:os')).cpus().length });
    await wait(1_000);
    const t = await h.stop();
    expect(t.neighbours.flagged).toBe(true);
    expect(t.neighbours.others_cpu_share).toBeGreaterThan(0);
    expect(t.neighbours.reasons[0]).toMatch(/^other processes used \d+\.\d% of the machine's CPU \([\d.]+ of \d+ cores\), over the \d+% limit$/);
    expect(t.gpu.status).toBe('absent');
    expect(t.engine).toBeNull();
  });

  it('does not flag under a limit nothing can exceed', async () => {
    const h = await startCellTelemetry({ baseUrl: null, gpu: false, maxOthersCpuShare: 1 });
    await wait(200);
    const t = await h.stop();
    expect(t.neighbours.flagged).toBe(false);
    expect(t.neighbours.reasons).toEqual([]);
  });
});
