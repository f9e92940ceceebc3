// Builds dist/ once for the e2e lane: its files run the built bundles as
// GitHub and users do, and each used to rebuild them in its own set-up.
// buildDist() (test/support/cli.ts) is then a no-op, so one e2e file run on
// its own still builds what it runs.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  if (process.env.LLM_PERF_GATE_TEST_DIST_BUILT === '1') return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  process.env.LLM_PERF_GATE_TEST_DIST_BUILT = '1';
}
