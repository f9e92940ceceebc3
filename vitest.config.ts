import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Four lanes (CONTRIBUTING.md, "Tests"); a test file is in unit unless its name
// (*.loopback.test.ts, *.e2e.test.ts) or a list below puts it elsewhere:
// - unit: pure code, the developer's loop (`npm run test:unit`). Its files run
//   side by side; test/support/unit-only.ts refuses servers and processes, so
//   a file that needs them fails at once, saying to list it here.
// - study (*.study.test.ts): the gate's false-alarm and detection rates over
//   hundreds of simulated comparisons at the default settings (docs/gate.md).
//   Pure but a minute of CPU, so outside the developer's loop; CI runs them
//   beside the unit lane.
// - loopback: real servers, processes and git on this machine. Files run one
//   at a time: their timing assertions compare against a loopback server on a
//   2-core machine and must not steal each other's CPU.
// - e2e: the built dist/ run as GitHub runs it, the embedded engine,
//   llama-server, a browser. Files that judge what they measure, or measure a
//   real engine, run one at a time, last, alone (E2E_ALONE); the others two
//   at a time before them.
// dist/ is built once for the run (test/support/global-build.ts).
const STUDY = ['test/**/*.study.test.ts'];
// Loopback files that spend their time in git (history stored on a branch of
// a bare remote on disk) and assert no timing but a 240 s bound on 20 racing
// pushes: they run side by side with the unit and study lanes (group 0)
// instead of one at a time, which took 91 s of the loopback lane's 361 s in a
// clean-clone CI run.
const GIT = [
  'test/history/store.test.ts',
  'test/history/batch.loopback.test.ts',
  'test/history/compact.test.ts',
  'test/history/reader.test.ts',
  'test/history/pages.test.ts',
  'test/cli/history-commands.test.ts',
  'test/action/baseline.test.ts',
];
const LOOPBACK = [
  'test/**/*.loopback.test.ts',
  'test/action/ab.test.ts',
  'test/action/baseline.test.ts',
  'test/action/main.test.ts',
  'test/capacity/fake-server.test.ts',
  'test/cli/history-commands.test.ts',
  'test/client/hostile.test.ts',
  'test/client/stale-socket.test.ts',
  'test/engine/config-bounds.test.ts',
  'test/engine/faults.test.ts',
  'test/engine/measure.test.ts',
  'test/engine/open-loop.test.ts',
  'test/github/comment.test.ts',
  'test/history/compact.test.ts',
  'test/history/pages.test.ts',
  'test/history/reader.test.ts',
  'test/history/store.test.ts',
  'test/load/warmup.test.ts',
  'test/run/run-plan.test.ts',
  'test/run/workers.test.ts',
  'test/server/env.test.ts',
  'test/server/process.test.ts',
  'test/support/fake-server.test.ts',
  'test/support/throttle-proxy.test.ts',
  'test/telemetry/cell.test.ts',
  'test/telemetry/embedded-label.test.ts',
  'test/telemetry/fingerprint.test.ts',
  'test/telemetry/gpu.test.ts',
  'test/telemetry/listener.test.ts',
  'test/telemetry/neighbours.test.ts',
  'test/telemetry/scrape.test.ts',
];
// The e2e files that measure a real engine, or judge measurements of a
// loopback fake (an unpaired comparison reads a neighbour's load that differs
// between its two runs as noise, and rightly stops failing a 15% drop: seen
// when these ran two at a time), or use a browser: one at a time, last, alone
// on the machine.
const E2E_ALONE = [
  'test/action/action.test.ts',
  'test/action/history.test.ts',
  'test/cli/calibrate.test.ts',
  'test/cli/capacity.test.ts',
  'test/cli/compare.test.ts',
  'test/result/readback.test.ts',
  'test/result/untrusted.test.ts',
  'test/telemetry/cost-energy.e2e.test.ts',
  'test/e2e/ab-real.test.ts',
  'test/e2e/embedded.test.ts',
  'test/e2e/gate-engines.test.ts',
  'test/e2e/gate-regressions.test.ts',
  'test/e2e/llama-server.test.ts',
  'test/e2e/multi-turn.test.ts',
  'test/e2e/ramp.test.ts',
  'test/e2e/telemetry.test.ts',
  'test/e2e/workloads.test.ts',
  'test/cli/ab.test.ts',
  'test/dashboard/browser.test.ts',
  // Compares the latencies of shards run as separate processes with one
  // process's, up to 60 req/s with worker threads: run two files a core, a
  // clean-clone CI run saw its TTFT p50 at 132 ms against 104 (bound 25%).
  'test/cli/shard.test.ts',
];
const E2E = [
  'test/e2e/**/*.test.ts',
  'test/**/*.e2e.test.ts',
  'test/action/accept.test.ts',
  'test/action/action.test.ts',
  'test/action/history.test.ts',
  'test/action/hostile.test.ts',
  'test/action/report-binding.test.ts',
  'test/action/server-env.test.ts',
  'test/action/signal.test.ts',
  'test/cli/ab.test.ts',
  'test/cli/calibrate.test.ts',
  'test/cli/capacity.test.ts',
  'test/cli/compare.test.ts',
  'test/cli/launcher.test.ts',
  'test/cli/run.test.ts',
  'test/cli/shard.test.ts',
  'test/client/many-events.test.ts',
  'test/dashboard/browser.test.ts',
  'test/report/hostile-text.test.ts',
  'test/result/readback.test.ts',
  'test/result/untrusted.test.ts',
  'test/telemetry/hostile-smi.test.ts',
  'test/telemetry/wired.test.ts',
];

export default defineConfig({
  test: {
    setupFiles: ['test/support/loopback-only.ts'],
    // vitest's default leaves a core free (one worker on 2 cores); the unit and
    // study lanes are pure CPU and the other lanes run one file at a time
    // anyway. With 2 workers the unit lane took 58 s on 2 cores, 93 s with 1.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...STUDY, ...LOOPBACK, ...E2E],
          setupFiles: ['test/support/unit-only.ts'],
          fileParallelism: true,
          // Pure code shares its modules between files: each file importing
          // src/ afresh took 34 s of the lane's 75 s on 2 cores; without it, 44 s
          // (the files pass in any order: checked with --sequence.shuffle).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'study',
          include: STUDY,
          fileParallelism: true,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'git',
          include: GIT,
          fileParallelism: true,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'loopback',
          include: LOOPBACK,
          exclude: GIT,
          fileParallelism: false,
          // Each file in a fresh worker. Sharing one (isolate: false) saved about
          // 50 s here, but this lane measures in the test's own process, and in a
          // clean-clone CI run the telemetry-thread test then saw a 237 ms stall
          // of the event loop where its bound was 148 ms: the heap that 30 earlier
          // files leave behind, collected inside the measurements, is a likely cause.
          isolate: true,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The rest of the e2e lane runs the built CLI or action against loopback
        // fakes and crafted results, judging no measurement: a file spends much
        // of its time waiting on the fake server's timers or child processes, so
        // files run side by side, two a core. Four at a time this lane took 97 s, against
        // 109 s three at a time and 110 s two at a time (2 cores, one run each).
        extends: true,
        test: {
          name: 'e2e',
          include: E2E,
          exclude: E2E_ALONE,
          globalSetup: ['test/support/global-build.ts'],
          fileParallelism: true,
          isolate: false,
          maxWorkers: 2 * availableParallelism(),
          sequence: { groupOrder: 2 },
        },
      },
      {
        // Files share their worker and modules (isolate: false), as in the unit
        // lane: the e2e lanes measure in the processes they start, not in the
        // test's own. e2e and e2e-alone took 795 s together this way.
        extends: true,
        test: {
          name: 'e2e-alone',
          include: E2E_ALONE,
          globalSetup: ['test/support/global-build.ts'],
          fileParallelism: false,
          isolate: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
