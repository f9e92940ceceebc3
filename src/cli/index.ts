// Entry point of the bundled CLI (dist/cli.js).
import { cliLog } from './host.js';
import { processIo } from './io.js';
import { main } from './main.js';

const io = processIo();
main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    cliLog(io).error(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exitCode = 1;
  },
);
