import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  AB_USAGE,
  CALIBRATE_USAGE,
  CHANGES_USAGE,
  COMPACT_USAGE,
  COMPARE_USAGE,
  DASHBOARD_USAGE,
  HISTORY_OPTIONS,
  RUN_USAGE
} from "./chunks/chunk-6F6Z3UP6.js";
import {
  parseCommandArgs
} from "./chunks/chunk-WG46QQEZ.js";
import {
  cliLog
} from "./chunks/chunk-GPFQKZR3.js";
import {
  UsageError
} from "./chunks/chunk-F7EZCM6P.js";
import {
  TOOL_VERSION
} from "./chunks/chunk-4VUXDGVK.js";
import "./chunks/chunk-XS6I4BEK.js";
import {
  OutputWriteError
} from "./chunks/chunk-BHKQ45ST.js";
import {
  EXIT
} from "./chunks/chunk-ZSLGKFHA.js";
import "./chunks/chunk-FQOMYLCJ.js";
import "./chunks/chunk-HN4QBAMF.js";
import "./chunks/chunk-BF4Y2SSP.js";
import {
  UserError
} from "./chunks/chunk-26N6UM4G.js";
import "./chunks/chunk-SK3CJ3HN.js";

// src/cli/io.ts
function processIo() {
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: quietWhenClosed(process.stdout),
    stderr: quietWhenClosed(process.stderr),
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
function quietWhenClosed(stream) {
  let closed = false;
  stream.on("error", (err) => {
    if (err.code === "EPIPE" || err.code === "ERR_STREAM_DESTROYED") {
      closed = true;
      return;
    }
    throw err;
  });
  return {
    write: (s) => closed || stream.destroyed ? true : stream.write(s),
    get isTTY() {
      return stream.isTTY;
    },
    get columns() {
      return stream.columns;
    }
  };
}

// src/cli/embedded.ts
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
var ENGINE_COMMANDS = {
  "serve-embedded": { summary: "serve a tiny model on llama.cpp (CPU) as an OpenAI-compatible target, for quick starts and tests" },
  "make-model": { summary: "make the tiny random-weight model (once per machine) and print its path" }
};
async function runEngineCommand(command, argv, io2) {
  const candidates = ["./engine.js", "../../dist/engine.js"].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const path = candidates.find((p) => existsSync(p));
  if (!path) {
    cliLog(io2).error(`the engine bundle is missing (looked for ${candidates.join(", ")}); run 'npm run build'`);
    return 1;
  }
  const engine = await import(pathToFileURL(path).href);
  return engine.runEngineCommand(command, argv, io2);
}

// src/cli/main.ts
var MERGE_SUMMARY = "combine the shard results of 'run --shard I/N' into one result file";
var str = (v, key) => typeof v[key] === "string" ? v[key] : null;
function requiredList(v, key, usage2) {
  const s = v[key];
  const list = Array.isArray(s) ? s : typeof s === "string" ? [s] : [];
  if (list.length === 0) throw new UsageError(`--${key} is required

${usage2}`);
  return list;
}
function required(v, key, usage2) {
  const s = str(v, key);
  if (s === null) throw new UsageError(`--${key} is required

${usage2}`);
  return s;
}
var COMMANDS = {
  run: {
    summary: "run the workload matrix and write a result file (with --baseline: then compare)",
    usage: RUN_USAGE,
    options: {
      config: { type: "string" },
      url: { type: "string" },
      model: { type: "string" },
      out: { type: "string" },
      baseline: { type: "string" },
      markdown: { type: "string" },
      json: { type: "string" },
      shard: { type: "string" },
      "start-at": { type: "string" }
    },
    run: async (v, io2) => (await import("./chunks/run-command-JDZOUMVH.js")).runCommand(
      {
        config: str(v, "config"),
        url: str(v, "url"),
        model: str(v, "model"),
        out: str(v, "out") ?? "llm-perf-result.json",
        baseline: str(v, "baseline"),
        markdown: str(v, "markdown"),
        json: str(v, "json"),
        shard: str(v, "shard"),
        startAt: str(v, "start-at")
      },
      io2
    )
  },
  ab: {
    summary: "interleaved A/B: run the matrix on two targets in pairs and compare them with a paired test",
    usage: AB_USAGE,
    options: { config: { type: "string" }, "out-dir": { type: "string" }, budget: { type: "string" }, markdown: { type: "string" }, json: { type: "string" } },
    run: async (v, io2) => (await import("./chunks/ab-command-BAHMIIXN.js")).abCommand(
      { config: str(v, "config"), outDir: str(v, "out-dir") ?? "llm-perf-ab", budget: str(v, "budget"), markdown: str(v, "markdown"), json: str(v, "json") },
      io2
    )
  },
  compare: {
    summary: "compare a candidate result with a baseline result and decide pass, warn, fail, inconclusive or invalid",
    usage: COMPARE_USAGE,
    options: {
      baseline: { type: "string", multiple: true },
      candidate: { type: "string" },
      config: { type: "string" },
      markdown: { type: "string" },
      json: { type: "string" }
    },
    run: async (v, io2) => (await import("./chunks/compare-command-TKDXPRPJ.js")).compareCommand(
      {
        baselines: requiredList(v, "baseline", COMPARE_USAGE),
        candidate: required(v, "candidate", COMPARE_USAGE),
        config: str(v, "config"),
        markdown: str(v, "markdown"),
        json: str(v, "json")
      },
      io2
    )
  },
  calibrate: {
    summary: "run the matrix as an A/A experiment: measure the noise, recommend tolerances and trial counts",
    usage: CALIBRATE_USAGE,
    options: {
      config: { type: "string" },
      url: { type: "string" },
      model: { type: "string" },
      trials: { type: "string" },
      out: { type: "string" },
      markdown: { type: "string" },
      json: { type: "string" },
      baseline: { type: "string" },
      candidate: { type: "string" }
    },
    run: async (v, io2) => (await import("./chunks/calibrate-command-MA5HM356.js")).calibrateCommand(
      {
        config: str(v, "config"),
        url: str(v, "url"),
        model: str(v, "model"),
        trials: str(v, "trials"),
        out: str(v, "out") ?? "llm-perf-calibration-result.json",
        markdown: str(v, "markdown"),
        json: str(v, "json"),
        baseline: str(v, "baseline"),
        candidate: str(v, "candidate")
      },
      io2
    )
  },
  changes: {
    summary: "find change points (steps up or down) in the stored history of each gated metric",
    usage: CHANGES_USAGE,
    options: { ...HISTORY_OPTIONS, new: { type: "boolean" }, json: { type: "string" } },
    run: async (v, io2) => (await import("./chunks/changes-command-JZKDQHFX.js")).changesCommand(v, io2)
  },
  dashboard: {
    summary: "write a static dashboard (charts, change points, summary) of the stored history",
    usage: DASHBOARD_USAGE,
    options: { ...HISTORY_OPTIONS, out: { type: "string" }, title: { type: "string" }, "repo-url": { type: "string" } },
    run: async (v, io2) => (await import("./chunks/dashboard-command-ICOJMMQL.js")).dashboardCommand(v, io2)
  },
  "compact-history": {
    summary: "rewrite the data branch into one commit of its retained results (force-push with lease)",
    usage: COMPACT_USAGE,
    options: { branch: { type: "string" }, repo: { type: "string" }, remote: { type: "string" }, retention: { type: "string" } },
    run: async (v, io2) => (await import("./chunks/compact-command-2OS2JASZ.js")).compactCommand(v, io2)
  }
};
function usage() {
  const all = [...Object.entries(COMMANDS), ["merge", { summary: MERGE_SUMMARY }], ...Object.entries(ENGINE_COMMANDS)];
  const width = Math.max(...all.map(([k]) => k.length));
  const list = all.map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`).join("\n");
  return `llm-perf-gate ${TOOL_VERSION}: load-test an OpenAI-compatible inference server and gate on regressions

usage: llm-perf-gate <command> [options]

commands:
${list}

Run 'llm-perf-gate <command> --help' for a command's options.`;
}
async function main(argv, io2) {
  const [name, ...rest] = argv;
  try {
    if (name === "--version" || name === "-v") {
      cliLog(io2).out(TOOL_VERSION);
      return EXIT.ok;
    }
    if (name === void 0 || name === "--help" || name === "-h" || name === "help") {
      cliLog(io2).out(usage());
      return name === void 0 ? EXIT.usage : EXIT.ok;
    }
    if (Object.hasOwn(ENGINE_COMMANDS, name)) return await runEngineCommand(name, rest, io2);
    if (name === "merge") return await (await import("./chunks/merge-command-OQLIYNKS.js")).mergeCommand(rest, io2);
    const command = COMMANDS[name];
    if (command === void 0) throw new UsageError(`unknown command '${name}'

${usage()}`);
    const values = parseCommandArgs(rest, name, { ...command.options, help: { type: "boolean", short: "h" } }, command.usage).values;
    if (values.help) {
      cliLog(io2).out(command.usage);
      return EXIT.ok;
    }
    return await command.run(values, io2);
  } catch (err) {
    if (err instanceof UserError) {
      if (err instanceof OutputWriteError && err.unsaved !== null) {
        io2.stdout.write(err.unsaved);
        cliLog(io2).error(`${err.headline()}: the result is printed on stdout`);
        return err.exitStatus;
      }
      cliLog(io2).error(err.headline());
      return err.exitStatus;
    }
    throw err;
  }
}

// src/cli/index.ts
var io = processIo();
main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    cliLog(io).error(`internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    process.exitCode = 70;
  }
);
