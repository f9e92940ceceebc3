// `llm-perf-gate changes`: change points of every cell's gated metrics over
// the default branch's stored results.
import { writeFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { buildSeries, describeChange, findChanges, newChanges } from '../changes/series.js';
import { changeOptions, extraMetrics, historyFailure, historySource, readHistoryFor, type Values } from './history-options.js';
import { EXIT } from '../pipeline/exit.js';
import type { CliIo } from './io.js';

export async function changesCommand(v: Values, io: CliIo): Promise<number> {
  try {
    const { source, order } = historySource(v, io.cwd);
    const { results } = await readHistoryFor(source, order, io);
    const series = buildSeries(results, extraMetrics(v));
    const opts = changeOptions(v);
    const found = v.new === true ? newChanges(series, opts) : findChanges(series, opts);
    io.stdout.write(`${results.length} commit(s), ${series.length} series: ${found.length === 0 ? 'no change points' : `${found.length} change point(s)`}\n`);
    for (const c of found) io.stdout.write(`  ${describeChange(c)}\n`);
    const json = typeof v.json === 'string' ? v.json : null;
    if (json !== null) {
      const file = isAbsolute(json) ? json : resolve(io.cwd, json);
      await writeFile(file, `${JSON.stringify({ commits: results.map((r) => r.commit), changes: found }, null, 2)}\n`);
    }
    return EXIT.ok;
  } catch (err) {
    return historyFailure(err, io);
  }
}
