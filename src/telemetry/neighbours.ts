// Noisy neighbours: how much of the machine's CPU other processes took while a
// cell ran. Machine-wide busy time from /proc/stat, minus this process (the
// client) and the server's process tree (from /proc/<pid>/stat). The client
// benchmark (bench/client/driver.ts) measures the same share for its steps.
// Linux only; elsewhere the share is null and nothing is flagged for CPU.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';

/** USER_HZ: /proc times are in 1/100 s on every Linux build Node supports. */
const TICK_MS = 10;

/** Machine-wide CPU time (all cores), ms: busy and total. */
export function machineCpu(procRoot = '/proc'): { busy: number; total: number } | null {
  try {
    const f = readFileSync(`${procRoot}/stat`, 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    if (f.length < 8 || f.some((v) => !Number.isFinite(v))) return null;
    const total = f.reduce((a, b) => a + b, 0);
    // idle + iowait are the only times no process used the core.
    const idle = f[3]! + f[4]!;
    return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
  } catch {
    return null;
  }
}

/** pid -> [ppid, utime+stime ms] for every process, from /proc/<pid>/stat. */
function processTable(procRoot: string): Map<number, [number, number]> {
  const table = new Map<number, [number, number]>();
  let dirs: string[];
  try {
    dirs = readdirSync(procRoot).filter((d) => /^\d+$/.test(d));
  } catch {
    return table;
  }
  for (const d of dirs) {
    try {
      const stat = readFileSync(`${procRoot}/${d}/stat`, 'utf8');
      // "pid (comm) state ppid ..."; comm may hold spaces and parentheses: split after the last ')'.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(d), [Number(f[1]), (Number(f[11]) + Number(f[12])) * TICK_MS]);
    } catch {
      // Gone between readdir and read.
    }
  }
  return table;
}

/** The given pids and all their descendants. */
export function processTree(roots: readonly number[], procRoot = '/proc'): { pids: Set<number>; cpuMs: number } {
  const table = processTable(procRoot);
  const pids = new Set<number>(roots.filter((p) => table.has(p)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, [ppid]] of table) {
      if (!pids.has(pid) && pids.has(ppid)) {
        pids.add(pid);
        grew = true;
      }
    }
  }
  let cpuMs = 0;
  for (const p of pids) cpuMs += table.get(p)![1];
  return { pids, cpuMs };
}

interface CpuWindow {
  /** Share (0..1) of all cores used by others since start; null off Linux or when nothing was counted. */
  stop(): { share: number | null; cores: number | null; cpus: number };
}

/**
 * Starts a window. Server CPU is counted by process tree at both ends, so a
 * server child that exits mid-cell moves its time to "others": a small
 * overcount, and in the safe direction for a flag.
 */
export function startCpuWindow(serverPids: readonly number[], procRoot = '/proc'): CpuWindow {
  // /proc/stat counts every online core, so the share is of those.
  const cpus = os.cpus().length;
  const m0 = machineCpu(procRoot);
  const own0 = process.cpuUsage();
  const srv0 = serverPids.length > 0 ? processTree(serverPids, procRoot).cpuMs : 0;
  return {
    stop() {
      const m1 = machineCpu(procRoot);
      if (m0 === null || m1 === null || m1.total - m0.total <= 0) return { share: null, cores: null, cpus };
      const own = process.cpuUsage(own0);
      const ownMs = (own.user + own.system) / 1000;
      const srvMs = serverPids.length > 0 ? Math.max(0, processTree(serverPids, procRoot).cpuMs - srv0) : 0;
      const total = m1.total - m0.total;
      const others = Math.max(0, m1.busy - m0.busy - ownMs - srvMs);
      const share = Math.min(1, others / total);
      return { share: Math.round(share * 1000) / 1000, cores: Math.round(share * cpus * 100) / 100, cpus };
    },
  };
}
