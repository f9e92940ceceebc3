import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  ConfigError,
  DatasetError,
  RunSetupError,
  TOOL_VERSION,
  TargetError,
  loadPlan,
  resultTable,
  runPlan
} from "./chunks/chunk-IS273IIB.js";
import "./chunks/chunk-SK3CJ3HN.js";

// src/cli/io.ts
var EXIT = { ok: 0, fail: 1, usage: 2, interrupted: 130 };
function processIo() {
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    onInterrupt(handler) {
      let count = 0;
      const h = () => {
        if (++count > 1) process.exit(EXIT.interrupted);
        handler();
      };
      process.on("SIGINT", h);
      process.on("SIGTERM", h);
      return () => {
        process.off("SIGINT", h);
        process.off("SIGTERM", h);
      };
    }
  };
}

// src/cli/main.ts
import { parseArgs } from "node:util";

// src/cli/run-command.ts
import { resolve } from "node:path";

// src/cli/progress.ts
import { performance } from "node:perf_hooks";
var CI_LINE_EVERY_MS = 5e3;
var TTY_REDRAW_EVERY_MS = 100;
function createProgress(out) {
  const tty = out.isTTY === true;
  let label = "";
  let planned = 0;
  let done = 0;
  let failed = 0;
  let cellStart = 0;
  let lastPrint = 0;
  let doneAtLastPrint = 0;
  let rate = 0;
  const line = () => {
    const elapsed = (performance.now() - cellStart) / 1e3;
    return `${label}  ${done}/${planned} requests  ${failed} failed  ${rate.toFixed(1)} req/s  ${elapsed.toFixed(0)} s`;
  };
  return {
    cellStart(index, total, id, requests) {
      label = `cell ${index + 1}/${total} ${id}`;
      planned = requests;
      done = 0;
      failed = 0;
      cellStart = performance.now();
      lastPrint = cellStart;
      doneAtLastPrint = 0;
      rate = 0;
      out.write(tty ? line() : `${label}: started
`);
    },
    requestDone(rec) {
      if (rec.warmup || rec.cancelled) return;
      done++;
      if (rec.failure !== null) failed++;
      const now = performance.now();
      if (now - lastPrint >= (tty ? TTY_REDRAW_EVERY_MS : CI_LINE_EVERY_MS)) {
        const instant = (done - doneAtLastPrint) * 1e3 / (now - lastPrint);
        rate = tty && rate > 0 ? rate + (instant - rate) * Math.min(1, (now - lastPrint) / 2e3) : instant;
        doneAtLastPrint = done;
        lastPrint = now;
        out.write(tty ? `\r\x1B[2K${line()}` : `${line()}
`);
      }
    },
    cellEnd(cell) {
      const m = cell.metrics;
      const summary = `${label}: ${m.counts.completed}/${m.counts.attempted} ok, ${m.rps.toFixed(2)} req/s, ${m.output_tps.toFixed(0)} out tok/s, ttft p50 ${m.ttft_ms?.p50?.toFixed(1) ?? "-"} ms`;
      out.write(tty ? `\r\x1B[2K${summary}
` : `${summary}
`);
    },
    note(message) {
      out.write(`${tty ? "\r\x1B[2K" : ""}note: ${message}
`);
    }
  };
}

// src/cli/run-command.ts
var RUN_USAGE = `usage: llm-perf-gate run [--config FILE] [--url URL] [--model NAME] [--out FILE]

  --config FILE  workload config (default: ./llm-perf.yml, else a built-in one-scenario matrix)
  --url URL      target base URL, overrides target.url (e.g. http://127.0.0.1:8000)
  --model NAME   model id, overrides target.model (default: first id of GET /v1/models)
  --out FILE     result file (default: llm-perf-result.json)

Exit status: 0 the run completed (failed requests are data), 2 bad config or usage,
or the target could not be reached, 130 interrupted (the result holds what was measured).`;
async function runCommand(args, io) {
  const plan = await loadPlan({ configPath: args.config, cwd: io.cwd, url: args.url, model: args.model, env: io.env });
  const outPath = resolve(io.cwd, args.out);
  const ac = new AbortController();
  const stop = io.onInterrupt(() => {
    io.stderr.write("\ninterrupted: finishing the result file with what was measured\n");
    ac.abort();
  });
  try {
    const doc = await runPlan({ plan, outPath, cwd: io.cwd, env: io.env, signal: ac.signal, progress: createProgress(io.stderr) });
    io.stdout.write(`
${resultTable(doc)}

result: ${args.out}
`);
    return doc.status === "interrupted" ? EXIT.interrupted : EXIT.ok;
  } finally {
    stop();
  }
}

// src/cli/main.ts
var USAGE = `llm-perf-gate ${TOOL_VERSION}: load-test an OpenAI-compatible inference server

usage: llm-perf-gate <command> [options]

commands:
  run       run the workload matrix and write a result file

Run 'llm-perf-gate <command> --help' for a command's options.`;
var UsageError = class extends Error {
};
async function main(argv, io) {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "run": {
        const { values } = parseStrict(rest, {
          config: { type: "string" },
          url: { type: "string" },
          model: { type: "string" },
          out: { type: "string" },
          help: { type: "boolean", short: "h" }
        });
        if (values.help) {
          io.stdout.write(`${RUN_USAGE}
`);
          return EXIT.ok;
        }
        return await runCommand(
          {
            config: values.config ?? null,
            url: values.url ?? null,
            model: values.model ?? null,
            out: values.out ?? "llm-perf-result.json"
          },
          io
        );
      }
      case "--version":
      case "-v":
        io.stdout.write(`${TOOL_VERSION}
`);
        return EXIT.ok;
      case void 0:
      case "--help":
      case "-h":
      case "help":
        io.stdout.write(`${USAGE}
`);
        return command === void 0 ? EXIT.usage : EXIT.ok;
      default:
        throw new UsageError(`unknown command '${command}'

${USAGE}`);
    }
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError || err instanceof RunSetupError || err instanceof DatasetError) {
      io.stderr.write(`error: ${err.message}
`);
      return EXIT.usage;
    }
    if (err instanceof TargetError) {
      io.stderr.write(`error: target unusable: ${err.message}
`);
      return EXIT.usage;
    }
    throw err;
  }
}
function parseStrict(args, options) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false });
  } catch (err) {
    throw new UsageError(err.message);
  }
}

// src/cli/index.ts
main(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`llm-perf-gate: internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}
`);
    process.exitCode = 1;
  }
);
