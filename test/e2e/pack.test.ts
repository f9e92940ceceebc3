// The CLI as people get it outside a clone: `npm pack` of this repository (its
// built dist/), installed into an empty folder with `npm install <tarball>`,
// then the installed `llm-perf-gate` run from that folder: --help, and a
// one-cell run against a loopback server whose result file validates. The
// tarball ships the bundles and no sources; the package has no runtime
// dependencies (the bundles carry them), so the install needs no registry.
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDoc } from '../../src/result/types.js';
import { validateResult } from '../../src/result/validate.js';
import { buildDist } from '../support/cli.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';

const run = promisify(execFile);
const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { name: string; version: string };

/**
 * The Node under test first on PATH (the bin's #! line runs `node`), and
 * without the npm_* settings of an outer npm (`npm test` sets some, such as a
 * prefix) that would point this npm elsewhere.
 */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_/i.test(k) && !/^npm_config_(cache|registry|userconfig)$/i.test(k)) continue;
    env[k] = v;
  }
  env.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
  return env;
}

interface PackedFile {
  path: string;
}

let app = '';
let files: string[] = [];
const took: Record<string, number> = {};

beforeAll(async () => {
  buildDist();
  const dir = await tempDir();
  let t0 = performance.now();
  // --ignore-scripts: packing needs no lifecycle script (there is no prepack).
  const packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { env: npmEnv(), maxBuffer: 16 * 1024 * 1024 });
  took.pack = performance.now() - t0;
  const [info] = JSON.parse(packed.stdout) as [{ filename: string; files: PackedFile[] }];
  files = info.files.map((f) => f.path).sort();
  app = join(dir, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
  t0 = performance.now();
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, info.filename)], { cwd: app, env: npmEnv() });
  took.install = performance.now() - t0;
}, 180_000);

let server: FakeServer | null = null;
afterAll(async () => {
  await server?.close();
  console.log(`pack ${(took.pack! / 1000).toFixed(1)} s, install ${(took.install! / 1000).toFixed(1)} s, run ${((took.run ?? 0) / 1000).toFixed(1)} s`);
});

describe('the packed CLI, installed in an empty folder', () => {
  it('ships the CLI bundles, the licence and the schemas, and no sources', () => {
    expect(files).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'bin/llm-perf-gate.js', 'dist/cli.js', 'dist/worker.js', 'dist/engine.js', 'schema/result.schema.json']),
    );
    expect(files.some((f) => f.startsWith('dist/chunks/'))).toBe(true);
    expect(files.filter((f) => /^(src|test|engine|bench|examples|docs)\//.test(f) || f.endsWith('.ts'))).toEqual([]);
    // The action's bundles run from the repository at a tag, not from the package.
    expect(files).not.toContain('dist/index.js');
  });

  it('installs without dependencies (the bundles carry them) and without install scripts', async () => {
    const installed = JSON.parse(await readFile(join(app, 'node_modules', pkg.name, 'package.json'), 'utf8')) as {
      version: string;
      dependencies?: object;
      scripts: Record<string, string>;
    };
    expect(installed.version).toBe(pkg.version);
    expect(installed.dependencies ?? {}).toEqual({});
    // The engine's set-up runs on `prepare`, which npm runs in a checkout only, never for
    // a package from a registry: npm 11 skips a dependency's install scripts unless they
    // are allowed, and warns about each. (For a tarball file it still lists `prepare`.)
    expect(Object.keys(installed.scripts).filter((k) => /^(pre|post)?install$/.test(k))).toEqual([]);
  });

  it('answers --help', async () => {
    const bin = join(app, 'node_modules', '.bin', 'llm-perf-gate');
    const { stdout } = await run(process.execPath, [bin, '--help'], { cwd: app });
    expect(stdout).toContain(`llm-perf-gate ${pkg.version}`);
    expect(stdout).toContain('usage: llm-perf-gate <command> [options]');
    // Run as the shell runs it too: the bin's #! line finds node on PATH.
    const direct = await run(bin, ['--version'], { cwd: app, env: npmEnv() });
    expect(direct.stdout.trim()).toBe(pkg.version);
  });

  it('runs one cell against a loopback server and writes a result that validates', async () => {
    server = await startFakeServer({ ttftMs: 1, gapMs: 1 });
    const config = join(app, 'perf.yml');
    await writeFile(
      config,
      [
        'version: 1',
        'target:',
        `  url: ${server.url}`,
        '  api: chat',
        'run: { requests: 20, warmup: 2, trials: 1, max_duration_s: 20 }',
        'scenarios:',
        '  - { name: short, input_tokens: 32, output_tokens: 8 }',
        'loads:',
        '  - concurrency: 2',
        '',
      ].join('\n'),
    );
    const t0 = performance.now();
    const ran = await run(process.execPath, [join(app, 'node_modules', '.bin', 'llm-perf-gate'), 'run', '--config', 'perf.yml', '--out', 'result.json'], {
      cwd: app,
      env: { ...process.env, CI: 'true' },
    });
    took.run = performance.now() - t0;
    expect(ran.stdout).toMatch(/short@c=2/);
    const doc = JSON.parse(await readFile(join(app, 'result.json'), 'utf8')) as ResultDoc;
    expect(validateResult(doc)).toEqual([]);
    expect(doc.status).toBe('complete');
    expect(doc.cells.map((c) => c.id)).toEqual(['short@c=2']);
    expect(server.requests.some((r) => r.completionIndex !== null)).toBe(true);
  });
});
