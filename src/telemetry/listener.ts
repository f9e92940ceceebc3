// Which local processes listen on a TCP port, from /proc/net/tcp{,6} and the
// processes' open sockets. When the server under test was started outside
// this tool but listens on this machine, its CPU is the server's, not a
// noisy neighbour's: without this, every cell against a local server the user
// started would be flagged. Linux only; elsewhere (or without permission to
// read another user's /proc/<pid>/fd) the list is empty, and the server's CPU
// counts as others', as documented.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Bounds on the scan: a machine with more processes or sockets than this is only partly scanned. */
const MAX_PROCESSES = 5000;
const MAX_FDS_PER_PROCESS = 10_000;

/** Socket inodes in LISTEN state (st 0A) on `port`, any local address. */
function listeningInodes(port: number, procRoot: string): Set<string> {
  const inodes = new Set<string>();
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  for (const file of ['net/tcp', 'net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(`${procRoot}/${file}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      if (f.length < 10 || f[3] !== '0A' || !f[1]!.endsWith(`:${hex}`)) continue;
      if (f[9] !== '0') inodes.add(f[9]!);
    }
  }
  return inodes;
}

/** Pids of the processes holding a listening socket on `port`; [] when none is found or /proc cannot tell. */
export function pidsListeningOn(port: number, procRoot = '/proc'): number[] {
  const inodes = listeningInodes(port, procRoot);
  if (inodes.size === 0) return [];
  let dirs: string[];
  try {
    dirs = readdirSync(procRoot)
      .filter((d) => /^\d+$/.test(d))
      .slice(0, MAX_PROCESSES);
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const d of dirs) {
    let fds: string[];
    try {
      fds = readdirSync(`${procRoot}/${d}/fd`).slice(0, MAX_FDS_PER_PROCESS);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let link: string;
      try {
        link = readlinkSync(`${procRoot}/${d}/fd/${fd}`);
      } catch {
        continue;
      }
      const m = /^socket:\[(\d+)\]$/.exec(link);
      if (m && inodes.has(m[1]!)) {
        pids.push(Number(d));
        break;
      }
    }
  }
  return pids;
}

/** The port of a loopback URL (the server is on this machine), else null. */
export function loopbackPort(url: string): number | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!(host === 'localhost' || host === '::1' || /^127\./.test(host))) return null;
  if (u.port !== '') return Number(u.port);
  return u.protocol === 'https:' ? 443 : 80;
}
