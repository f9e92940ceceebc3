// npm run demo: the whole product on the embedded default, in a minute or two,
// with nothing to download. It makes the tiny model if needed, serves it twice
// (4 parallel sequences, and a deliberately worse 1: requests queue), measures
// both in one same-job A/B (the recommended design: pairs, blocks of requests
// taking turns, more pairs while undecided) and shows the gate failing, with
// what regressed and where the report is. Everything it starts is stopped,
// also on Ctrl-C.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import type { VerdictDoc } from '../src/gate/verdict.js';

interface Engine {
  url: string;
  modelPath: string;
  modelSeconds: number;
  close(): Promise<void>;
}
interface EngineBundle {
  startEmbedded(o: { parallel: number; port?: number }): Promise<Engine>;
}

const root = process.cwd();
const outDir = join(root, 'out', 'demo');
const config = 'examples/demo.yml';
let engine: Engine | null = null;
let baseline: Engine | null = null;
let child: ReturnType<typeof spawn> | null = null;

function say(s: string): void {
  // Bold only on a terminal: a piped log gets no escape codes.
  process.stdout.write(process.stdout.isTTY ? `\n\x1b[1m== ${s}\x1b[0m\n` : `\n== ${s}\n`);
}

function cli(args: string[]): Promise<number> {
  return new Promise((res) => {
    child = spawn(process.execPath, [join(root, 'bin', 'llm-perf-gate.js'), ...args], { stdio: 'inherit' });
    child.on('close', (code, signal) => {
      child = null;
      res(code ?? (signal ? 130 : 1));
    });
  });
}

async function stopAll(): Promise<void> {
  child?.kill('SIGINT');
  const started = [engine, baseline];
  engine = null;
  baseline = null;
  for (const e of started) await e?.close();
}

async function main(): Promise<number> {
  const bundle = join(root, 'dist', 'engine.js');
  if (!existsSync(bundle)) throw new Error(`the engine bundle ${bundle} is missing: run 'npm run build'`);
  const { startEmbedded } = (await import(pathToFileURL(bundle).href)) as EngineBundle;
  await mkdir(outDir, { recursive: true });
  const files = {
    baseline: join(outDir, 'baseline.json'),
    candidate: join(outDir, 'candidate.json'),
    verdict: join(outDir, 'verdict.json'),
    report: join(outDir, 'report.md'),
    config: join(outDir, 'ab.yml'),
  };

  say('1/2 starting two embedded engines (tiny model, llama.cpp on CPU): the baseline with 4 parallel sequences, the candidate with 1 (requests queue)');
  baseline = await startEmbedded({ parallel: 4 });
  engine = await startEmbedded({ parallel: 1 });
  const made = baseline.modelSeconds > 0 ? ` (model made in ${baseline.modelSeconds.toFixed(1)} s)` : '';
  console.log(`baseline at ${baseline.url}, candidate at ${engine.url}, model ${baseline.modelPath}${made}`);
  // The demo's matrix with the two engines as the sides of a same-job A/B (JSON is YAML).
  const matrix = parse(await readFile(config, 'utf8')) as Record<string, unknown>;
  const { target: _target, ...rest } = matrix;
  await writeFile(files.config, `${JSON.stringify({ ...rest, ab: { baseline: { url: baseline.url }, candidate: { url: engine.url } } }, null, 2)}\n`);

  say(`2/2 same-job A/B of ${config}: both engines measured in pairs, blocks of requests taking turns, more pairs while undecided`);
  const code = await cli(['ab', '--config', files.config, '--out-dir', outDir, '--markdown', files.report, '--json', files.verdict]);
  await stopAll();

  const verdict = JSON.parse(await readFile(files.verdict, 'utf8').catch(() => 'null')) as VerdictDoc | null;
  console.log(
    `\nfiles:\n  results   ${join(outDir, 'baseline.json')}, ${join(outDir, 'candidate.json')}\n  verdict   ${files.verdict}\n  report    ${files.report} (what the pull-request comment shows)`,
  );
  if (code === 1 && verdict !== null) {
    const regressed = verdict.cells.flatMap((c) =>
      c.metrics.filter((m) => m.gated && m.verdict === 'regressed').map((m) => `${m.metric} ${m.change_pct !== null && m.change_pct > 0 ? '+' : ''}${m.change_pct}%`),
    );
    const cost = verdict.cost === undefined ? '' : ` after ${verdict.cost.trials} pairs (${Math.round(verdict.cost.wall_s)} s of measuring)`;
    console.log(`\nThe gate failed${cost}, as it should: one parallel sequence makes requests queue, so ${regressed.join(', ')} regressed (exit status 1 would block the merge).`);
    console.log('TPOT may read better: one sequence decodes alone instead of sharing each step with three others.');
    console.log(`Next: read the report (${files.report}), or run your own server: llm-perf-gate run --url http://127.0.0.1:8000 --config examples/demo.yml`);
    return 0;
  }
  console.log(`\nUnexpected: the gate did not fail (exit status ${code}); the machine may be too busy for a clean measurement. See the report: ${files.report}`);
  return 1;
}

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.error('\ninterrupted: stopping the engine and the run');
    void stopAll().then(() => process.exit(130));
  });
}

main().then(
  async (code) => {
    await stopAll();
    process.exitCode = code;
  },
  async (err: unknown) => {
    await stopAll();
    console.error(`demo failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
