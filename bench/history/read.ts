// Reading a large history back (issue 19, item 8): builds a repository whose
// default branch has N commits and a bare remote whose data branch stores a
// result for every one of them (as a compacted branch holds them: one commit,
// N files and the index), then times what reads it:
//   - `llm-perf-gate changes --repo <checkout> --ref main`, the CLI bundled
//     from this working tree and run as its own process;
//   - the action's baseline selection (loadBaseline, history-runs 10) for a
//     pull request based on the newest commit;
//   - the action's trend table (trendSection) for that pull request.
// Each is run once cold (the data branch is fetched into the private ref
// first) and then warm; the figures are wall-clock seconds. Decode is made
// slower over the newest 250 commits (--step), so that `changes` has a real
// change point to find and test.
//   node scripts/run-ts.mjs bench/history/read.ts [--results 2000,10000] [--retention N] [--bound 10] [--rows cold,changes,baseline,trend] [--step 0.15] [--keep]
// --retention is the action's history-retention (default: N, so that every
// stored result is retained); --bound makes the script exit 1 when a warm
// run takes longer than that many seconds.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { loadBaseline } from '../../src/action/baseline.js';
import type { RunEvent } from '../../src/action/event.js';
import { trendSection } from '../../src/action/history-push.js';
import { readInputs } from '../../src/action/inputs.js';
import type { HostLog } from '../../src/pipeline/host.js';
import type { ResultDoc } from '../../src/result/types.js';
import { REALISTIC, syntheticResult } from '../../test/support/synthetic.js';

const { values: args } = parseArgs({
  options: {
    results: { type: 'string' },
    retention: { type: 'string' },
    bound: { type: 'string' },
    templates: { type: 'string' },
    rows: { type: 'string' },
    keep: { type: 'boolean' },
    step: { type: 'string' },
  },
});
const wanted = new Set((args.rows ?? 'cold,changes,baseline,trend').split(','));
const sizes = (args.results ?? '2000,10000').split(',').map(Number);
const bound = args.bound === undefined ? null : Number(args.bound);
const TEMPLATES = Number(args.templates ?? 40);
/** Decode (TPOT) this much slower over the newest 250 commits. */
const STEP = 1 + Number(args.step ?? 0.15);
const BRANCH = 'llm-perf-history';
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@example.com', LC_ALL: 'C' };
const git = (cwd: string, ...a: string[]): string => execFileSync('git', a, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 }).trim();

/** Feeds `git fast-import` a stream; returns its marks file. */
function fastImport(repo: string, stream: Buffer[], marks: string): void {
  const r = spawnSync('git', ['fast-import', '--quiet', `--export-marks=${marks}`], { cwd: repo, env, input: Buffer.concat(stream), stdio: ['pipe', 'inherit', 'inherit'], maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`git fast-import failed in ${repo}`);
}

const data = (text: string | Buffer): Buffer => {
  const b = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return Buffer.concat([Buffer.from(`data ${b.length}\n`), b, Buffer.from('\n')]);
};

/** Result documents measured through the real metrics pipeline, reused round-robin (each stored copy names its own commit); decode `tpot` times slower. */
function templates(tpot: number): ResultDoc[] {
  return Array.from({ length: TEMPLATES }, (_, k) => syntheticResult(`read-${k}-${tpot}`, { ...REALISTIC, requests: 60, trialCv: 0.03 }, { tpot }));
}

interface Built {
  root: string;
  work: string;
  commits: string[];
  bytes: number;
}

async function buildHistory(n: number, docs: ResultDoc[], slower: ResultDoc[]): Promise<Built> {
  const root = await mkdtemp(join(tmpdir(), 'llm-perf-history-read-'));
  const remote = join(root, 'remote.git');
  const work = join(root, 'work');
  git(root, 'init', '-q', '--bare', '-b', 'main', remote);
  git(root, 'init', '-q', '-b', 'main', work);
  // The default branch: n commits, an hour apart.
  const t0 = Date.UTC(2025, 0, 1) / 1000;
  const main: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    main.push(Buffer.from(`commit refs/heads/main\nmark :${i + 1}\ncommitter b <b@example.com> ${t0 + i * 3600} +0000\n`));
    main.push(data(`change ${i}\n`));
    if (i > 0) main.push(Buffer.from(`from :${i}\n`));
    main.push(Buffer.from(`M 100644 inline file.txt\n`), data(`${i}\n`), Buffer.from('\n'));
  }
  fastImport(work, main, join(root, 'main.marks'));
  const commits = git(work, 'rev-list', '--reverse', 'main').split('\n');
  git(work, 'remote', 'add', 'origin', `file://${remote}`);
  git(work, 'push', '-q', 'origin', 'main');
  // The data branch, in the remote only: the checkout fetches it as the action does.
  const branch: Buffer[] = [Buffer.from(`commit refs/heads/${BRANCH}\ncommitter b <b@example.com> ${t0 + n * 3600} +0000\n`), data('llm-perf-gate: compacted history\n')];
  const index: string[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const commit = commits[i]!;
    // Decode slower over the newest 250 commits: a real change point for `changes` to find and test.
    const doc = structuredClone((i >= n - 250 ? slower : docs)[i % docs.length]!);
    doc.git = { commit, ref: 'refs/heads/main' };
    doc.started_at = new Date((t0 + i * 3600) * 1000).toISOString();
    const json = JSON.stringify(doc);
    bytes += Buffer.byteLength(json);
    branch.push(Buffer.from(`M 100644 inline results/${commit}.json\n`), data(json));
    index.unshift(JSON.stringify({ commit, ref: 'refs/heads/main', stored_at: doc.started_at, file: `results/${commit}.json`, headline: {} }));
  }
  branch.push(Buffer.from('M 100644 inline index.json\n'), data(`[\n  ${index.join(',\n  ')}\n]\n`), Buffer.from('\n'));
  fastImport(remote, branch, join(root, 'branch.marks'));
  return { root, work, commits, bytes };
}

const quiet: HostLog = { out() {}, info() {}, notice() {}, warn() {}, error() {}, status() {}, group: (_t, fn) => fn() };

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const v = await fn();
  return [(performance.now() - t) / 1000, v];
}

/** The CLI as the working tree has it, bundled once: `node bin/llm-perf-gate.js` runs the committed bundle, which may be older. */
async function bundleCli(): Promise<string> {
  const dir = join('node_modules', '.cache', 'llm-perf-gate-scripts');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `cli-read-bench-${process.pid}.mjs`);
  await build({ entryPoints: ['src/cli/index.ts'], outfile: out, bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external', logLevel: 'warning' });
  return out;
}

function runCli(cli: string, cwd: string, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...argv], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const cli = await bundleCli();
const cliPath = join(process.cwd(), cli);
const docs = templates(1);
const slower = templates(STEP);
let over = false;
console.log(
  `node ${process.version}, ${(await import('node:os')).availableParallelism()} CPUs; result files: ${TEMPLATES} documents (one cell chat@c=4, 60 requests x 3 trials, the real metrics pipeline) reused round-robin; decode ${((STEP - 1) * 100).toFixed(0)}% slower over the newest 250 commits`,
);
for (const n of sizes) {
  const t = performance.now();
  const b = await buildHistory(n, docs, slower);
  const retention = Number(args.retention ?? n);
  console.log(
    `\n${n} stored results (${(b.bytes / n / 1024).toFixed(1)} KiB each, ${(b.bytes / 1024 / 1024).toFixed(0)} MiB in all), history-retention ${retention}; built in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  try {
    const newest = b.commits.at(-1)!;
    const inputs = readInputs(
      (name) => ({ 'history-runs': '10', 'history-retention': String(retention) })[name] ?? '',
      () => {},
    );
    const event: RunEvent = {
      name: 'pull_request',
      owner: 'acme',
      repo: 'serving',
      sha: 'f'.repeat(40),
      ref: 'refs/pull/1/merge',
      defaultBranch: 'main',
      isDefaultBranchPush: false,
      pr: null,
      baselineCommit: newest,
    };
    const candidate = { ...docs[0]!, git: { commit: 'f'.repeat(40), ref: 'refs/pull/1/merge' } };
    const rows: [string, () => Promise<string>][] = [
      [
        'changes (CLI process)',
        async () => {
          const r = await runCli(cliPath, b.work, ['changes', '--repo', b.work, '--ref', 'main']);
          if (r.code !== 0) throw new Error(`changes exited ${r.code}: ${r.stderr.slice(-2000)}`);
          const notes = r.stderr.split('\n').filter(Boolean).length;
          return `${r.stdout.split('\n')[0]}${notes ? `; ${notes} line(s) on stderr` : ''}`;
        },
      ],
      [
        'baseline selection',
        async () => {
          const base = await loadBaseline(inputs, event, b.work, candidate);
          return `${base.history.length} run(s); ${base.note.slice(0, 90)}`;
        },
      ],
      [
        'trend table',
        async () => {
          const s = await trendSection(quiet, inputs, event, b.work, candidate);
          return s === null ? 'no table' : `${s.split('\n').length} lines`;
        },
      ],
    ];
    // Cold: no private ref yet, so the first read fetches the data branch.
    if (wanted.has('cold')) {
      const [fetchS] = await timed(() => rows[0]![1]());
      console.log(`  ${'changes, cold (fetches the branch)'.padEnd(36)} ${fetchS.toFixed(2).padStart(7)} s`);
    }
    for (const [name, fn] of rows) {
      if (!wanted.has(name.split(' ')[0]!)) continue;
      const [s, what] = await timed(fn);
      if (bound !== null && s > bound) over = true;
      console.log(`  ${name.padEnd(36)} ${s.toFixed(2).padStart(7)} s  ${what}`);
    }
  } finally {
    if (args.keep) console.log(`  kept: ${b.work}`);
    else await rm(b.root, { recursive: true, force: true });
  }
}
await rm(cli, { force: true });
if (over) {
  console.log(`\nover the bound of ${bound} s`);
  process.exit(1);
}
