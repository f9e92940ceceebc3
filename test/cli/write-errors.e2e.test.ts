// Writes that fail, through the built CLI: a full disk (a 16 KiB tmpfs) and a
// read-only folder (the tmpfs remounted read-only) for `run --out` and for
// `compare --markdown`, each in a mount namespace of its own (unshare), and
// a reader that leaves the pipe early (`compare ... | true`). Each ends with
// one line naming the file and why, exit 2, what was measured kept in a
// fallback file, and no temporary file left; a closed stdout ends quietly
// with the verdict's exit status.
// The tmpfs cases need unshare with user and mount namespaces; where the
// machine allows none they are skipped, the reason printed.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResult } from '../../src/result/read.js';
import { buildDist } from '../support/cli.js';
import { startFakeServer, type FakeServer } from '../support/fake-server.js';
import { tempDir } from '../support/measure.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

const BIN = join(process.cwd(), 'bin', 'llm-perf-gate.js');

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function sh(script: string, args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script, 'bash', ...args], { env: { ...process.env, CI: 'true' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Whether this machine lets an unprivileged process mount a tmpfs in namespaces of its own. */
function namespacesWork(): { ok: boolean; reason: string } {
  try {
    execFileSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=16k tmpfs /mnt || mount -t tmpfs -o size=16k tmpfs "$TMPDIR"'], { stdio: 'pipe', env: { ...process.env, TMPDIR: tmpdir() } });
    return { ok: true, reason: '' };
  } catch (err) {
    return { ok: false, reason: `unshare -rm with a tmpfs mount is not allowed here: ${(err as Error).message.split('\n')[0]}` };
  }
}

/**
 * The CLI with `dir` a fresh 16 KiB tmpfs (read-only when `ro`), in a mount
 * namespace of its own; the tmpfs goes with it, so what is left in `dir`
 * (temporary files) is listed on stdout after a line `--ls--`.
 */
function inSmallDir(dir: string, ro: boolean, args: string[], tmpInside = false): Promise<Ran> {
  const script = [
    'dir="$1"; shift',
    'mount -t tmpfs -o size=16k tmpfs "$dir" || exit 99',
    ro ? 'mount -o remount,ro "$dir" || exit 99' : ':',
    // The temporary folder on the same full disk: the fallback fails too.
    tmpInside ? 'export TMPDIR="$dir"' : ':',
    `node ${BIN} "$@"; rc=$?`,
    'echo --ls--; ls -A "$dir"',
    'exit $rc',
  ].join('\n');
  return sh(`exec unshare -rm bash -c '${script.replace(/'/g, "'\\''")}' bash "$@"`, [dir, ...args]);
}

/**
 * The CLI unable to write into `dir` (EACCES): as root, which may write
 * anywhere, run as nobody (setpriv); otherwise with `dir` made read-only to
 * its owner.
 */
async function forbidden(dir: string, args: string[]): Promise<Ran> {
  if (process.getuid?.() === 0) return sh(`exec setpriv --reuid=65534 --regid=65534 --clear-groups node ${BIN} "$@"`, args);
  execFileSync('chmod', ['0555', dir]);
  try {
    return await sh(`exec node ${BIN} "$@"`, args);
  } finally {
    execFileSync('chmod', ['0755', dir]);
  }
}

function canForbid(): { ok: boolean; reason: string } {
  if (process.getuid?.() !== 0) return { ok: true, reason: '' };
  try {
    execFileSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'true'], { stdio: 'pipe' });
  } catch (err) {
    return { ok: false, reason: `running as root without a working setpriv to drop to nobody: ${(err as Error).message.split('\n')[0]}` };
  }
  // A checkout under a folder only root may enter (mktemp -d makes 0700 ones) cannot be run as nobody at all.
  try {
    execFileSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'node', '-e', `require('node:fs').accessSync(${JSON.stringify(BIN)})`], { stdio: 'pipe' });
    return { ok: true, reason: '' };
  } catch (err) {
    return { ok: false, reason: `nobody cannot run the CLI from this checkout (a folder above it is closed to other users): ${(err as Error).message.split('\n')[0]}` };
  }
}

const skip = namespacesWork();
const forbid = canForbid();
if (!forbid.ok) console.log(`skipped: ${forbid.reason}`);
if (!skip.ok) console.log(`skipped: ${skip.reason}`);

describe('write errors and a closed stdout, through the built CLI', () => {
  let server: FakeServer;
  let work: string;
  let base: string;
  let same: string;
  let slow: string;

  beforeAll(async () => {
    buildDist();
    server = await startFakeServer({ ttftMs: 5, gapMs: 1 });
    work = await tempDir();
    base = join(work, 'base.json');
    same = join(work, 'same.json');
    slow = join(work, 'slow.json');
    await writeFile(base, JSON.stringify(syntheticResult('base')));
    await writeFile(same, JSON.stringify(syntheticResult('same')));
    await writeFile(slow, JSON.stringify(syntheticResult('slow', REALISTIC, { tpot: 1.6 })));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  for (const [name, ro, cause] of [
    ['a full disk', false, 'no space left on the device \\(ENOSPC\\)'],
    ['a read-only folder', true, 'the file system is read-only \\(EROFS\\)'],
  ] as const) {
    it.skipIf(!skip.ok)(
      `run --out on ${name}: one line, exit 2, the measurement kept in a fallback file, no temporary file left`,
      async () => {
        const dir = join(work, `out-${ro ? 'ro' : 'full'}`);
        execFileSync('mkdir', ['-p', dir]);
        const out = join(dir, 'result.json');
        const ran = await inSmallDir(dir, ro, ['run', '--config', 'test/fixtures/gate.yml', '--url', server.url, '--out', out]);
        expect(ran.code, ran.stderr).toBe(2);
        const line = new RegExp(`^error: could not write the result to ${out.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: ${cause}; what was measured is kept in (\\S+)$`, 'm');
        expect(ran.stderr).toMatch(line);
        expect(ran.stderr).not.toMatch(/internal error|\n\s+at /);
        // No temporary file left behind: a full disk keeps only the small file written before measuring began.
        expect(ran.stdout.split('--ls--\n')[1]!.trim()).toBe(ro ? '' : 'result.json');
        const kept = line.exec(ran.stderr)![1]!;
        try {
          const doc = await readResult(kept);
          if (ro) {
            // The first write, before any request, failed: nothing was measured, and the run stopped there.
            expect(doc.cells).toEqual([]);
          } else {
            // The full disk refused the first cell's result: that cell, measured, is kept, and the run stopped there.
            expect(doc.status).toBe('failed');
            expect(doc.cells.length).toBeGreaterThanOrEqual(1);
            expect(doc.cells[0]!.metrics.counts.completed).toBeGreaterThan(0);
            expect(doc.error).toMatch(/could not write the result .*ENOSPC/);
          }
        } finally {
          await rm(kept, { force: true });
        }
      },
      120_000,
    );
  }

  it.skipIf(!skip.ok)(
    'run --out on a full disk whose temporary folder is full too: the result is printed on stdout, exit 2',
    async () => {
      const dir = join(work, 'out-full-tmp');
      execFileSync('mkdir', ['-p', dir]);
      const out = join(dir, 'result.json');
      const ran = await inSmallDir(dir, false, ['run', '--config', 'test/fixtures/gate.yml', '--url', server.url, '--out', out], true);
      expect(ran.code, ran.stderr).toBe(2);
      expect(ran.stderr).toContain(`error: could not write the result to ${out}: no space left on the device (ENOSPC); nor could it be kept in the temporary folder: the result is printed on stdout`);
      const printed = ran.stdout.split('--ls--\n')[0]!;
      const doc = JSON.parse(printed) as { schema: string; cells: Array<{ metrics: { counts: { completed: number } } }> };
      expect(doc.schema).toBe('llm-perf-gate/result@1');
      expect(doc.cells[0]!.metrics.counts.completed).toBeGreaterThan(0);
      expect(ran.stdout.split('--ls--\n')[1]!.trim()).toBe('result.json');
    },
    120_000,
  );

  it.skipIf(!forbid.ok)(
    'run --out into a folder it may not write (EACCES): one line, exit 2, the measurement kept in a fallback file',
    async () => {
      const dir = join(work, 'out-forbidden');
      execFileSync('mkdir', ['-p', dir]);
      execFileSync('chmod', ['0755', dir]);
      const out = join(dir, 'result.json');
      const ran = await forbidden(dir, ['run', '--config', join(process.cwd(), 'test/fixtures/gate.yml'), '--url', server.url, '--out', out]);
      expect(ran.code, ran.stderr).toBe(2);
      const line = new RegExp(`^error: could not write the result to ${out.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: permission denied \\(EACCES\\); what was measured is kept in (\\S+)$`, 'm');
      expect(ran.stderr).toMatch(line);
      expect(ran.stderr).not.toMatch(/internal error|\n\s+at /);
      const kept = line.exec(ran.stderr)![1]!;
      try {
        // The first write, before any request, was refused: the run stopped there.
        expect((await readResult(kept)).cells).toEqual([]);
      } finally {
        await rm(kept, { force: true });
      }
    },
    120_000,
  );

  it.skipIf(!skip.ok)(
    'compare --markdown into a read-only folder: one line naming the report, exit 2',
    async () => {
      const dir = join(work, 'report-ro');
      execFileSync('mkdir', ['-p', dir]);
      const md = join(dir, 'report.md');
      const ran = await inSmallDir(dir, true, ['compare', '--baseline', base, '--candidate', same, '--markdown', md]);
      expect(ran.code, ran.stderr).toBe(2);
      expect(ran.stderr).toContain(`error: could not write the report to ${md}: the file system is read-only (EROFS)`);
      expect(ran.stderr).not.toMatch(/internal error|\n\s+at /);
      // The verdict table was printed before the file was tried.
      expect(ran.stdout).toMatch(/chat@c=4/);
    },
    60_000,
  );

  for (const [pair, status] of [
    ['the same server', 0],
    ['a regression', 1],
  ] as const) {
    it(`compare ... | true (${pair}) ends quietly with the verdict's status ${status}`, async () => {
      const candidate = status === 0 ? same : slow;
      const md = join(work, `pipe-${status}.md`);
      const ran = await sh(`node ${BIN} compare --baseline "$1" --candidate "$2" --markdown "$3" | true; echo "status=\${PIPESTATUS[0]}"`, [base, candidate, md]);
      expect(ran.stdout.trim()).toBe(`status=${status}`);
      expect(ran.stderr).not.toMatch(/EPIPE|internal error|\n\s+at /);
      // The report file is written all the same.
      expect(existsSync(md)).toBe(true);
      expect(await readFile(md, 'utf8')).toMatch(/llm-perf-gate: (pass|fail|inconclusive)/);
    }, 60_000);
  }
});
