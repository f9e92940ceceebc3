// Benchmark of llm-perf-gate's own client: how many streamed chunks it takes in
// with timing error under 1 ms, how accurate its time stamps and its open-loop
// rate are, what it costs in CPU and memory, and how that compares with the
// thinnest possible client. See docs/benchmark.md.
//
//   npx node bench/client/run.mjs [--quick] [--only targets,startup,contention,ingest,rate,memory,large,sharded]
//        [--concurrency 1,64,512,2048] [--rates 10,100,1000,5000,20000]
//        [--json FILE] [--write-reference] [--spin]
//   npx node bench/client/run.mjs --from-json FILE [--write-reference]   (report of a saved run)
//
// It bundles bench/client/driver.ts (which imports the real src/ modules) with
// esbuild, starts the null server (bench/client/null-server.mjs) in its own
// process, then runs every phase in a fresh client process, real client and
// thin client in turn. It prints figures and compares them with
// bench/client/REFERENCE.md. It never fails on timing: exit 0 whatever the
// figures, 2 on bad arguments, 1 when the benchmark itself could not run.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { setTimeout, clearTimeout } from 'node:timers';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const REFERENCE = join(here, 'REFERENCE.md');

// ------------------------------------------------------------------ options

function parseArgs(argv) {
  const o = { quick: false, only: null, concurrency: [1, 64, 512, 2048], rates: [10, 100, 1000, 5000, 20_000], json: null, fromJson: null, writeReference: false, spin: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const eq = a.indexOf('=');
      if (eq >= 0) return a.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--quick') o.quick = true;
    else if (a === '--write-reference') o.writeReference = true;
    else if (a === '--spin') o.spin = true;
    else if (a.startsWith('--only')) o.only = new Set(value().split(','));
    else if (a.startsWith('--concurrency')) o.concurrency = value().split(',').map(Number);
    else if (a.startsWith('--rates')) o.rates = value().split(',').map(Number);
    else if (a.startsWith('--json')) o.json = value();
    else if (a.startsWith('--from-json')) o.fromJson = value();
    else if (a === '--help' || a === '-h') {
      console.log(
        readFileSync(fileURLToPath(import.meta.url), 'utf8')
          .split('\n')
          .slice(0, 17)
          .join('\n'),
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  for (const c of o.concurrency) if (![1, 64, 512, 2048].includes(c)) throw new Error(`--concurrency: ${c} is not one of 1, 64, 512, 2048`);
  for (const r of o.rates) if (!(r > 0 && r <= 100_000)) throw new Error(`--rates: ${r} is not a rate in (0, 100000] req/s`);
  return o;
}

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (err) {
  console.error(`error: ${err.message}`);
  process.exit(2);
}
const phases = ['targets', 'startup', 'contention', 'ingest', 'rate', 'memory', 'large', 'sharded'].filter((p) => opts.only === null || opts.only.has(p));

// ------------------------------------------------------------------ machine

function procStat() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - f[3] - f[4], total };
  } catch {
    return null;
  }
}

/** Share of the machine's CPU other processes use right now (%, over 1 s). */
async function othersNow() {
  const a = procStat();
  await sleep(1000);
  const b = procStat();
  if (a === null || b === null || b.total === a.total) return null;
  return Math.round((1000 * (b.busy - a.busy)) / (b.total - a.total)) / 10;
}

function git() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: root, encoding: 'utf8' }).trim() !== '';
    return `${commit}${dirty ? ' + uncommitted src/ changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

const cpus = os.cpus();
const machine = {
  cpu: cpus[0]?.model.trim() ?? 'unknown',
  cores: cpus.length,
  memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
  node: process.version,
  platform: `${os.platform()} ${os.arch()}`,
};
const machineLine = `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}`;

// ------------------------------------------------------------------ processes

const children = new Set();
function cleanup() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    cleanup();
    process.exit(130);
  });
}

async function startServer(base) {
  const args = [join(here, 'null-server.mjs'), base];
  if (opts.spin) args.push('--spin');
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  children.add(child);
  const port = await new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error('null server did not start within 10 s')), 10_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /LISTENING (\d+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(Number(m[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`null server exited (${code})`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** One client process; resolves with its RESULT, or null (with a message) when it failed. */
function runClient(bundle, task, limitMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', bundle, JSON.stringify(task)], { stdio: ['ignore', 'pipe', 'inherit'], cwd: root });
    children.add(child);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const timer = setTimeout(() => {
      console.error(`  ${task.kind} ${task.cmd}: no result within ${limitMs / 1000} s, stopping it`);
      child.kill('SIGKILL');
    }, limitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      children.delete(child);
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) {
        console.error(`  ${task.kind} ${task.cmd}: failed (exit ${code})`);
        resolve(null);
        return;
      }
      resolve(JSON.parse(line.slice('RESULT '.length)));
    });
  });
}

// ------------------------------------------------------------------ sharded client

/** Chunks/s of the issue's two ingest points: 512 streams x 20 chunks/s, 2,048 x 8. */
const SHARDED_POINTS = { 512: 10_240, 2048: 16_384 };

/** 1, 2 and one shard per core (deduplicated): the sharded client's sizes. */
function shardCounts() {
  return [...new Set([1, 2, machine.cores])].sort((a, b) => a - b);
}

/**
 * The sharded client: k client processes at once, each running shard i of k
 * (runCell's shard option, as `run --shard` and run.workers use it): at an
 * ingest point each takes 1/k of the streams at the same chunk rate per
 * stream; in the open loop each sends its own arrivals of the one schedule.
 * A process stands in for a worker thread: each has its own V8 heap, young
 * generation and event loop, which is what the timing error depends on.
 */
async function measureSharded(bundle, task, out) {
  for (const c of opts.concurrency.filter((x) => SHARDED_POINTS[x] !== undefined)) {
    const rate = SHARDED_POINTS[c];
    const point = (out.ingest[c] ??= { byShards: {}, thin: null });
    console.error(`sharded ingest: thin client, ${c} streams at ${rate} chunks/s`);
    point.thin = await runClient(bundle, task('thin', 'ingest', { concurrency: c, fixedRate: rate }), 120_000);
    for (const k of shardCounts()) {
      console.error(`sharded ingest: ${k} shard(s), ${c} streams at ${rate} chunks/s`);
      point.byShards[k] = await Promise.all(Array.from({ length: k }, () => runClient(bundle, task('real', 'ingest', { concurrency: c / k, fixedRate: rate / k }), 120_000)));
    }
  }
  for (const k of shardCounts()) {
    console.error(`sharded rate: ${k} shard(s)`);
    out.rate[k] = await Promise.all(Array.from({ length: k }, (_, index) => runClient(bundle, task('real', 'rate', { rates: opts.rates, shard: { index, count: k } }), 230_000)));
  }
}

// ------------------------------------------------------------------ targets

/**
 * The issue's target points, each measured as pairs (real client, then thin
 * client, PAIRS times) in fresh processes, one try each: no retry of a
 * failing step, so neither client gets a best-of that the other does not.
 * Each figure is the median over its runs; the ratio is real / thin.
 */
const TARGET_POINTS = [
  { c: 1, rate: 16_000 },
  { c: 64, rate: 4_000 },
  { c: 512, rate: 10_240 },
];
const TARGET_LIMITS = { errP99: 1.5, cpu: 1.15, giant: 1.5 };

const median = (xs) => {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};

async function measureTargets(bundle, task) {
  const pairs = opts.quick ? 2 : 3;
  const out = { pairs, points: [], capacity: { real: [], thin: [] }, large: { real: [], thin: [] } };
  for (const p of TARGET_POINTS) {
    const point = { ...p, real: [], thin: [] };
    for (let i = 0; i < pairs; i++) {
      for (const kind of ['real', 'thin']) {
        console.error(`targets: ${kind} client, ${p.c} streams at ${p.rate} chunks/s (pair ${i + 1} of ${pairs})`);
        const r = await runClient(bundle, task(kind, 'ingest', { concurrency: p.c, fixedRate: p.rate, once: true }), 120_000);
        const s = r?.steps?.[0];
        point[kind].push(s ? { errP99: s.err.p99, cpuUsPerChunk: s.cpuUsPerChunk, achieved: s.achievedRate, othersPct: s.noise.othersPct, failures: s.failures } : null);
      }
    }
    out.points.push(point);
  }
  for (let i = 0; i < pairs; i++) {
    for (const kind of ['real', 'thin']) {
      console.error(`targets: ${kind} client, closed loop of 32 users (pair ${i + 1} of ${pairs})`);
      const r = await runClient(bundle, task(kind, 'rate', { capOnly: true }), 120_000);
      out.capacity[kind].push(r?.capacity ?? null);
    }
  }
  for (let i = 0; i < pairs; i++) {
    for (const kind of ['real', 'thin']) {
      console.error(`targets: ${kind} client, long responses (pair ${i + 1} of ${pairs})`);
      const r = await runClient(bundle, task(kind, 'large'), 120_000);
      out.large[kind].push(
        r
          ? {
              giant100k: r.giant.find((g) => g.tokens === 100_000)?.latencyMs ?? null,
              flood10kCpu: r.flood.find((f) => f.tokens === 10_000)?.cpuUsPerChunk ?? null,
              flood10kWall: r.flood.find((f) => f.tokens === 10_000)?.usPerChunk ?? null,
            }
          : null,
      );
    }
  }
  return out;
}

/** Rows of the targets table: figure, real (median), thin (median), ratio, target, met. */
function targetRows(t) {
  const rows = [];
  const row = (figure, real, thin, limit, runs) => {
    const a = median(real);
    const b = median(thin);
    const q = typeof a === 'number' && typeof b === 'number' && b > 0 ? a / b : null;
    const ratios = runs.map(([x, y]) => (typeof x === 'number' && typeof y === 'number' && y > 0 ? (x / y).toFixed(2) : '–')).join(', ');
    rows.push([figure, fmt(a, 3), fmt(b, 3), q === null ? '–' : `${q.toFixed(2)}x`, ratios, limit === null ? '–' : `<= ${limit}x`, q === null || limit === null ? '–' : q <= limit ? 'met' : 'missed']);
  };
  const pairsOf = (real, thin) => real.map((x, i) => [x, thin[i]]);
  for (const p of t.points) {
    const errR = p.real.map((x) => x?.errP99 ?? null);
    const errT = p.thin.map((x) => x?.errP99 ?? null);
    row(`timing error p99 ms, ${p.c} stream${p.c > 1 ? 's' : ''} at ${fmt(p.rate)} chunks/s`, errR, errT, TARGET_LIMITS.errP99, pairsOf(errR, errT));
  }
  for (const p of t.points) {
    const cpuR = p.real.map((x) => x?.cpuUsPerChunk ?? null);
    const cpuT = p.thin.map((x) => x?.cpuUsPerChunk ?? null);
    row(`CPU µs per chunk, ${p.c} stream${p.c > 1 ? 's' : ''} at ${fmt(p.rate)} chunks/s`, cpuR, cpuT, TARGET_LIMITS.cpu, pairsOf(cpuR, cpuT));
  }
  const capR = t.capacity.real.map((x) => x?.cpuUsPerRequest ?? null);
  const capT = t.capacity.thin.map((x) => x?.cpuUsPerRequest ?? null);
  row('CPU µs per request, closed loop of 32 users', capR, capT, TARGET_LIMITS.cpu, pairsOf(capR, capT));
  const gR = t.large.real.map((x) => x?.giant100k ?? null);
  const gT = t.large.thin.map((x) => x?.giant100k ?? null);
  row('one 100k-token SSE event: ms after send', gR, gT, TARGET_LIMITS.giant, pairsOf(gR, gT));
  const fR = t.large.real.map((x) => x?.flood10kCpu ?? null);
  const fT = t.large.thin.map((x) => x?.flood10kCpu ?? null);
  row('10k-token response read as fast as possible: CPU µs per chunk', fR, fT, null, pairsOf(fR, fT));
  return rows;
}

// ------------------------------------------------------------------ contention

/**
 * Stamps on a busy machine: a busy loop (another process spinning on a core,
 * as a neighbour job on a shared runner does) runs beside a 64-stream step at
 * 4,000 chunks/s; the real client runs at its default priority and with the
 * priority a run asks for (src/run/priority.ts), alternately, PAIRS times.
 */
async function measureContention(bundle, task) {
  const pairs = opts.quick ? 2 : 3;
  const spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  children.add(spinner);
  const out = { pairs, plain: [], raised: [] };
  try {
    await sleep(300);
    for (let i = 0; i < pairs; i++) {
      for (const kind of ['plain', 'raised']) {
        console.error(`contention: busy loop beside 64 streams at 4,000 chunks/s, ${kind} priority (pair ${i + 1} of ${pairs})`);
        const r = await runClient(bundle, task('real', 'ingest', { concurrency: 64, fixedRate: 4_000, once: true, priority: kind === 'raised' }), 120_000);
        const s = r?.steps?.[0];
        out[kind].push(s ? { errP99: s.err.p99, loopP99Ms: s.loopP99Ms, othersPct: s.noise.othersPct, cpuUsPerChunk: s.cpuUsPerChunk } : null);
      }
    }
  } finally {
    spinner.kill('SIGKILL');
    children.delete(spinner);
  }
  return out;
}

// ------------------------------------------------------------------ start-up

/** Loaded before the CLI: prints its CPU time and peak RSS as it exits. */
const USAGE_HOOK =
  'data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write("\\nBENCH_USAGE "+JSON.stringify({cpuS:(u.userCPUTime+u.systemCPUTime)/1e6,maxRssKB:u.maxRSS})+"\\n")})';

function cliUsage(args, limitMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', USAGE_HOOK, join(root, 'bin', 'llm-perf-gate.js'), ...args], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, CI: 'true', NO_COLOR: '1' },
    });
    children.add(child);
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      children.delete(child);
      const m = /BENCH_USAGE (\{.*\})/.exec(err);
      if (!m) console.error(`  cli ${args[0]}: no usage line (exit ${code}): ${err.slice(-400)}`);
      resolve(m ? { ...JSON.parse(m[1]), code } : null);
    });
  });
}

/**
 * The CLI as a user starts it (bin/llm-perf-gate.js on the built dist/):
 * `--help`, a one-request run and a run of 640 requests at 64 streams
 * against the null server (32 chunks each, one every 2 ms), telemetry off.
 * Each is run RUNS times; the medians are reported.
 */
async function measureStartup(url, tmp) {
  const RUNS = opts.quick ? 3 : 5;
  const config = (requests, concurrency) => {
    const file = join(tmp, `cli-${requests}-${concurrency}.yml`);
    writeFileSync(
      file,
      [
        'version: 1',
        `target: { url: "${url}", model: "b.cli.0.2000.0.p" }`,
        `run: { requests: ${requests}, warmup: 0, trials: 1, max_duration_s: 120 }`,
        'scenarios: [{ name: s, input_tokens: 16, output_tokens: 32 }]',
        `loads: [{ concurrency: ${concurrency} }]`,
        'telemetry: { enabled: false }',
        '',
      ].join('\n'),
    );
    return file;
  };
  const cases = [
    { name: 'help', args: ['--help'] },
    { name: 'run1', args: ['run', '--config', config(1, 1), '--out', join(tmp, 'cli-1.json')] },
    { name: 'run64', args: ['run', '--config', config(640, 64), '--out', join(tmp, 'cli-64.json')] },
  ];
  const out = { runs: RUNS };
  for (const c of cases) {
    console.error(`startup: ${c.name} (${RUNS} runs)`);
    const xs = [];
    for (let i = 0; i < RUNS; i++) xs.push(await cliUsage(c.args, 120_000));
    out[c.name] = { cpuS: median(xs.map((x) => x?.cpuS)), maxRssMB: median(xs.map((x) => (x ? x.maxRssKB / 1024 : null))), all: xs };
  }
  return out;
}

// ------------------------------------------------------------------ run

async function measure() {
  const t0 = Date.now();
  const tmp = mkdtempSync(join(os.tmpdir(), 'llm-perf-gate-bench-'));
  const bundle = join(tmp, 'driver.mjs');
  await build({
    entryPoints: [join(here, 'driver.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    banner: { js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);" },
    logLevel: 'warning',
  });

  const othersBefore = await othersNow();
  const commit = git();
  console.log(`llm-perf-gate client benchmark (${opts.quick ? 'quick' : 'full'})`);
  console.log(`machine: ${machineLine}`);
  console.log(`code: ${commit}`);
  console.log(`other processes before start: ${othersBefore ?? '?'}% of the machine's CPU${othersBefore > 15 ? '  (busy machine: timing figures will be noisy)' : ''}`);

  const base = String(process.hrtime.bigint());
  const server = await startServer(base);
  const results = { targets: null, startup: null, contention: null, ingest: {}, rate: {}, memory: {}, large: {}, sharded: { ingest: {}, rate: {} } };
  const task = (kind, cmd, extra = {}) => ({ cmd, kind, url: server.url, base, quick: opts.quick, ...extra });

  try {
    // First, while the machine is as quiet as it will be in this run.
    if (phases.includes('targets')) results.targets = await measureTargets(bundle, task);
    if (phases.includes('startup')) results.startup = await measureStartup(server.url, tmp);
    if (phases.includes('contention')) results.contention = await measureContention(bundle, task);
    if (phases.includes('ingest')) {
      for (const c of opts.concurrency) {
        for (const kind of ['real', 'thin']) {
          console.error(`ingest: ${kind} client, ${c} streams`);
          (results.ingest[c] ??= {})[kind] = await runClient(bundle, task(kind, 'ingest', { concurrency: c }), 230_000);
        }
      }
    }
    if (phases.includes('rate')) {
      for (const kind of ['real', 'thin']) {
        console.error(`rate: ${kind} client`);
        results.rate[kind] = await runClient(bundle, task(kind, 'rate', { rates: opts.rates }), 230_000);
      }
    }
    if (phases.includes('memory')) {
      for (const kind of ['real', 'thin']) {
        console.error(`memory: ${kind} client`);
        results.memory[kind] = await runClient(bundle, task(kind, 'memory'), 120_000);
      }
    }
    if (phases.includes('large')) {
      for (const kind of ['real', 'thin']) {
        console.error(`large: ${kind} client`);
        results.large[kind] = await runClient(bundle, task(kind, 'large'), 120_000);
      }
    }
    if (phases.includes('sharded')) await measureSharded(bundle, task, results.sharded);
  } finally {
    server.child.stdin.end();
    server.child.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }

  return {
    machine,
    commit,
    mode: opts.quick ? 'quick' : 'full',
    spin: opts.spin,
    startedAt: new Date(t0).toISOString(),
    durationS: Math.round((Date.now() - t0) / 100) / 10,
    othersBeforePct: othersBefore,
    results,
  };
}

const doc = opts.fromJson ? JSON.parse(readFileSync(opts.fromJson, 'utf8')) : await measure();
if (opts.json && !opts.fromJson) writeFileSync(opts.json, JSON.stringify(doc, null, 2));
const { results } = doc;

// ------------------------------------------------------------------ report

const fmt = (x, d = 2) =>
  x === null || x === undefined || Number.isNaN(x) ? '–' : typeof x === 'number' ? (Math.abs(x) >= 1000 ? Math.round(x).toLocaleString('en-US') : Number(x.toFixed(d)).toString()) : String(x);
const ratio = (a, b) => (typeof a === 'number' && typeof b === 'number' && b !== 0 ? `${(a / b).toFixed(2)}x` : '–');
const table = (head, rows) => [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** The step at the issue's target point: 512 streams x 20 chunks/s. */
const targetStep = (kind) => results.ingest[512]?.[kind]?.steps.find((s) => s.nominalRate === 10_240) ?? null;

function report(d) {
  const out = [];
  const r = d.results;
  const m = d.machine;
  out.push(`Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}. Code: ${d.commit}. Mode: ${d.mode}${d.spin ? ' (server pacing by spin)' : ''}; ${d.durationS} s.`);
  out.push(`Other processes used ${d.othersBeforePct ?? '?'}% of the machine's CPU just before the run; each step below reports its own share ("others").`);
  if (r.targets) {
    out.push(`\n### 0. Targets: llm-perf-gate beside the thin client at fixed points (medians of ${r.targets.pairs} paired runs)\n`);
    out.push(table(['figure', 'llm-perf-gate', 'thin client', 'ratio (medians)', 'ratio per pair', 'target', ''], targetRows(r.targets)));
    out.push(
      "\nEach pair runs the real client, then the thin client, each in a fresh process, one try each. Timing error is client arrival minus server send; CPU is the client process's CPU time in the measured window over the chunks (or requests) it received there.",
    );
  }
  if (r.contention) {
    const c = r.contention;
    const cell = (xs, k) => `${fmt(median(xs.map((x) => x?.[k])), 3)} (${xs.map((x) => fmt(x?.[k], 2)).join(', ')})`;
    out.push(`\n### 0c. A busy loop beside the client: 64 streams at 4,000 chunks/s (medians of ${c.pairs} runs, each run in brackets)\n`);
    out.push(
      table(
        ['priority', 'event-loop delay p99 ms', 'timing error p99 ms', 'CPU µs/chunk', 'others'],
        [
          ['default (nice 0)', cell(c.plain, 'loopP99Ms'), cell(c.plain, 'errP99'), cell(c.plain, 'cpuUsPerChunk'), cell(c.plain, 'othersPct')],
          ['raised (nice -10, as a run asks)', cell(c.raised, 'loopP99Ms'), cell(c.raised, 'errP99'), cell(c.raised, 'cpuUsPerChunk'), cell(c.raised, 'othersPct')],
        ],
      ),
    );
    out.push(
      '\nThe busy loop is another process spinning on a core for the whole phase; "others" is the share of the machine\'s CPU the other processes (busy loop and null server) used. Loop delay is runCell\'s monitorEventLoopDelay p99, which includes its 10 ms sampling interval.',
    );
  }
  if (r.startup) {
    const su = r.startup;
    const lim = (x, max, unit) => (typeof x === 'number' ? `${fmt(x, 3)} ${unit} (${x < max ? 'met' : 'missed'}: < ${max})` : '–');
    out.push(`\n### 0b. CLI start-up and memory (bin/llm-perf-gate.js on the built dist/, medians of ${su.runs} runs)\n`);
    out.push(
      table(
        ['command', 'CPU s', 'peak RSS MB'],
        [
          ['`--help`', lim(su.help?.cpuS, 0.25, 's'), fmt(su.help?.maxRssMB, 1)],
          ['`run`, 1 request', fmt(su.run1?.cpuS, 3), fmt(su.run1?.maxRssMB, 1)],
          ['`run`, 640 requests at 64 streams (32 chunks each)', fmt(su.run64?.cpuS, 3), lim(su.run64?.maxRssMB, 120, 'MB')],
        ],
      ),
    );
  }
  if (Object.keys(r.ingest).length > 0) {
    out.push('\n### 1. Ingest capacity: highest output chunks/s with client timing error p99 < 1 ms\n');
    const rows = [];
    for (const c of Object.keys(r.ingest).map(Number)) {
      const real = r.ingest[c].real;
      const thin = r.ingest[c].thin;
      const cap = (x) => (x === null || x === undefined ? '–' : x.capacity === null ? `< ${fmt(x.steps[0]?.nominalRate)}` : `${x.ceilingHit ? '≥ ' : ''}${fmt(x.capacity)}`);
      // CPU is compared at one load both clients ran: the highest rate in both ladders.
      const common = (real?.steps ?? []).map((st) => st.nominalRate).filter((r) => (thin?.steps ?? []).some((st) => st.nominalRate === r));
      const at = common.length > 0 ? Math.max(...common) : null;
      const cpuAt = (x) => x?.steps.find((st) => st.nominalRate === at)?.cpuUsPerChunk ?? null;
      rows.push([c, cap(real), cap(thin), ratio(real?.capacity, thin?.capacity), fmt(at), fmt(cpuAt(real), 1), fmt(cpuAt(thin), 1), ratio(cpuAt(real), cpuAt(thin))]);
    }
    out.push(
      table(['streams', 'llm-perf-gate chunks/s', 'thin client chunks/s', 'capacity ratio', 'CPU compared at chunks/s', 'CPU µs/chunk (llm-perf-gate)', 'CPU µs/chunk (thin)', 'CPU ratio'], rows),
    );
    out.push(
      '\nCapacity is the highest achieved rate of a step whose p99 error was under 1 ms (the ladder doubles the rate, `--quick` quadruples it, then bisects once). ' +
        "CPU per chunk is the client process's CPU time inside the measured window divided by the chunks it received there, request sends included, at the highest rate both clients ran. " +
        'Per-chunk cost falls as the rate rises, because more chunks arrive per socket read.',
    );
    out.push('\n### 2. Timing accuracy at increasing load (client arrival minus server send, ms)\n');
    const rows2 = [];
    for (const c of Object.keys(r.ingest).map(Number)) {
      for (const kind of ['real', 'thin']) {
        const x = r.ingest[c][kind];
        if (!x) continue;
        for (const s of [...x.steps, ...(x.lockstep ? [x.lockstep] : [])]) {
          rows2.push([
            kind === 'real' ? 'llm-perf-gate' : 'thin',
            c,
            `${fmt(s.nominalRate)}${s.mode === 'l' ? ' lockstep' : ''}`,
            fmt(s.achievedRate),
            `${fmt(s.err.p50, 3)} / ${fmt(s.err.p99, 3)} / ${fmt(s.err.max, 1)}`,
            `${fmt(s.ttftErr.p50, 3)} / ${fmt(s.ttftErr.p99, 3)}`,
            fmt(s.itlErr.p99, 3),
            fmt(s.cpuUsPerChunk, 1),
            fmt(s.loopP99Ms, 1),
            s.gc ? `${s.gc.n} / ${fmt(s.gc.maxMs, 1)}` : '–',
            fmt(s.serverLateP99Ms, 1),
            `${fmt(s.noise.othersPct, 0)}%`,
            `${s.pass ? 'yes' : 'no'}${s.attempts > 1 ? ` (${s.attempts} tries)` : ''}${s.failures ? `, ${s.failures} failed` : ''}`,
          ]);
        }
      }
    }
    out.push(
      table(
        [
          'client',
          'streams',
          'chunks/s asked',
          'sent',
          'error p50 / p99 / max',
          'TTFT error p50 / p99',
          'ITL error p99',
          'CPU µs/chunk',
          'loop delay p99',
          'GC pauses / max ms',
          'server late p99',
          'others',
          'p99 < 1 ms',
        ],
        rows2,
      ),
    );
    out.push(
      '\nAll times in ms, over the chunks the server sent inside the measured window (every stream busy, start-up over). ' +
        "TTFT error = client TTFT minus the server's (request received to first chunk sent); ITL error = |client gap - server gap|. " +
        '"Loop delay p99" is runCell\'s monitorEventLoopDelay figure, which includes its 10 ms sampling interval. ' +
        '"Lockstep" sends every stream\'s chunk at the same instant each period, as a batched decode step does. ' +
        '"Others" is the share of the machine\'s CPU other processes used during the step. A failing step is tried once more (3 tries at most while others were above 10%) and the best try is shown.',
    );
  }
  if (r.sharded && (Object.keys(r.sharded.ingest).length > 0 || Object.keys(r.sharded.rate).length > 0)) out.push(shardedReport(r.sharded));
  if (r.rate.real || r.rate.thin) {
    out.push('\n### 3. Open-loop rate accuracy (Poisson arrivals, 2-chunk responses)\n');
    const rows = [];
    const targets = (r.rate.real ?? r.rate.thin).rates.map((x) => x.target);
    for (const t of targets) {
      const a = r.rate.real?.rates.find((x) => x.target === t);
      const b = r.rate.thin?.rates.find((x) => x.target === t);
      rows.push([
        fmt(t),
        fmt(a?.planned ?? b?.planned, 1),
        `${fmt(a?.offered, 1)} (${fmt(a?.ratioPlanned, 4)})`,
        `${fmt(a?.lag.p50, 3)} / ${fmt(a?.lag.p99, 3)}`,
        `${fmt(b?.offered, 1)} (${fmt(b?.ratioPlanned, 4)})`,
        `${fmt(b?.lag.p50, 3)} / ${fmt(b?.lag.p99, 3)}`,
        `${fmt(a?.cpuUsPerRequest, 0)} / ${fmt(b?.cpuUsPerRequest, 0)}`,
        fmt(a?.loopP99Ms, 1),
        a?.saturatedBySelfCheck.length ? a.saturatedBySelfCheck.join('; ') : a ? 'no' : '–',
        (a?.failures ?? 0) + (b?.failures ?? 0) > 0 ? `${a?.failures ?? 0} / ${b?.failures ?? 0}` : '0',
      ]);
    }
    out.push(
      table(
        [
          'target req/s',
          'planned (drawn) req/s',
          'llm-perf-gate offered (ratio)',
          'lag p50 / p99 ms',
          'thin offered (ratio)',
          'thin lag p50 / p99 ms',
          'CPU µs/request (llm-perf-gate / thin)',
          'loop delay p99 ms',
          'self-check says saturated',
          'failed',
        ],
        rows,
      ),
    );
    out.push(
      "\nThe last row is an overload probe, beyond what one core can send: the client must slow down gracefully (no failures) and the self-check must say so. Planned is the rate of the arrival times actually drawn (Poisson, so it differs from the target); the ratio is offered / planned. Lag is how late each request was handed to the client after its arrival time. CPU per request includes the scheduler's wait, which turns the event loop (setImmediate) through the last 1.5 ms before each arrival: at low rates that spin is most of it.",
    );
    const ca = r.rate.real?.capacity;
    const cb = r.rate.thin?.capacity;
    out.push(
      `\nRequest throughput (closed loop, 32 users, 2-chunk responses answered at once): llm-perf-gate ${fmt(ca?.rps)} req/s at ${fmt(ca?.cpuUsPerRequest, 1)} µs CPU/request; thin client ${fmt(cb?.rps)} req/s at ${fmt(cb?.cpuUsPerRequest, 1)} µs CPU/request (ratio ${ratio(ca?.cpuUsPerRequest, cb?.cpuUsPerRequest)}).`,
    );
  }
  if (r.memory.real || r.memory.thin) {
    out.push('\n### 4. Memory\n');
    const a = r.memory.real;
    const b = r.memory.thin;
    const la = r.large.real?.bigPrompt;
    const lb = r.large.thin?.bigPrompt;
    out.push(
      table(
        ['figure', 'llm-perf-gate', 'thin'],
        [
          [
            'per open stream at 2,048 streams: heap+external KB / RSS KB',
            `${fmt(a?.perOpenStream?.heapKB, 1)} / ${fmt(a?.perOpenStream?.rssKB, 1)}`,
            `${fmt(b?.perOpenStream?.heapKB, 1)} / ${fmt(b?.perOpenStream?.rssKB, 1)}`,
          ],
          [
            'per idle pooled connection afterwards: heap KB / RSS KB',
            `${fmt(a?.perIdleConnection?.heapKB, 1)} / ${fmt(a?.perIdleConnection?.rssKB, 1)}`,
            `${fmt(b?.perIdleConnection?.heapKB, 1)} / ${fmt(b?.perIdleConnection?.rssKB, 1)}`,
          ],
          ['100k-token prompt + 16k-token response: heap growth mid-stream MB', fmt(la?.heapMidMB, 2), fmt(lb?.heapMidMB, 2)],
          ['… heap retained after it (record, body) KB', fmt(la?.heapRetainedKB, 0), fmt(lb?.heapRetainedKB, 0)],
        ],
      ),
    );
  }
  if (r.large.real || r.large.thin) {
    out.push('\n### 5. Long prompts and responses\n');
    const a = r.large.real;
    const b = r.large.thin;
    const gi = (x, t) => x?.giant.find((g) => g.tokens === t);
    const fl = (x, t) => x?.flood.find((f) => f.tokens === t);
    out.push(
      table(
        ['figure', 'llm-perf-gate', 'thin'],
        [
          ['100k-token prompt: upload (t_send to server receipt) ms', fmt(a?.bigPrompt.uploadMs, 2), fmt(b?.bigPrompt.uploadMs, 2)],
          [
            '… its 16k-token response at 16,000 chunks/s: error p50 / p99 ms',
            `${fmt(a?.bigPrompt.err.p50, 3)} / ${fmt(a?.bigPrompt.err.p99, 3)}`,
            `${fmt(b?.bigPrompt.err.p50, 3)} / ${fmt(b?.bigPrompt.err.p99, 3)}`,
          ],
          ...[10_000, 100_000].map((t) => {
            const fa = fl(a, t);
            const fb = fl(b, t);
            return [
              `${t / 1000}k-token response as fast as the client reads: total ms (µs per chunk: wall, CPU)`,
              fa ? `${fmt(fa.totalMs, 0)} (${fmt(fa.usPerChunk, 2)}, ${fmt(fa.cpuUsPerChunk, 2)})` : '–',
              fb ? `${fmt(fb.totalMs, 0)} (${fmt(fb.usPerChunk, 2)}, ${fmt(fb.cpuUsPerChunk, 2)})` : '–',
            ];
          }),
          ['one 10k-token SSE event (40 KB line): ms after send', fmt(gi(a, 10_000)?.latencyMs, 3), fmt(gi(b, 10_000)?.latencyMs, 3)],
          ['one 100k-token SSE event (400 KB line): ms after send', fmt(gi(a, 100_000)?.latencyMs, 3), fmt(gi(b, 100_000)?.latencyMs, 3)],
        ],
      ),
    );
  }
  return out.join('\n');
}

function shardedReport(sh) {
  const out = ['\n### 2b. Sharded client: k client processes, each one shard (runCell shard option, as run.workers and run --shard)\n'];
  const rows = [];
  for (const c of Object.keys(sh.ingest).map(Number)) {
    const p = sh.ingest[c];
    const thin = p.thin?.steps[0]?.err.p99 ?? null;
    for (const k of Object.keys(p.byShards).map(Number)) {
      const steps = p.byShards[k].map((x) => x?.steps[0] ?? null);
      const p99s = steps.map((st) => st?.err.p99 ?? null);
      const worst = p99s.some((x) => x === null) ? null : Math.max(...p99s);
      rows.push([
        c,
        k,
        fmt(SHARDED_POINTS[c]),
        p99s.map((x) => fmt(x, 3)).join(' / '),
        fmt(worst, 3),
        fmt(thin, 3),
        ratio(worst, thin),
        steps.map((st) => fmt(st?.cpuShare, 2)).join(' / '),
        steps.map((st) => (st ? `${st.gc.n} / ${fmt(st.gc.maxMs, 1)}` : '–')).join(', '),
        steps.map((st) => `${fmt(st?.noise.othersPct, 0)}%`).join(' / '),
      ]);
    }
  }
  if (rows.length > 0) {
    out.push(
      table(
        ['streams', 'shards', 'chunks/s asked (all)', 'error p99 per shard', 'worst shard p99', 'thin p99', 'worst / thin', 'CPU cores per shard', 'GC pauses / max ms per shard', 'others per shard'],
        rows,
      ),
    );
    out.push(
      '\nEach shard takes streams/k at the same chunk rate per stream; timing error is client arrival minus server send (ms), per shard, over its measured window. The thin client is measured at the same point just before.',
    );
  }
  const rrows = [];
  for (const k of Object.keys(sh.rate).map(Number)) {
    const parts = sh.rate[k];
    if (parts.some((x) => x === null)) continue;
    for (const t of parts[0].rates.map((x) => x.target)) {
      const xs = parts.map((x) => x.rates.find((y) => y.target === t));
      const planned = xs.reduce((a, x) => a + (x?.planned ?? 0), 0);
      const offered = xs.reduce((a, x) => a + (x?.offered ?? 0), 0);
      rrows.push([
        fmt(t),
        k,
        fmt(planned, 1),
        fmt(offered, 1),
        planned > 0 ? (offered / planned).toFixed(4) : '–',
        xs.map((x) => fmt(x?.lag.p99, 2)).join(' / '),
        xs.map((x) => fmt(x?.loopP99Ms, 1)).join(' / '),
      ]);
    }
  }
  if (rrows.length > 0) {
    out.push('\n' + table(['rate asked', 'shards', 'planned (sum)', 'offered (sum)', 'offered / planned', 'dispatch lag p99 per shard', 'loop delay p99 per shard'], rrows));
    out.push(
      "\nEach shard draws the whole schedule and sends its own arrivals (j mod k); planned and offered are each shard's own rates over its own send span, summed. The shards run the same sequence of steps at the same time but are not clock-aligned to the step.",
    );
  }
  return out.join('\n');
}

/** The figures a later run is compared with: name -> value (lower is better unless noted). */
function headline(d) {
  const r = d.results;
  const h = {};
  const put = (k, v) => {
    if (typeof v === 'number' && Number.isFinite(v)) h[k] = v;
  };
  for (const p of r.targets?.points ?? []) {
    put(`target ${p.c}x${p.rate} error p99 ms real`, median(p.real.map((x) => x?.errP99)));
    put(`target ${p.c}x${p.rate} error p99 ratio real/thin`, median(p.real.map((x) => x?.errP99)) / median(p.thin.map((x) => x?.errP99)));
    put(`target ${p.c}x${p.rate} CPU ratio real/thin`, median(p.real.map((x) => x?.cpuUsPerChunk)) / median(p.thin.map((x) => x?.cpuUsPerChunk)));
  }
  if (r.targets) put('target closed-loop CPU/request ratio real/thin', median(r.targets.capacity.real.map((x) => x?.cpuUsPerRequest)) / median(r.targets.capacity.thin.map((x) => x?.cpuUsPerRequest)));
  put('CLI --help CPU s', r.startup?.help?.cpuS);
  put('CLI run 64 streams peak RSS MB', r.startup?.run64?.maxRssMB);
  for (const c of Object.keys(r.ingest)) {
    for (const kind of ['real', 'thin']) put(`ingest capacity c=${c} ${kind} (chunks/s, higher is better)`, r.ingest[c][kind]?.capacity);
  }
  for (const kind of ['real', 'thin']) {
    const s = targetStep(kind);
    put(`512x20/s error p99 ms ${kind}`, s?.err.p99);
    put(`512x20/s CPU us/chunk ${kind}`, s?.cpuUsPerChunk);
  }
  for (const x of r.rate.real?.rates ?? []) {
    put(`rate ${x.target}/s offered/planned real (closer to 1 is better)`, x.ratioPlanned);
    put(`rate ${x.target}/s lag p99 ms real`, x.lag.p99);
  }
  put('request throughput req/s real (higher is better)', r.rate.real?.capacity?.rps);
  put('CPU us/request real', r.rate.real?.capacity?.cpuUsPerRequest);
  put('CPU us/request thin', r.rate.thin?.capacity?.cpuUsPerRequest);
  put('memory KB per open stream (heap) real', r.memory.real?.perOpenStream?.heapKB);
  put('memory KB per open stream (RSS) real', r.memory.real?.perOpenStream?.rssKB);
  put('100k-token flood CPU us/chunk real', r.large.real?.flood.find((f) => f.tokens === 100_000)?.cpuUsPerChunk);
  put('100k-token flood CPU us/chunk thin', r.large.thin?.flood.find((f) => f.tokens === 100_000)?.cpuUsPerChunk);
  put('100k-token event ms real', r.large.real?.giant.find((g) => g.tokens === 100_000)?.latencyMs);
  for (const [c, p] of Object.entries(r.sharded?.ingest ?? {})) {
    for (const [k, parts] of Object.entries(p.byShards)) put(`sharded c=${c} k=${k} worst shard error p99 ms`, Math.max(...parts.map((x) => x?.steps[0]?.err.p99 ?? NaN)));
  }
  return h;
}

function readReference() {
  try {
    const text = readFileSync(REFERENCE, 'utf8');
    const m = /<!-- reference-figures\n([\s\S]*?)\n-->/.exec(text);
    return m ? JSON.parse(m[1]) : null;
  } catch {
    return null;
  }
}

const text = report(doc);
const figures = headline(doc);
console.log(`\n${text}`);

const ref = readReference();
if (ref) {
  const rows = [];
  for (const [k, v] of Object.entries(figures)) {
    const was = ref.figures?.[k];
    rows.push([k, fmt(was, 3), fmt(v, 3), ratio(v, was)]);
  }
  console.log(`\n### Compared with the reference (${relative(root, REFERENCE)}: ${ref.machine?.cpu ?? '?'}, ${ref.mode} run of ${ref.startedAt})\n`);
  if (ref.machine && (ref.machine.cpu !== machine.cpu || ref.machine.cores !== machine.cores)) console.log('Different machine: ratios compare machines as much as code.\n');
  if (ref.mode !== doc.mode) console.log(`Reference is a ${ref.mode} run, this is a ${doc.mode} run: ladders differ.\n`);
  console.log(table(['figure', 'reference', 'now', 'now / reference'], rows));
} else {
  console.log(`\n(no reference figures in ${relative(root, REFERENCE)})`);
}

if (opts.writeReference) {
  const cmd = `npx node bench/client/run.mjs${opts.quick ? ' --quick' : ''}${opts.spin ? ' --spin' : ''}`;
  const md = [
    '# Client benchmark: reference run',
    '',
    `One run of \`${cmd}\`, kept so that later runs print their ratio to it`,
    '(`bench/client/run.mjs` reads the figures block at the end of this file).',
    'Method and interpretation: [docs/benchmark.md](../../docs/benchmark.md).',
    'Re-create it with the same command plus `--write-reference`.',
    '',
    text,
    '',
    '<!-- reference-figures',
    JSON.stringify({ machine, mode: doc.mode, startedAt: doc.startedAt, commit: doc.commit, figures }, null, 1),
    '-->',
    '',
  ].join('\n');
  writeFileSync(REFERENCE, md);
  console.log(`\nwrote ${relative(root, REFERENCE)}`);
}
process.exit(0);
