// npm run demo: the whole product on the embedded default, in a couple of
// minutes, with nothing to download. It makes the tiny model if needed, serves
// it with 4 parallel sequences, records a baseline, then serves it again with
// a deliberately worse setting (1 sequence: requests queue) and shows the gate
// failing with its report. Everything it starts is stopped, also on Ctrl-C.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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
let child: ReturnType<typeof spawn> | null = null;

function say(s: string): void {
  process.stdout.write(`\n\x1b[1m== ${s}\x1b[0m\n`);
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
  const e = engine;
  engine = null;
  await e?.close();
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
  };

  say('1/3 starting the embedded engine (tiny model, llama.cpp on CPU, 4 parallel sequences)');
  engine = await startEmbedded({ parallel: 4 });
  console.log(`engine at ${engine.url}, model ${engine.modelPath}${engine.modelSeconds > 0 ? ` (made in ${engine.modelSeconds.toFixed(1)} s)` : ' (cached)'}`);
  say(`2/3 baseline run: ${config}`);
  let code = await cli(['run', '--config', config, '--url', engine.url, '--out', files.baseline]);
  if (code !== 0) return code;
  await engine.close();
  engine = null;

  say('3/3 candidate run against a worse setting (1 parallel sequence: requests queue), compared with the baseline');
  engine = await startEmbedded({ parallel: 1 });
  code = await cli(['run', '--config', config, '--url', engine.url, '--out', files.candidate, '--baseline', files.baseline, '--markdown', files.report, '--json', files.verdict]);
  await engine.close();
  engine = null;

  say('the Markdown report (what the pull-request comment shows)');
  console.log(await readFile(files.report, 'utf8'));
  console.log(`files:\n  baseline result   ${files.baseline}\n  candidate result  ${files.candidate}\n  verdict           ${files.verdict}\n  report            ${files.report}`);
  if (code === 1) {
    console.log('\nThe gate failed, as it should: the worse engine setting cost throughput and latency (exit status 1 would block the merge).');
    return 0;
  }
  console.log(`\nUnexpected: the gate did not fail (exit status ${code}); the machine may be too busy for a clean measurement. See the report above.`);
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

