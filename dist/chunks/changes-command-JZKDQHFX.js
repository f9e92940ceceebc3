import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  changeOptions,
  extraMetrics,
  historyFailure,
  historySource,
  readHistoryFor
} from "./chunk-CMWYB6EC.js";
import {
  buildSeries,
  describeChange,
  findChanges,
  newChanges
} from "./chunk-UVYLH7X5.js";
import "./chunk-T37RHSDI.js";
import "./chunk-FOCLXUDN.js";
import "./chunk-54LALYOF.js";
import "./chunk-SCGBAURB.js";
import "./chunk-F7EZCM6P.js";
import "./chunk-XS6I4BEK.js";
import {
  EXIT
} from "./chunk-ZSLGKFHA.js";
import "./chunk-26N6UM4G.js";
import "./chunk-SK3CJ3HN.js";

// src/cli/changes-command.ts
import { writeFile } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
async function changesCommand(v, io) {
  try {
    const { source, order } = historySource(v, io.cwd);
    const { results } = await readHistoryFor(source, order, io);
    const series = buildSeries(results, extraMetrics(v));
    const opts = changeOptions(v);
    const found = v.new === true ? newChanges(series, opts) : findChanges(series, opts);
    io.stdout.write(`${results.length} commit(s), ${series.length} series: ${found.length === 0 ? "no change points" : `${found.length} change point(s)`}
`);
    for (const c of found) io.stdout.write(`  ${describeChange(c)}
`);
    const json = typeof v.json === "string" ? v.json : null;
    if (json !== null) {
      const file = isAbsolute(json) ? json : resolve(io.cwd, json);
      await writeFile(file, `${JSON.stringify({ commits: results.map((r) => r.commit), changes: found }, null, 2)}
`);
    }
    return EXIT.ok;
  } catch (err) {
    return historyFailure(err, io);
  }
}
export {
  changesCommand
};
