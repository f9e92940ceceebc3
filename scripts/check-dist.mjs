// Fails when dist/ is not what `npm run build` makes from the current sources,
// so the committed bundles never drift from src/.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const fresh = mkdtempSync(join(tmpdir(), 'llm-perf-gate-dist-'));
try {
  execFileSync(process.execPath, ['scripts/build.mjs', fresh], { stdio: 'inherit' });
  const list = (dir) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
  const names = new Set([...list('dist'), ...list(fresh)]);
  const stale = [...names].filter((n) => {
    try {
      return !readFileSync(join('dist', n)).equals(readFileSync(join(fresh, n)));
    } catch {
      return true;
    }
  });
  if (stale.length > 0) {
    console.error(`dist/ is out of date (${stale.join(', ')}): run 'npm run build' and commit dist/`);
    process.exit(1);
  }
  console.log('dist/ matches the sources');
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
