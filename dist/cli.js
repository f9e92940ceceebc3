import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
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
  DEFAULT_CALIBRATION_TRIALS,
  MIN_CALIBRATION_TRIALS,
  TOOL_VERSION
} from "./chunks/chunk-4VUXDGVK.js";
import {
  DEFAULT_HISTORY_BRANCH,
  DEFAULT_REMOTE
} from "./chunks/chunk-XS6I4BEK.js";
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

// src/cli/usage.ts
var HISTORY_OPTIONS = {
  results: { type: "string" },
  branch: { type: "string" },
  repo: { type: "string" },
  remote: { type: "string" },
  ref: { type: "string" },
  metrics: { type: "string" },
  significance: { type: "string" },
  "min-change": { type: "string" },
  permutations: { type: "string" },
  seed: { type: "string" }
};
var HISTORY_USAGE = `where the history is (one of):
  --results DIR        a folder of result files (<commit>.json, or any name with git.commit set)
  --branch NAME        the data branch on the remote (default ${DEFAULT_HISTORY_BRANCH})
  --repo DIR           the repository (default: the current folder); orders results along its history
  --remote NAME        (default ${DEFAULT_REMOTE})
  --ref REF            whose first-parent line gives the order (default HEAD); other results are skipped

what to look at:
  --metrics a,b        metrics besides the gated ones (e.g. rps,ttft_ms.p99)
  --significance P     permutation-test level for a change point (default 0.005)
  --min-change X       smallest relative shift reported, e.g. 0.02 or 2% (default 2%)
  --permutations N     (default 399)
  --seed S             seed of the permutations and intervals (default llm-perf-gate)`;
var RUN_USAGE = `usage: llm-perf-gate run [--config FILE] [--url URL] [--model NAME] [--out FILE]
                        [--baseline FILE] [--markdown FILE] [--json FILE]
                        [--shard I/N [--start-at TIME]]

  --config FILE    workload config (default: ./llm-perf.yml, else a built-in one-scenario matrix)
  --url URL        target base URL, overrides target.url (e.g. http://127.0.0.1:8000)
  --model NAME     model id, overrides target.model (default: first id of GET /v1/models)
  --out FILE       result file (default: llm-perf-result.json)
  --baseline FILE  after the run, compare with this result (as 'compare' does)
  --markdown FILE  write the Markdown report here
  --json FILE      write the verdict here
  --shard I/N      run only shard I (0-based) of N of the plan, e.g. on N machines; combine
                   the N result files with 'llm-perf-gate merge' (README, "Shards and workers")
  --start-at TIME  with --shard: start the first cell at this wall-clock time (ISO 8601,
                   e.g. 2026-12-01T04:00:00Z), so that all shards start together

Without --baseline the SLO checks of the config (gate.slo) alone decide the verdict.

Exit status: 0 the run completed (failed requests are data) and the verdict is pass, warn
or inconclusive; 1 fail (a gated regression or a failed SLO check); 2 bad config or usage,
or the target could not be used; 3 with --baseline: the comparison is invalid; 130
interrupted (the result holds what was measured).`;
var AB_USAGE = `usage: llm-perf-gate ab [--config FILE] [--out-dir DIR] [--budget TEXT] [--markdown FILE] [--json FILE]

Runs the config's matrix on the two targets of its 'ab' section (baseline and
candidate: URLs, optionally with server_command each), every trial of every
cell as a pair in a random order, then compares them with a paired test.
After run.trials pairs it adds pairs while a gated metric is undecided, up to
the budget (run.budget: by default twice run.trials pairs, 30 minutes).

  --config FILE    config with an 'ab' section (default: ./llm-perf.yml)
  --out-dir DIR    where baseline.json, candidate.json and server logs go (default: llm-perf-ab)
  --budget TEXT    in place of run.budget: '12 pairs', '20 min', '12 pairs, 20 min', or 'off'
                   for the fixed design (run.trials pairs)
  --markdown FILE  write the Markdown report here
  --json FILE      write the verdict here

Exit status as for 'compare': 0 pass, warn or inconclusive; 1 fail; 2 usage, config or
target error; 3 invalid comparison; 130 interrupted.`;
var COMPARE_USAGE = `usage: llm-perf-gate compare --baseline A.json [--baseline A2.json ...] --candidate B.json [--config FILE] [--markdown FILE] [--json FILE]

  --baseline FILE   result of the reference run (llm-perf-gate/result@1). Repeat it for the
                    last K runs of the default branch, measured in the candidate's environment:
                    the verdict then weighs their job-to-job noise (3 or more; with fewer,
                    the newest alone, and the report says so; docs/gate.md)
  --candidate FILE  result of the run under test
  --config FILE     take the gate rules from this config (default: the candidate's stored config)
  --markdown FILE   write the Markdown report here
  --json FILE       write the verdict (llm-perf-gate/verdict@1) here

Exit status: 0 pass, warn or inconclusive; 1 fail (a gated regression or a failed SLO check);
2 usage error or an unreadable or invalid result file; 3 the comparison is invalid (the runs did
not do the same work or were not measured properly: the report says why).`;
var CALIBRATE_USAGE = `usage: llm-perf-gate calibrate [--config FILE] [--url URL] [--model NAME] [--trials N]
                              [--out FILE] [--markdown FILE] [--json FILE]

Runs the workload matrix as an A/A experiment against one target (the same build
on both sides), then reports per cell and metric the noise across trials, what the
gate says when the trials are split into two halves, the smallest regression the
configured run.trials can detect, recommended tolerances (as a gate: snippet for
llm-perf.yml) and the trials the current tolerances need. See docs/calibrate.md.

  --config FILE    workload config (default: ./llm-perf.yml, else the built-in matrix)
  --url URL        target base URL, overrides target.url
  --model NAME     model id, overrides target.model
  --trials N       trials per cell for the calibration run (default: the larger of run.trials
                   and ${DEFAULT_CALIBRATION_TRIALS}; at least ${MIN_CALIBRATION_TRIALS}, so the two halves have 2 each)
  --out FILE       result file of the calibration run (default: llm-perf-calibration-result.json)
  --markdown FILE  write the Markdown report here
  --json FILE      write the calibration (llm-perf-gate/calibration@1) here

Exit status: 0 done, 2 bad config or usage, or the target could not be reached,
130 interrupted (the result file and the calibration hold what was measured).`;
var CHANGES_USAGE = `usage: llm-perf-gate changes [options]

Finds change points (E-divisive means with a permutation test) in each cell's
gated metrics over the stored results, oldest to newest commit, and prints
them: metric, cell, the shift with its 95% interval, the first commit after it.

${HISTORY_USAGE}

output:
  --new                only the change points the newest commit revealed
  --json FILE          also write them as JSON`;
var COMPACT_USAGE = `usage: llm-perf-gate compact-history [options]

Rewrites the data branch on the remote as one commit holding its retained
results (and index.json), replaced with git push --force-with-lease: when
another job stores a result meanwhile, compaction starts over from the new tip,
so no result is lost. The old objects leave the remote at its next garbage
collection.

  --branch NAME        the data branch (default ${DEFAULT_HISTORY_BRANCH})
  --repo DIR           a checkout whose remote holds it (default: the current folder)
  --remote NAME        (default ${DEFAULT_REMOTE})
  --retention N        keep the newest N results (default 200, the action's history-retention)`;
var DASHBOARD_USAGE = `usage: llm-perf-gate dashboard [options]

Writes a static site (one index.html, everything inlined, no network access
when viewed; works from file:// and GitHub Pages): a summary table and, per
cell and gated metric, a chart over commits with the trials' range, the
gate threshold around the latest result, the change points, and the
commits whose gate failed or whose regression was accepted (with their pull
requests); filters by cell and metric, a commit or date axis, and a CSV or
JSON download of what is shown. Exits 2,
writing nothing, when every stored result was refused (unreadable, another
schema version).

${HISTORY_USAGE}

output:
  --out DIR            where index.html goes (default llm-perf-dashboard)
  --title TEXT         page title (default: llm-perf-gate history)
  --repo-url URL       https://github.com/OWNER/REPO for commit links (default: from the remote, when on GitHub)`;

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
    run: async (v, io2) => (await import("./chunks/run-command-AJVY2VI7.js")).runCommand(
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
    run: async (v, io2) => (await import("./chunks/ab-command-JWO3ZFO5.js")).abCommand({ config: str(v, "config"), outDir: str(v, "out-dir") ?? "llm-perf-ab", budget: str(v, "budget"), markdown: str(v, "markdown"), json: str(v, "json") }, io2)
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
    run: async (v, io2) => (await import("./chunks/compare-command-AESCW72A.js")).compareCommand(
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
      json: { type: "string" }
    },
    run: async (v, io2) => (await import("./chunks/calibrate-command-ELJXTTZ6.js")).calibrateCommand(
      {
        config: str(v, "config"),
        url: str(v, "url"),
        model: str(v, "model"),
        trials: str(v, "trials"),
        out: str(v, "out") ?? "llm-perf-calibration-result.json",
        markdown: str(v, "markdown"),
        json: str(v, "json")
      },
      io2
    )
  },
  changes: {
    summary: "find change points (steps up or down) in the stored history of each gated metric",
    usage: CHANGES_USAGE,
    options: { ...HISTORY_OPTIONS, new: { type: "boolean" }, json: { type: "string" } },
    run: async (v, io2) => (await import("./chunks/changes-command-UGD3EBKS.js")).changesCommand(v, io2)
  },
  dashboard: {
    summary: "write a static dashboard (charts, change points, summary) of the stored history",
    usage: DASHBOARD_USAGE,
    options: { ...HISTORY_OPTIONS, out: { type: "string" }, title: { type: "string" }, "repo-url": { type: "string" } },
    run: async (v, io2) => (await import("./chunks/dashboard-command-XAU5NW53.js")).dashboardCommand(v, io2)
  },
  "compact-history": {
    summary: "rewrite the data branch into one commit of its retained results (force-push with lease)",
    usage: COMPACT_USAGE,
    options: { branch: { type: "string" }, repo: { type: "string" }, remote: { type: "string" }, retention: { type: "string" } },
    run: async (v, io2) => (await import("./chunks/compact-command-2OXYD3U3.js")).compactCommand(v, io2)
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
    if (name === "merge") return await (await import("./chunks/merge-command-APOGURMO.js")).mergeCommand(rest, io2);
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
