// Runs the built CLI (bin -> dist) as a child process, as a user would.
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';

const BIN = join(process.cwd(), 'bin', 'llm-perf-gate.js');

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Rebuild dist/ from the sources under test (identical to the committed bundles
 * when check-dist passes), unless the e2e lane's global set-up already did.
 */
export function buildDist(): void {
  if (process.env.LLM_PERF_GATE_TEST_DIST_BUILT === '1') return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}

/**
 * Runs the built CLI. `interruptAfterMs` sends SIGINT that long after stderr
 * first shows `interruptAfter` (default: the run's 'started' line), so that
 * a test can aim its interrupt at a stage rather than at a time from launch.
 */
export function cli(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; interruptAfterMs?: number; interruptAfter?: RegExp } = {}): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd ?? process.cwd(), env: { ...process.env, CI: 'true', ...opts.env } });
    let stdout = '';
    let stderr = '';
    let interrupt = opts.interruptAfterMs;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (interrupt !== undefined && (opts.interruptAfter ?? /started/).test(stderr)) {
        setTimeout(() => child.kill('SIGINT'), interrupt);
        interrupt = undefined;
      }
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
