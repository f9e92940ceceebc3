// How late a trace replay sends its requests: generates Mooncake traces at
// the given rates (scripts/trace-gen.ts), replays each against the fake
// server (scripts/fake-server.ts, in its own process: 1 ms to the first
// token, 1 ms between tokens, no slot limit) and prints the cell's lateness
// (scheduled time to send, as the result records it), the client's
// event-loop delay and whether it called itself saturated.
//
//   node scripts/run-ts.mjs bench/trace/lateness.ts [--rates 100,1000] [--seconds 10] [--workers 1]
//
// The figures are this machine's: other processes on it move them. It prints
// the load average beside them.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { planFromObject } from '../../src/config/load.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { generateTrace, GEN_DEFAULTS, toMooncake } from '../../scripts/trace-gen.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}
const rates = arg('--rates', '100,1000').split(',').map(Number);
const seconds = Number(arg('--seconds', '10'));
// run.workers: threads that split each replay (round robin), besides the main thread.
const workers = Number(arg('--workers', '1'));

const server = spawn(process.execPath, ['scripts/run-ts.mjs', 'scripts/fake-server.ts', '0', '1', '1', '0'], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const m = /on (http:\/\/\S+)/.exec(out);
    if (m) resolve(m[1]!);
  });
  server.on('exit', (code) => reject(new Error(`fake server exited (${code})`)));
});
const dir = await mkdtemp(join(tmpdir(), 'trace-lateness-'));
try {
  for (const rate of rates) {
    const reqs = generateTrace({ ...GEN_DEFAULTS, requests: Math.round(rate * seconds), rate, input: { mean: 64, sd: 32, max: 256 }, output: { mean: 4, sd: 2, max: 8 }, blockTokens: 16, seed: 1 });
    const file = join(dir, `r${rate}.jsonl`);
    await writeFile(file, toMooncake(reqs));
    const plan = planFromObject(
      {
        target: { url, api: 'chat' },
        run: { trials: 1, max_duration_s: seconds * 3 + 30, workers },
        telemetry: { enabled: false },
        scenarios: [{ name: 't', trace: { file, format: 'mooncake', block_tokens: 16 } }],
      },
      { file: null, baseDir: dir },
    );
    const load = loadavg()[0]!.toFixed(2);
    const doc = await runPlan({ plan, outPath: join(dir, `r${rate}.json`), cwd: dir, env: {}, signal: new AbortController().signal });
    const cell = doc.cells[0]!;
    const l = cell.lateness_ms!;
    const planned = cell.load.kind === 'rate' ? cell.load.rate : NaN;
    process.stdout.write(
      `${rate} req/s trace (${reqs.length} requests, ${workers} worker${workers === 1 ? '' : 's'}, planned ${planned} req/s, offered ${cell.metrics.offered_rps?.toFixed(1)} req/s): ` +
        `lateness p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms over ${l.count} sends; completed ${cell.metrics.counts.completed}; ` +
        `event-loop delay p99 ${cell.client.event_loop_delay_p99_ms} ms; saturated ${cell.client.saturated}${cell.client.reasons.length ? ` (${cell.client.reasons.join('; ')})` : ''}; load average before ${load}\n`,
    );
  }
} finally {
  // run-ts.mjs runs the server as its own child: stop the whole group.
  process.kill(-server.pid!, 'SIGTERM');
  await rm(dir, { recursive: true, force: true });
}
