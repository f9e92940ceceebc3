// A noisy neighbour: a process that keeps one core busy until stopped.
//
// It is started through a shell that exits at once, so the busy loop is
// re-parented away from this process. That matters: the client finds the
// server by its listening port and counts that process's whole tree as the
// server, and in the real-engine checks the listener (a proxy) lives in this
// process. A hog spawned as our child would be counted as the server and never
// seen as a neighbour; a stranger's process on a shared runner is not our child.
import { spawn } from 'node:child_process';

export interface CpuHog {
  /** Stops the busy loop for now (SIGSTOP): it takes no CPU until resumed. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export async function startCpuHog(opts: { paused?: boolean } = {}): Promise<CpuHog> {
  // Bounded: it ends itself after 15 minutes even if whatever started it dies.
  const loop = `"${process.execPath}" -e 'const end = Date.now() + 900_000; while (Date.now() < end) {}' </dev/null >/dev/null 2>&1 & echo $!`;
  const sh = spawn('/bin/sh', ['-c', loop], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  sh.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
  await new Promise<void>((resolve, reject) => {
    sh.once('error', reject);
    sh.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cpu hog: the shell exited with ${code}`))));
  });
  const pid = Number(out.trim());
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`cpu hog: no pid from the shell (got '${out.trim()}')`);
  const signal = (s: NodeJS.Signals): void => {
    if (alive(pid)) process.kill(pid, s);
  };
  if (opts.paused) signal('SIGSTOP');
  return {
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    async stop() {
      signal('SIGKILL');
      // Not our child: nothing to wait on but its pid going away.
      for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 10));
    },
  };
}
