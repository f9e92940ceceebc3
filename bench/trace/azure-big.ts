// A trace of the 2024 Azure traces' size, replayed through a short window:
// writes a CSV of about --gb GB in the 2024 format (`2024-05-10
// 00:00:00.009930+00:00,2162,5`, Poisson arrivals at --rate req/s, the
// week-long files' mean rate order) into a temporary folder, then replays
// its first --window seconds with the built CLI (node bin/llm-perf-gate.js;
// `npm run build` first) against the fake server in its own process (1 ms to
// the first token, 1 ms between tokens), under /usr/bin/time -v, and prints
// the CLI's peak RSS, its wall time and what the result says. The file is
// removed afterwards (--keep leaves it).
//
//   node scripts/run-ts.mjs bench/trace/azure-big.ts [--gb 1] [--window 60] [--rate 45] [--keep]
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}
const gb = Number(arg('--gb', '1'));
const windowS = Number(arg('--window', '60'));
const rate = Number(arg('--rate', '45'));
const keep = process.argv.includes('--keep');
// --file: replay this file (one an earlier --keep left) instead of writing one.
const given = arg('--file', '');

// A small seeded generator (mulberry32): the same file on every run.
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pad = (n: number, w: number): string => String(n).padStart(w, '0');

const dir = await mkdtemp(join(tmpdir(), 'azure-big-'));
const file = given !== '' ? given : join(dir, 'AzureLLMInferenceTrace_big.csv');
const target = gb * 1e9;
const r = rng(2024);
if (given === '') await writeTrace();
async function writeTrace(): Promise<void> {
  const out = createWriteStream(file);
  let written = 0;
  let rows = 0;
  let tUs = 0;
  const t0 = Date.UTC(2024, 4, 10);
  const gen0 = performance.now();
  out.write('TIMESTAMP,ContextTokens,GeneratedTokens\n');
  while (written < target) {
    const lines: string[] = [];
    for (let k = 0; k < 10_000; k++) {
      tUs += Math.round((-Math.log(1 - r()) / rate) * 1e6);
      const ms = t0 + Math.floor(tUs / 1000);
      const d = new Date(ms);
      const stamp = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)} ${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${pad(tUs % 1_000_000, 6)}+00:00`;
      // Lognormal prompt lengths (median about 1,000 tokens, capped at 8,000) and short answers, as in the 2024 samples.
      const z = Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
      const context = Math.max(1, Math.min(8000, Math.round(Math.exp(6.9 + 0.9 * z))));
      const generated = 1 + Math.floor(-Math.log(1 - r()) * 20);
      lines.push(`${stamp},${context},${generated}`);
    }
    const chunk = `${lines.join('\n')}\n`;
    written += chunk.length;
    rows += lines.length;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const size = (await stat(file)).size;
  process.stdout.write(`wrote ${rows} rows, ${(size / 1e9).toFixed(3)} GB, spanning ${(tUs / 1e6 / 3600).toFixed(1)} h, in ${((performance.now() - gen0) / 1000).toFixed(1)} s\n`);
}

const server = spawn(process.execPath, ['scripts/run-ts.mjs', 'scripts/fake-server.ts', '0', '1', '1', '0'], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
try {
  const url = await new Promise<string>((res, rej) => {
    let s = '';
    server.stdout.on('data', (d: Buffer) => {
      s += d.toString();
      const m = /on (http:\/\/\S+)/.exec(s);
      if (m) res(m[1]!);
    });
    server.on('exit', (code) => rej(new Error(`fake server exited (${code})`)));
  });
  const config = join(dir, 'llm-perf.yml');
  await writeFile(
    config,
    [
      'target:',
      `  url: ${url}`,
      '  api: completions',
      'run:',
      '  trials: 1',
      `  max_duration_s: ${windowS + 60}`,
      'telemetry:',
      '  enabled: false',
      'scenarios:',
      '  - name: azure2024',
      '    trace:',
      `      file: ${JSON.stringify(file)}`,
      '      format: azure',
      `      duration_s: ${windowS}`,
      '',
    ].join('\n'),
  );
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
  const res = spawnSync('/usr/bin/time', ['-v', process.execPath, 'bin/llm-perf-gate.js', 'run', '--config', config, '--out', join(dir, 'r.json')], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(res.stderr);
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)/.exec(res.stderr);
  if (res.status !== 0 || rss === null) {
    process.stdout.write(`the CLI exited ${res.status}:\n${res.stdout.slice(-3000)}\n${res.stderr.slice(-3000)}\n`);
    process.exitCode = 1;
  } else {
    const doc = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8'));
    const cell = doc.cells[0];
    process.stdout.write(
      `replayed ${windowS} s of it: ${cell.scenario.trace.requests} requests, completed ${cell.metrics.counts.completed}, lateness p99 ${cell.lateness_ms?.p99} ms; ` +
        `CLI peak RSS ${(Number(rss[1]) / 1024).toFixed(0)} MiB, wall ${wall?.[1]}; load average before ${load}\n`,
    );
  }
} finally {
  process.kill(-server.pid!, 'SIGTERM');
  if (!keep) await rm(dir, { recursive: true, force: true });
  else process.stdout.write(`kept ${file}\n`);
}
