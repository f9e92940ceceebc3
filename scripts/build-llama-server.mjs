#!/usr/bin/env node
// Builds llama.cpp's own `llama-server` from the llama.cpp source that
// node-llama-cpp ships (a git bundle), once per machine and llama.cpp version,
// into ${XDG_CACHE_HOME:-~/.cache}/llm-perf-gate/llama-server/<key>/llama-server.
// The end-to-end tests run the load tester against it; CI calls this script
// before the tests (LLM_PERF_GATE_BUILD_LLAMA=1).
//
//   node scripts/build-llama-server.mjs            build unless cached; print the binary's path
//   node scripts/build-llama-server.mjs --check    print the path if cached, else exit 1 (builds nothing)
//   node scripts/build-llama-server.mjs --jobs N   parallel compile jobs (default: CPU count)
//
// The compile runs under `nice -n 19` so a shared machine stays usable.
// Every failure names the step that failed and what to do about it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, openSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

class StepError extends Error {
  constructor(step, message, fix) {
    super(`${step}: ${message}\n  fix: ${fix}`);
  }
}

export function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'llm-perf-gate');
}

/** The llama.cpp git bundle node-llama-cpp ships, from the engine's install or the root's. */
export function findBundle() {
  for (const dir of [join(root, 'engine', 'node_modules'), join(root, 'node_modules')]) {
    const bundle = join(dir, 'node-llama-cpp', 'llama', 'gitRelease.bundle');
    if (existsSync(bundle)) {
      const pkg = JSON.parse(readFileSync(join(dir, 'node-llama-cpp', 'package.json'), 'utf8'));
      return { bundle, nodeLlamaCppVersion: pkg.version };
    }
  }
  return null;
}

/** Where the output of the quiet steps goes; kept after a failure. */
let logFile = null;

function run(step, cmd, args, opts = {}) {
  let stdio = ['ignore', 'inherit', 'inherit'];
  let fd = null;
  if (opts.quiet && logFile) {
    fd = openSync(logFile, 'a');
    stdio = ['ignore', fd, fd];
  } else if (opts.quiet) {
    stdio = ['ignore', 'pipe', 'pipe'];
  }
  const r = spawnSync(cmd, args, { stdio, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (fd !== null) closeSync(fd);
  if (r.error) {
    throw new StepError(step, `could not start '${cmd}': ${r.error.message}`, opts.fix ?? `install ${cmd}`);
  }
  if (r.status !== 0) {
    let tail = '';
    if (fd !== null) tail = `\n${tailOf(readFileSync(logFile, 'utf8'))}\n  (whole log: ${logFile})`;
    else if (opts.quiet) tail = `\n${tailOf(String(r.stderr || r.stdout))}`;
    throw new StepError(step, `'${cmd} ${args.join(' ')}' exited with ${r.status ?? r.signal}${tail}`, opts.fix ?? 'see the output above');
  }
  return r.stdout ?? '';
}

function tailOf(text, lines = 25) {
  return text
    .trim()
    .split('\n')
    .slice(-lines)
    .map((l) => `    ${l}`)
    .join('\n');
}

function need(tool, args, fix) {
  const r = spawnSync(tool, args, { stdio: 'ignore' });
  if (r.error || r.status !== 0) throw new StepError('checking build tools', `'${tool}' is not available`, fix);
}

/** The commit the bundle holds: the version key of the cache. */
function bundleCommit(bundle) {
  const out = run('reading the llama.cpp bundle', 'git', ['bundle', 'list-heads', bundle], {
    quiet: true,
    fix: 'reinstall the engine dependencies: node scripts/install-engine.mjs',
  });
  const head = out.split('\n').find((l) => /\bHEAD$/.test(l)) ?? out.split('\n')[0] ?? '';
  const commit = head.split(' ')[0];
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new StepError('reading the llama.cpp bundle', `no commit in '${out.trim()}'`, 'reinstall the engine dependencies');
  return commit;
}

/** Native builds use this CPU's instruction set: key the cache by it as well. */
function cpuKey() {
  let flags = `${process.arch}`;
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    flags += info.split('\n').find((l) => l.startsWith('flags')) ?? '';
  } catch {
    // Not Linux: the architecture alone.
  }
  return createHash('sha256').update(flags).digest('hex').slice(0, 8);
}

export function serverPaths() {
  const found = findBundle();
  if (!found) return null;
  const commit = bundleCommit(found.bundle);
  const key = `${commit.slice(0, 12)}-${process.platform}-${process.arch}-${cpuKey()}`;
  const dir = join(cacheRoot(), 'llama-server', key);
  return { ...found, commit, key, dir, binary: join(dir, 'llama-server') };
}

/** A cached binary that still starts on this machine. */
function usable(binary) {
  if (!existsSync(binary)) return false;
  const r = spawnSync(binary, ['--version'], { stdio: 'ignore', timeout: 20_000 });
  return r.status === 0;
}

export function buildLlamaServer({ jobs = availableParallelism(), log = (s) => process.stderr.write(`${s}\n`) } = {}) {
  const paths = serverPaths();
  if (!paths) {
    throw new StepError(
      'finding the llama.cpp source',
      'node-llama-cpp (which ships it as llama/gitRelease.bundle) is not installed',
      "run 'npm ci' (its prepare script installs the engine), or 'node scripts/install-engine.mjs'",
    );
  }
  if (usable(paths.binary)) return { binary: paths.binary, built: false, seconds: 0, ...paths };

  need('git', ['--version'], "install git (Debian: 'apt-get install -y git')");
  need('cmake', ['--version'], "install CMake >= 3.14 (Debian: 'apt-get install -y cmake')");
  const cxx = process.env.CXX || 'c++';
  need(cxx, ['--version'], "install a C++17 compiler (Debian: 'apt-get install -y build-essential'), or set CXX");
  const generator = spawnSync('ninja', ['--version'], { stdio: 'ignore' }).status === 0 ? ['-G', 'Ninja'] : [];
  if (generator.length === 0) need('make', ['--version'], "install make or ninja (Debian: 'apt-get install -y build-essential')");

  const t0 = performance.now();
  const work = join(cacheRoot(), 'llama-server', `.build-${paths.key}-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  logFile = join(cacheRoot(), 'llama-server', `build-${paths.key}.log`);
  writeFileSync(logFile, '');
  const src = join(work, 'src');
  const build = join(work, 'build');
  try {
    log(`[build-llama-server] llama.cpp ${paths.commit.slice(0, 12)} (node-llama-cpp ${paths.nodeLlamaCppVersion}) -> ${paths.binary}`);
    log('[build-llama-server] step 1/3: unpacking the source from the git bundle');
    run('unpacking the llama.cpp source', 'git', ['-c', 'advice.detachedHead=false', 'clone', '--quiet', '--no-hardlinks', paths.bundle, src], {
      fix: 'check free disk space under the cache folder, then rerun',
    });
    log('[build-llama-server] step 2/3: configuring (CMake)');
    const nice = spawnSync('nice', ['--version'], { stdio: 'ignore' }).status === 0;
    const wrap = (cmd, args) => (nice ? ['nice', ['-n', '19', cmd, ...args]] : [cmd, args]);
    run(
      'configuring llama.cpp (cmake)',
      ...wrap('cmake', [
        '-S',
        src,
        '-B',
        build,
        ...generator,
        '-DCMAKE_BUILD_TYPE=Release',
        '-DBUILD_SHARED_LIBS=OFF',
        '-DGGML_NATIVE=ON',
        '-DLLAMA_OPENSSL=OFF',
        '-DLLAMA_CURL=OFF',
        '-DLLAMA_BUILD_UI=OFF',
        '-DLLAMA_USE_PREBUILT_UI=OFF',
        '-DLLAMA_BUILD_TESTS=OFF',
        '-DLLAMA_BUILD_EXAMPLES=OFF',
        '-DLLAMA_BUILD_SERVER=ON',
      ]),
      { quiet: true, fix: 'read the CMake error above; a missing compiler or a too-old CMake (< 3.14) are the usual causes' },
    );
    log(`[build-llama-server] step 3/3: compiling llama-server with ${jobs} job(s) under nice (about 10 minutes on 2 cores)`);
    run('compiling llama-server', ...wrap('cmake', ['--build', build, '--target', 'llama-server', '--config', 'Release', '-j', String(jobs)]), {
      quiet: true,
      fix: 'read the compiler error above; out of memory on many jobs: rerun with --jobs 1',
    });
    const built = [join(build, 'bin', 'llama-server'), join(build, 'bin', 'Release', 'llama-server')].find((p) => existsSync(p));
    if (!built) throw new StepError('collecting the binary', `no llama-server under ${join(build, 'bin')}`, 'report this: the llama.cpp build layout changed');
    mkdirSync(paths.dir, { recursive: true });
    const tmp = `${paths.binary}.tmp-${process.pid}`;
    copyFileSync(built, tmp);
    renameSync(tmp, paths.binary);
    if (!usable(paths.binary)) {
      throw new StepError('checking the binary', `${paths.binary} --version failed`, 'delete the cache folder and rerun');
    }
    const seconds = (performance.now() - t0) / 1000;
    writeFileSync(
      join(paths.dir, 'build.json'),
      `${JSON.stringify({ commit: paths.commit, nodeLlamaCpp: paths.nodeLlamaCppVersion, seconds: Math.round(seconds), jobs, size: statSync(paths.binary).size, builtAt: new Date().toISOString() }, null, 2)}\n`,
    );
    log(`[build-llama-server] built in ${seconds.toFixed(0)} s`);
    rmSync(logFile, { force: true });
    return { binary: paths.binary, built: true, seconds, ...paths };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { check: { type: 'boolean' }, jobs: { type: 'string' } } });
  try {
    if (values.check) {
      const paths = serverPaths();
      if (paths && usable(paths.binary)) {
        process.stdout.write(`${paths.binary}\n`);
      } else {
        process.stderr.write(`llama-server is not built${paths ? ` (expected at ${paths.binary})` : ''}; run: node scripts/build-llama-server.mjs\n`);
        process.exitCode = 1;
      }
    } else {
      const jobs = values.jobs ? Number(values.jobs) : undefined;
      const r = buildLlamaServer(jobs ? { jobs } : {});
      process.stdout.write(`${r.binary}\n`);
    }
  } catch (err) {
    process.stderr.write(`[build-llama-server] failed while ${err.message}\n`);
    process.exitCode = 1;
  }
}
