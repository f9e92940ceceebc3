// Entry point of the bundled CLI (dist/cli.js).
import { forLog } from '../report/safe-text.js';
import { processIo } from './io.js';
import { main } from './main.js';

main(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(forLog(`llm-perf-gate: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`));
    // 70 (EX_SOFTWARE), not 1: a workflow reads 1 as "the gate failed".
    process.exitCode = 70;
  },
);
