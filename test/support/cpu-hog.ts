// A noisy neighbour: a child process that keeps one core busy until stopped.
import { spawn, type ChildProcess } from 'node:child_process';

export interface CpuHog {
  stop(): Promise<void>;
}

export function startCpuHog(): CpuHog {
  // Bounded: it ends itself after 15 minutes even if the test that started it dies.
  const child: ChildProcess = spawn(process.execPath, ['-e', 'const end = Date.now() + 900_000; while (Date.now() < end) {}'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
