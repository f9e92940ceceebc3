// The commit a run measured, stored with the result so a comparison can tell
// when two results came from different commits. The machine it ran on is
// telemetry's (src/telemetry/machine.ts).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ResultDoc } from '../result/types.js';

const run = promisify(execFile);

/** The commit being measured: GITHUB_SHA in Actions, else `git rev-parse HEAD` in cwd, else null. */
export async function gitInfo(cwd: string, env: NodeJS.ProcessEnv): Promise<ResultDoc['git']> {
  if (env.GITHUB_SHA && /^[0-9a-f]{40,64}$/.test(env.GITHUB_SHA)) {
    return { commit: env.GITHUB_SHA, ref: env.GITHUB_REF ?? null };
  }
  try {
    const { stdout } = await run('git', ['rev-parse', 'HEAD'], { cwd, timeout: 5000 });
    const commit = stdout.trim();
    if (!/^[0-9a-f]{40,64}$/.test(commit)) return null;
    let ref: string | null = null;
    try {
      ref = (await run('git', ['symbolic-ref', '-q', 'HEAD'], { cwd, timeout: 5000 })).stdout.trim() || null;
    } catch {
      // Detached HEAD: the commit alone identifies the build.
    }
    return { commit, ref };
  } catch {
    return null;
  }
}
