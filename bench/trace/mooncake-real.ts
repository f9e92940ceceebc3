// How late the real Mooncake conversation trace's bursts leave: replays the
// first --requests requests of FAST25-release/traces/conversation_trace.jsonl
// (read from ../shared/real-data-2026-12-04/, never from the repository) at
// --time-scale against the fake server in its own process (1 ms to the first
// token, 1 ms between tokens, no slot limit) and prints the cell's lateness,
// the client's event-loop delay and whether it called itself saturated.
//
//   node scripts/run-ts.mjs bench/trace/mooncake-real.ts [--requests 100] [--time-scale 1] [--trials 1]
//
// Requests of this trace come in bursts of about ten, with tens of thousands
// of prompt tokens each, at the same millisecond: what is measured is how
// late the last of a burst leaves.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { planFromObject } from '../../src/config/load.ts';
import { runPlan } from '../../src/run/run-plan.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}
const requests = Number(arg('--requests', '100'));
const timeScale = Number(arg('--time-scale', '1'));
const trials = Number(arg('--trials', '1'));
// Run from the repository root (as npm scripts are): the data sits in ../shared beside the clone, or shared/ in it.
const root = process.cwd();
const data =
  process.env.REAL_DATA_DIR ??
  [resolve(root, '../shared/real-data-2026-12-04'), resolve(root, 'shared/real-data-2026-12-04')].find((d) => existsSync(d)) ??
  resolve(root, '../shared/real-data-2026-12-04');
const file = join(data, 'conversation_trace.jsonl');
if (!existsSync(file)) {
  process.stdout.write(`skipped: ${file} is absent (the real traces live in ../shared/real-data-2026-12-04 beside the clone)\n`);
  process.exit(0);
}

const server = spawn(process.execPath, ['scripts/run-ts.mjs', 'scripts/fake-server.ts', '0', '1', '1', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
const url = await new Promise<string>((res, rej) => {
  let out = '';
  server.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const m = /on (http:\/\/\S+)/.exec(out);
    if (m) res(m[1]!);
  });
  server.on('exit', (code) => rej(new Error(`fake server exited (${code})`)));
});
const dir = await mkdtemp(join(tmpdir(), 'mooncake-real-'));
try {
  const plan = planFromObject(
    {
      target: { url, api: 'chat' },
      run: { trials, max_duration_s: 600 },
      telemetry: { enabled: false },
      scenarios: [{ name: 'mooncake', trace: { file, format: 'mooncake', max_requests: requests, time_scale: timeScale } }],
    },
    { file: null, baseDir: dir },
  );
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
  const t0 = performance.now();
  const doc = await runPlan({ plan, outPath: join(dir, 'r.json'), cwd: dir, env: {}, signal: new AbortController().signal });
  const cell = doc.cells[0]!;
  const l = cell.lateness_ms!;
  process.stdout.write(
    `mooncake conversation trace, first ${requests} requests, time_scale ${timeScale}, ${trials} trial(s) in ${((performance.now() - t0) / 1000).toFixed(1)} s: ` +
      `lateness p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms over ${l.count} sends; completed ${cell.metrics.counts.completed}; ` +
      `event-loop delay p99 ${cell.client.event_loop_delay_p99_ms} ms; saturated ${cell.client.saturated}${cell.client.reasons.length ? ` (${cell.client.reasons.join('; ')})` : ''}; load average before ${load}\n`,
  );
} finally {
  process.kill(-server.pid!, 'SIGTERM');
  await rm(dir, { recursive: true, force: true });
}
