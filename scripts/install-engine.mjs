#!/usr/bin/env node
// Installs the embedded engine's native dependencies (node-llama-cpp and its
// CPU build of llama.cpp) into engine/node_modules from engine/package-lock.json.
// The root's `prepare` script runs it, so a plain `npm ci` sets everything up.
// prepare, not postinstall: npm runs it on `npm ci` and `npm install` in the
// checkout, but not where the packed package is installed (which has no
// engine/), so the package carries no install script for npm to run or refuse.
//
// Why apart from the root install: node-llama-cpp lists every GPU build of
// llama.cpp as an optional dependency (CUDA, Vulkan: ~650 MB on Linux x64),
// and npm can only omit optional dependencies all together, which would also
// drop esbuild's and rolldown's native binaries at the root. Here, with
// --omit=optional, only what engine/package.json names is installed: 83 MB.
//
// Skips when engine/node_modules already matches the lockfile. Set
// LLM_PERF_GATE_SKIP_ENGINE=1 to skip it altogether (the engine commands and
// end-to-end tests then say what is missing).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'engine');
const stamp = join(dir, 'node_modules', '.llm-perf-gate-installed');
const log = (s) => process.stderr.write(`[install-engine] ${s}\n`);

function main() {
  if (process.env.LLM_PERF_GATE_SKIP_ENGINE === '1') {
    log('skipped (LLM_PERF_GATE_SKIP_ENGINE=1)');
    return 0;
  }
  if (`${process.platform}-${process.arch}` !== 'linux-x64') {
    log(
      `engine/package-lock.json pins llama.cpp's linux-x64 CPU build; on ${process.platform}-${process.arch} install node-llama-cpp yourself: ` +
        'cd engine && npm install --no-save node-llama-cpp@3.21.1 (the engine commands need it; nothing else does)',
    );
    return 0;
  }
  const lock = readFileSync(join(dir, 'package-lock.json'));
  const want = createHash('sha256')
    .update(lock)
    .update(readFileSync(join(dir, 'package.json')))
    .digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === want && existsSync(join(dir, 'node_modules', 'node-llama-cpp', 'package.json'))) {
    log('engine dependencies are up to date');
    return 0;
  }
  // Run the npm that runs us (npm_execpath) when there is one; drop settings
  // of the outer install that would point this one elsewhere.
  const env = { ...process.env };
  for (const k of Object.keys(env)) {
    if (/^npm_config_(prefix|global|location|workspaces?|include_workspace_root|omit|include|production|dry_run|package_lock_only|ignore_scripts)$/i.test(k)) delete env[k];
  }
  const args = ['ci', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'];
  const npmCli = process.env.npm_execpath;
  const [cmd, cmdArgs] = npmCli && npmCli.endsWith('.js') ? [process.execPath, [npmCli, ...args]] : ['npm', args];
  const t0 = performance.now();
  const r = spawnSync(cmd, cmdArgs, { cwd: dir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.error || r.status !== 0) {
    log(`failed: 'npm ${args.join(' ')}' in engine/ ${r.error ? `could not start: ${r.error.message}` : `exited with ${r.status ?? r.signal}`}`);
    log('fix: check the network to the npm registry, then rerun: node scripts/install-engine.mjs');
    return 1;
  }
  writeFileSync(stamp, `${want}\n`);
  log(`engine dependencies installed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return 0;
}

process.exitCode = main();
