import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  DEFAULT_CALIBRATION_TRIALS,
  DEFAULT_HISTORY_BRANCH,
  DEFAULT_ORDER_COMMITS,
  DEFAULT_REMOTE,
  EXIT,
  Git,
  HistoryError,
  MIN_CALIBRATION_TRIALS,
  RunSetupError,
  TOOL_VERSION,
  buildSeries,
  calibrateRun,
  calibrationTrials,
  codeSpan,
  compactHistory,
  dashboardData,
  describeChange,
  escapeMd,
  findChanges,
  judgeRun,
  judgeStored,
  markdownTable,
  measure,
  measureAbWithServers,
  newChanges,
  readHistory,
  readPlan,
  readResult,
  readResultForGating,
  renderTable,
  repoUrlOf,
  reportVerdict,
  resultTable,
  writeResult,
  writeSite
} from "./chunks/chunk-ZE5AIGGS.js";
import {
  hostLog
} from "./chunks/chunk-J47K4IWU.js";
import {
  HIST_SCALE,
  decodeHistogram,
  minSamplesFor,
  newHistogram,
  parseShard,
  require_dist,
  summarize
} from "./chunks/chunk-JRMOXCVN.js";
import {
  UserError,
  forTerminal
} from "./chunks/chunk-5S4ZFLJY.js";
import {
  __toESM
} from "./chunks/chunk-SK3CJ3HN.js";

// src/cli/host.ts
import { performance } from "node:perf_hooks";
var PREFIX = { out: "", info: "", notice: "note: ", warn: "warning: ", error: "error: " };
var CLEAR_LINE = "\r\x1B[2K";
function cliSink(io2) {
  let statusShown = false;
  const clear = () => {
    if (statusShown) io2.stderr.write(CLEAR_LINE);
    statusShown = false;
  };
  const sink = {
    write(level, text) {
      clear();
      (level === "out" ? io2.stdout : io2.stderr).write(`${PREFIX[level]}${text}
`);
    }
  };
  if (io2.stderr.isTTY === true) {
    sink.status = (text) => {
      io2.stderr.write(`${CLEAR_LINE}${text}`);
      statusShown = true;
    };
  }
  return sink;
}
function cliLog(io2) {
  return hostLog(cliSink(io2));
}
function cliHost(io2, what) {
  const log = cliLog(io2);
  const ac = new AbortController();
  const release = io2.onInterrupt(() => {
    log.warn(`interrupted: finishing ${what} with what was measured`);
    ac.abort();
  });
  const host = {
    log,
    signal: ac.signal,
    clock: { now: () => performance.now() },
    cwd: io2.cwd,
    env: io2.env,
    // The CLI has no step outputs, later steps or job summary: its files are its outputs.
    setOutput: () => void 0,
    saveState: () => void 0,
    summary: async () => void 0
  };
  return { host, release };
}

// src/cli/io.ts
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
import { parseArgs as parseArgs2 } from "node:util";

// src/errors/usage-error.ts
var UsageError = class extends UserError {
  name = "UsageError";
};

// src/cli/ab-command.ts
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
var AB_USAGE = `usage: llm-perf-gate ab [--config FILE] [--out-dir DIR] [--markdown FILE] [--json FILE]

Runs the config's matrix on the two targets of its 'ab' section (baseline and
candidate: URLs, optionally with server_command each), every trial of every
cell as a pair in a random order, then compares them with a paired test.

  --config FILE    config with an 'ab' section (default: ./llm-perf.yml)
  --out-dir DIR    where baseline.json, candidate.json and server logs go (default: llm-perf-ab)
  --markdown FILE  write the Markdown report here
  --json FILE      write the verdict here

Exit status as for 'compare': 0 pass, warn or inconclusive; 1 fail; 2 usage, config or
target error; 3 invalid comparison; 130 interrupted.`;
async function abCommand(args, io2) {
  const { host, release } = cliHost(io2, "both result files");
  try {
    const plan = await readPlan(host, { config: args.config });
    const ab = plan.ab;
    if (ab === null || ab.baseline === null || ab.candidate === null) {
      throw new RunSetupError(`${plan.configPath ?? "the config"} has no 'ab' section naming a baseline and a candidate target: name both (docs/config.md)`);
    }
    const dir = resolve(io2.cwd, args.outDir);
    await mkdir(dir, { recursive: true });
    const sides = { baseline: ab.baseline, candidate: ab.candidate };
    const launch = (side) => {
      const s = sides[side];
      if (s.serverCommand === null) return void 0;
      return { label: `${side} server`, command: s.serverCommand, logPath: join(dir, `${side}-server.log`), readyUrl: null, baseUrl: s.url, model: s.model, readyTimeoutMs: s.readyTimeoutMs, echoLog: false, stateKey: null, withholdEnv: plan.target.apiKeyEnv === null ? [] : [plan.target.apiKeyEnv] };
    };
    const outPaths = { baseline: join(dir, "baseline.json"), candidate: join(dir, "candidate.json") };
    const { baseline, candidate } = await measureAbWithServers(host, plan, { sides, launches: { baseline: launch("baseline"), candidate: launch("candidate") }, outPaths });
    if (candidate.status === "interrupted") return EXIT.interrupted;
    host.log.out(`results: ${outPaths.baseline}, ${outPaths.candidate}
`);
    return await reportVerdict(host, judgeRun(plan, baseline, candidate, ""), args, { baseline, candidate });
  } finally {
    release();
  }
}

// src/cli/calibrate-command.ts
import { writeFile } from "node:fs/promises";
import { resolve as resolve2 } from "node:path";

// src/report/calibration.ts
var num = (x) => {
  if (x === null || !Number.isFinite(x)) return "\u2013";
  const a = Math.abs(x);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : x.toFixed(2);
};
var pct = (x) => x === null ? "\u2013" : `${x.toFixed(1)}%`;
var signed = (x) => x === null ? "\u2013" : `${x > 0 ? "+" : ""}${x.toFixed(1)}%`;
var tol = (x) => x === null ? "\u2013" : `${Math.round(x * 1e3) / 10}%`;
var cv = (m) => m.cv === null ? "\u2013" : `${(m.cv * 100).toFixed(1)}%`;
function aaText(aa) {
  if (aa === null) return "\u2013";
  const iv = aa.interval_pct === null ? "" : ` [${signed(aa.interval_pct[0])} \u2026 ${signed(aa.interval_pct[1])}]`;
  return `${signed(aa.change_pct)}${iv}`;
}
function aaVerdict(aa, md) {
  if (aa === null) return "\u2013";
  if (!aa.red_flag) return aa.verdict;
  const fail = aa.would_fail ? ", would fail" : "";
  return md ? `\u{1F6A9} ${aa.verdict}${fail}` : `${aa.verdict} (!${fail})`;
}
function metricNotes(doc) {
  const lines = [];
  for (const c of doc.cells) {
    for (const m of c.metrics) {
      const why = [...m.notes];
      if (m.aa !== null && m.aa.interval_pct === null && m.aa.reason !== "") why.push(`A/A: ${m.aa.reason}`);
      for (const w of why) lines.push(`${c.id} ${m.metric}: ${w}`);
    }
  }
  return lines;
}
var trialsText = (m, max) => m.cv === null ? "\u2013" : m.reachable ? String(m.trials_needed) : `> ${max}`;
function toleranceText(m) {
  const { current, recommended } = m.tolerance;
  if (recommended === null || recommended === current) return tol(current);
  return `${tol(current)} \u2192 ${tol(recommended)}`;
}
function recommendation(doc) {
  const s = doc.summary;
  const k = doc.settings.trials_current;
  const unreachable = s.unreachable.length === 0 ? null : `Not detectable within ${doc.settings.max_trials} trials at the current tolerance: ${s.unreachable.join(", ")}`;
  if (s.recommended_trials === null) {
    const measured = doc.cells.some((c) => c.metrics.some((m) => m.gated && m.cv !== null));
    const why = measured ? `no gated metric's tolerance is detectable within ${doc.settings.max_trials} trials at the measured noise` : "too few trials per cell to measure the noise";
    return { head: "Recommended trials: none", why, unreachable };
  }
  const verb = s.recommended_trials > k ? `raise run.trials from ${k}` : s.recommended_trials < k ? `run.trials: ${k} is more than needed` : `run.trials: ${k} is right`;
  return {
    head: `Recommended trials: ${s.recommended_trials}`,
    why: `${verb}; the most any gated metric needs for its current tolerance to be detectable at ${Math.round(doc.settings.power * 100)}% power`,
    unreachable
  };
}
function calibrationTable(doc) {
  const k = doc.settings.trials_current;
  const rows = [["cell", "metric", "mean", "cv", "A/A change [interval]", "A/A verdict", `mde@${k}`, "tolerance", "trials for tol"]];
  for (const c of doc.cells) {
    for (const m of c.metrics) {
      rows.push([
        forTerminal(c.id),
        `${m.metric}${m.gated ? " *" : ""}`,
        `${num(m.mean)} ${m.unit}`,
        cv(m),
        aaText(m.aa),
        aaVerdict(m.aa, false),
        pct(m.mde_pct),
        toleranceText(m),
        trialsText(m, doc.settings.max_trials)
      ]);
    }
  }
  const lines = [
    `calibration: ${doc.settings.trials_run} trials per cell, split alternately into two halves; ${Math.round(doc.settings.confidence * 100)}% intervals; mde at run.trials = ${k} per side, unpaired, ${Math.round(doc.settings.power * 100)}% power`,
    "",
    renderTable(rows),
    "* gated; cv: across trials; tolerance: current \u2192 recommended; trials for tol: per side, for the current tolerance",
    ""
  ];
  const rec = recommendation(doc);
  lines.push(`${rec.head} (${rec.why})`);
  if (rec.unreachable !== null) lines.push(forTerminal(rec.unreachable));
  if (doc.summary.red_flags.length > 0) lines.push(`A/A red flags (the two halves of one build differ): ${doc.summary.red_flags.map(forTerminal).join(", ")}`);
  if (doc.summary.would_fail.length > 0) lines.push(`A/A that would have failed a pull request: ${doc.summary.would_fail.map(forTerminal).join(", ")}`);
  for (const n of [...doc.notes, ...metricNotes(doc)]) lines.push(`note: ${forTerminal(n)}`);
  lines.push(doc.gate_yaml === null ? "Tolerances: the current ones fit the measured noise." : `
Recommended gate settings:

${doc.gate_yaml}`);
  return lines.join("\n");
}
function renderCalibrationMarkdown(doc) {
  const k = doc.settings.trials_current;
  const s = doc.summary;
  const parts = [];
  parts.push(`## ${s.red_flags.length > 0 ? "\u{1F6A9}" : "\u{1F4CF}"} llm-perf-gate calibration`);
  parts.push(
    `A/A run of ${escapeMd(doc.result.model ?? "unknown model")}` + (doc.result.commit === null ? "" : ` at ${codeSpan(doc.result.commit.slice(0, 7))}`) + `: ${doc.settings.trials_run} trials per cell, split alternately into two halves and compared as the gate compares a baseline with a candidate (${Math.round(doc.settings.confidence * 100)}% intervals). Detectable changes are for run.trials = ${k} per side, unpaired, at ${Math.round(doc.settings.power * 100)}% power.`
  );
  const rec = recommendation(doc);
  parts.push(`**${rec.head}** (${escapeMd(rec.why)})` + (rec.unreachable === null ? "" : `  
${escapeMd(rec.unreachable)}`));
  if (s.red_flags.length > 0) {
    parts.push(
      `\u{1F6A9} **The A/A split found a change where there is none**: ${s.red_flags.map(escapeMd).join(", ")}` + (s.would_fail.length > 0 ? ` (after Holm's correction this would have failed a pull request: ${s.would_fail.map(escapeMd).join(", ")})` : "") + ". The halves ran the same build: the target drifted or alternated between states during the run, or its noise is larger than the intervals allow for. One flag among many metrics can be chance; the same flag in a second calibration is not."
    );
  }
  const head = ["cell", "metric", "mean", "cv", "A/A change [interval]", "A/A verdict", `mde @ ${k} trials`, "tolerance", "trials for tol"];
  const rows = doc.cells.flatMap(
    (c) => c.metrics.map((m) => [
      escapeMd(c.id),
      m.gated ? `**${m.metric}**` : m.metric,
      `${num(m.mean)} ${m.unit}`,
      cv(m),
      aaText(m.aa),
      aaVerdict(m.aa, true),
      pct(m.mde_pct),
      toleranceText(m),
      trialsText(m, doc.settings.max_trials)
    ])
  );
  parts.push(markdownTable([head, ...rows], { align: ["l", "l", "r", "r", "r", "l", "r", "r", "r"] }));
  parts.push(
    "**Bold**: gated. *cv*: coefficient of variation across trials. *mde*: smallest change the current trials detect with 80% power. *tolerance*: current \u2192 recommended (the larger of the default and 1.5\xD7 the A/A noise at the current trials). *trials for tol*: trials per side for the current tolerance to be detectable. See docs/calibrate.md."
  );
  const notes = [...doc.notes, ...metricNotes(doc)];
  if (notes.length > 0) parts.push(notes.map((n) => `- ${escapeMd(n)}`).join("\n"));
  if (doc.gate_yaml === null) parts.push("The current tolerances fit the measured noise: nothing to change.");
  else parts.push(`### Recommended gate settings

\`\`\`yaml
${doc.gate_yaml.trimEnd()}
\`\`\``);
  return `${parts.join("\n\n")}
`;
}

// src/cli/calibrate-command.ts
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
async function writeCalibrationFiles(cal, markdown, json, cwd) {
  if (markdown !== null) await writeFile(resolve2(cwd, markdown), renderCalibrationMarkdown(cal));
  if (json !== null) await writeFile(resolve2(cwd, json), `${JSON.stringify(cal, null, 1)}
`);
}
async function calibrateCommand(args, io2) {
  const { host, release } = cliHost(io2, "the result file");
  try {
    const plan = await readPlan(host, args);
    const trials = calibrationTrials(args.trials, plan);
    const calPlan = { ...plan, limits: { ...plan.limits, trials } };
    host.log.info(`calibrate: ${trials} trials per cell (run.trials is ${plan.limits.trials})`);
    const doc = await measure(host, calPlan, resolve2(io2.cwd, args.out), { table: false });
    const cal = calibrateRun(doc, plan, args.out);
    host.log.out(`
${calibrationTable(cal)}

result: ${args.out}`);
    await writeCalibrationFiles(cal, args.markdown, args.json, io2.cwd);
    if (args.markdown) host.log.out(`report: ${args.markdown}`);
    if (args.json) host.log.out(`calibration: ${args.json}`);
    return doc.status === "interrupted" ? EXIT.interrupted : EXIT.ok;
  } finally {
    release();
  }
}

// src/cli/changes-command.ts
import { writeFile as writeFile2 } from "node:fs/promises";
import { isAbsolute as isAbsolute2, resolve as resolve4 } from "node:path";

// src/cli/history-options.ts
import { isAbsolute, resolve as resolve3 } from "node:path";
var HistoryUsageError = class extends UsageError {
};
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
var str = (v, k) => typeof v[k] === "string" ? v[k] : null;
function number(v, key, text) {
  const s = text.trim();
  const n = s.endsWith("%") ? Number(s.slice(0, -1)) / 100 : Number(s);
  if (s === "" || !Number.isFinite(n)) throw new HistoryUsageError(`--${key} must be a number, got '${text}'`);
  return n;
}
function historySource(v, cwd) {
  const abs = (p) => isAbsolute(p) ? p : resolve3(cwd, p);
  const repo = abs(str(v, "repo") ?? ".");
  const order = { repoDir: repo, ref: str(v, "ref") ?? "HEAD", maxCommits: DEFAULT_ORDER_COMMITS };
  const results = str(v, "results");
  if (results !== null && str(v, "branch") !== null) throw new HistoryUsageError("give --results or --branch, not both");
  if (results !== null) return { source: { kind: "folder", dir: abs(results) }, order };
  return {
    source: { kind: "branch", history: { repoDir: repo, remote: str(v, "remote") ?? DEFAULT_REMOTE, branch: str(v, "branch") ?? DEFAULT_HISTORY_BRANCH, retention: 1, token: null } },
    order
  };
}
function changeOptions(v) {
  const out = {};
  const sig = str(v, "significance");
  if (sig !== null) out.significance = number(v, "significance", sig);
  const min = str(v, "min-change");
  if (min !== null) out.minRelativeChange = number(v, "min-change", min);
  const perms = str(v, "permutations");
  if (perms !== null) out.permutations = number(v, "permutations", perms);
  const seed = str(v, "seed");
  if (seed !== null) out.seed = seed;
  return out;
}
function extraMetrics(v) {
  return (str(v, "metrics") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
}
function historyFailure(err, io2) {
  if (err instanceof HistoryError || err instanceof RangeError) {
    io2.stderr.write(`error: ${err.message}
`);
    return EXIT.usage;
  }
  throw err;
}
async function readHistoryFor(source, order, io2) {
  const read = await readHistory(source, order);
  if (read.skipped.length > 0) io2.stderr.write(`note: ${read.skipped.length} stored result(s) are not on the first-parent line of ${order.ref} within its newest ${order.maxCommits} commits, and were left out
`);
  for (const why of read.unreadable) io2.stderr.write(`warning: left out ${why}
`);
  return read;
}

// src/cli/changes-command.ts
var CHANGES_USAGE = `usage: llm-perf-gate changes [options]

Finds change points (E-divisive means with a permutation test) in each cell's
gated metrics over the stored results, oldest to newest commit, and prints
them: metric, cell, the shift with its 95% interval, the first commit after it.

${HISTORY_USAGE}

output:
  --new                only the change points the newest commit revealed
  --json FILE          also write them as JSON`;
var CHANGES_COMMAND = {
  summary: "find change points (steps up or down) in the stored history of each gated metric",
  usage: CHANGES_USAGE,
  options: { ...HISTORY_OPTIONS, new: { type: "boolean" }, json: { type: "string" } },
  run: (v, io2) => changesCommand(v, io2)
};
async function changesCommand(v, io2) {
  try {
    const { source, order } = historySource(v, io2.cwd);
    const { results } = await readHistoryFor(source, order, io2);
    const series = buildSeries(results, extraMetrics(v));
    const opts = changeOptions(v);
    const found = v.new === true ? newChanges(series, opts) : findChanges(series, opts);
    io2.stdout.write(`${results.length} commit(s), ${series.length} series: ${found.length === 0 ? "no change points" : `${found.length} change point(s)`}
`);
    for (const c of found) io2.stdout.write(`  ${describeChange(c)}
`);
    const json = typeof v.json === "string" ? v.json : null;
    if (json !== null) {
      const file = isAbsolute2(json) ? json : resolve4(io2.cwd, json);
      await writeFile2(file, `${JSON.stringify({ commits: results.map((r) => r.commit), changes: found }, null, 2)}
`);
    }
    return EXIT.ok;
  } catch (err) {
    return historyFailure(err, io2);
  }
}

// src/cli/compact-command.ts
import { isAbsolute as isAbsolute3, resolve as resolve5 } from "node:path";
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
var COMPACT_COMMAND = {
  summary: "rewrite the data branch into one commit of its retained results (force-push with lease)",
  usage: COMPACT_USAGE,
  options: { branch: { type: "string" }, repo: { type: "string" }, remote: { type: "string" }, retention: { type: "string" } },
  run: (v, io2) => compactCommand(v, io2)
};
var str2 = (v, k) => typeof v[k] === "string" ? v[k] : null;
async function compactCommand(v, io2) {
  try {
    const retentionText = str2(v, "retention") ?? "200";
    const retention = Number(retentionText);
    if (!/^[1-9][0-9]*$/.test(retentionText.trim()) || !Number.isSafeInteger(retention)) throw new HistoryUsageError(`--retention must be a positive integer, got '${retentionText}'`);
    const repo = str2(v, "repo") ?? ".";
    const branch = str2(v, "branch") ?? DEFAULT_HISTORY_BRANCH;
    const c = await compactHistory({ repoDir: isAbsolute3(repo) ? repo : resolve5(io2.cwd, repo), remote: str2(v, "remote") ?? DEFAULT_REMOTE, branch, retention, token: null });
    if (c.after === null) {
      io2.stdout.write(`no branch '${branch}' on the remote: nothing to compact
`);
      return EXIT.ok;
    }
    io2.stdout.write(`${branch}: ${c.commitsBefore} commit(s) -> 1 (${c.after.slice(0, 7)}) holding ${c.kept} result(s)${c.pruned.length ? `; pruned ${c.pruned.length} beyond --retention ${retention}` : ""}
`);
    return EXIT.ok;
  } catch (err) {
    return historyFailure(err, io2);
  }
}

// src/cli/compare-command.ts
import { resolve as resolve6 } from "node:path";
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
async function compareCommand(args, io2) {
  const { host, release } = cliHost(io2, "the comparison");
  try {
    const baselines = await Promise.all(args.baselines.map((b) => readResultForGating(resolve6(io2.cwd, b))));
    const candidate = await readResultForGating(resolve6(io2.cwd, args.candidate));
    const history = baselines.length > 1 ? baselines : [];
    const verdict = await judgeStored(host, { config: args.config, baseline: baselines[0], history, candidate, candidateLabel: args.candidate, whyNoBaseline: "" });
    return await reportVerdict(host, verdict, args, { baseline: baselines[0], candidate });
  } finally {
    release();
  }
}

// src/cli/dashboard-command.ts
import { isAbsolute as isAbsolute4, resolve as resolve7 } from "node:path";
var DASHBOARD_USAGE = `usage: llm-perf-gate dashboard [options]

Writes a static site (one index.html, everything inlined, no network access
when viewed; works from file:// and GitHub Pages): a summary table and, per
cell and gated metric, a chart over commits with the trials' range, the
gate threshold around the latest result and the change points.

${HISTORY_USAGE}

output:
  --out DIR            where index.html goes (default llm-perf-dashboard)
  --title TEXT         page title (default: llm-perf-gate history)
  --repo-url URL       https://github.com/OWNER/REPO for commit links (default: from the remote, when on GitHub)`;
var DASHBOARD_COMMAND = {
  summary: "write a static dashboard (charts, change points, summary) of the stored history",
  usage: DASHBOARD_USAGE,
  options: { ...HISTORY_OPTIONS, out: { type: "string" }, title: { type: "string" }, "repo-url": { type: "string" } },
  run: (v, io2) => dashboardCommand(v, io2)
};
async function remoteRepoUrl(repoDir, remote) {
  const r = await new Git(repoDir, remote, null).run("reading the remote URL", ["remote", "get-url", remote], { ok: [2, 128] }).catch(() => null);
  return r !== null && r.code === 0 ? repoUrlOf(r.stdout) : null;
}
async function dashboardCommand(v, io2) {
  try {
    const { source, order } = historySource(v, io2.cwd);
    const given = typeof v["repo-url"] === "string" ? v["repo-url"] : null;
    if (given !== null && !/^https:\/\/[^\s"'<>]+$/.test(given)) throw new HistoryUsageError(`--repo-url must be an https:// URL, got '${given}'`);
    const { results } = await readHistoryFor(source, order, io2);
    const repoUrl = given?.replace(/\/+$/, "") ?? (order.repoDir === null ? null : await remoteRepoUrl(order.repoDir, typeof v.remote === "string" ? v.remote : "origin"));
    const { data, changes } = dashboardData(results, {
      title: typeof v.title === "string" ? v.title : "llm-perf-gate history",
      repoUrl,
      extraMetrics: extraMetrics(v),
      changes: changeOptions(v),
      generatedAt: (/* @__PURE__ */ new Date()).toISOString()
    });
    const out = typeof v.out === "string" ? v.out : "llm-perf-dashboard";
    const file = await writeSite(isAbsolute4(out) ? out : resolve7(io2.cwd, out), data);
    io2.stdout.write(`${file}: ${results.length} commit(s), ${data.series.length} chart(s), ${changes.length} change point(s)
`);
    return EXIT.ok;
  } catch (err) {
    return historyFailure(err, io2);
  }
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

// src/cli/merge-command.ts
import { resolve as resolve8 } from "node:path";
import { parseArgs } from "node:util";

// src/errors/merge-error.ts
var MergeError = class extends UserError {
  name = "MergeError";
};

// src/metrics/merge.ts
var hdr = __toESM(require_dist(), 1);
var MAX_ERROR_EXAMPLES = 3;
var r3 = (x) => Math.round(x * 1e3) / 1e3;
var r6 = (x) => Math.round(x * 1e6) / 1e6;
var sum = (xs) => xs.reduce((a, b) => a + b, 0);
function mergeDistributions(ds) {
  const parts = ds.filter((d) => d !== null);
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0];
  const h = newHistogram();
  for (const d of parts) {
    const part = decodeHistogram(d.hist);
    h.add(part);
    part.destroy();
  }
  const n = sum(parts.map((d) => d.n));
  const mean = sum(parts.map((d) => d.n * d.mean)) / n;
  const ss = sum(parts.map((d) => (d.n - 1) * d.stddev * d.stddev + d.n * (d.mean - mean) * (d.mean - mean)));
  const pct2 = (p) => n >= minSamplesFor(p) ? r3(h.getValueAtPercentile(p) / HIST_SCALE) : null;
  const out = {
    unit: parts[0].unit,
    n,
    mean: r3(mean),
    stddev: r3(n > 1 ? Math.sqrt(ss / (n - 1)) : 0),
    min: Math.min(...parts.map((d) => d.min)),
    p50: pct2(50),
    p90: pct2(90),
    p95: pct2(95),
    p99: pct2(99),
    max: Math.max(...parts.map((d) => d.max)),
    hist: hdr.encodeIntoCompressedBase64(h)
  };
  h.destroy();
  return out;
}
function mergeErrors(parts) {
  const out = {};
  for (const p of parts) {
    for (const [cls, e] of Object.entries(p.metrics.errors)) {
      const m = out[cls] ??= { count: 0, examples: [] };
      m.count += e.count;
      for (const x of e.examples) if (m.examples.length < MAX_ERROR_EXAMPLES && !m.examples.includes(x)) m.examples.push(x);
    }
  }
  return out;
}
function concatSamples(parts) {
  const out = { ttft_ms: [], queued_ttft_ms: [], e2e_ms: [], tpot_ms: [], n_in: [], n_out: [] };
  for (const p of parts) for (const k of Object.keys(out)) out[k].push(...p.samples[k]);
  return out;
}
function weighted(parts, pick) {
  let total = 0;
  let n = 0;
  for (const p of parts) {
    const v = pick(p.metrics);
    if (v === null) continue;
    total += v * p.metrics.counts.completed;
    n += p.metrics.counts.completed;
  }
  return { total, n };
}
function mergeMetrics(parts, windowS) {
  const samples = concatSamples(parts);
  const c = (k) => sum(parts.map((p) => p.metrics.counts[k]));
  const counts = { attempted: c("attempted"), completed: c("completed"), failed: c("failed"), warmup: c("warmup"), not_sent: c("not_sent"), cancelled: c("cancelled") };
  const perS = (x) => windowS > 0 ? r6(x / windowS) : 0;
  const sumIn = sum(samples.n_in);
  const sumOut = sum(samples.n_out);
  const n = counts.completed;
  const slosSet = parts.some((p) => p.metrics.goodput_ratio !== null);
  const good = sum(parts.map((p) => Math.round((p.metrics.goodput_ratio ?? 0) * p.metrics.counts.attempted)));
  const busyMs = sum(parts.map((p) => p.metrics.concurrency.achieved_mean * p.metrics.window_s * 1e3));
  const offered = parts.map((p) => p.metrics.offered_rps).filter((x) => x !== null);
  const requested = weighted(parts, (m) => m.tokens.output_requested_mean);
  const honoured = weighted(parts, (m) => m.tokens.output_honoured);
  const events = sum(parts.map((p) => p.metrics.tokens.tokens_per_chunk_mean ? sum(p.samples.n_out) / p.metrics.tokens.tokens_per_chunk_mean : 0));
  const d = (pick) => mergeDistributions(parts.map((p) => pick(p.metrics)));
  return {
    counts,
    window_s: r6(windowS),
    rps: perS(n),
    input_tps: perS(sumIn),
    output_tps: perS(sumOut),
    total_tps: perS(sumIn + sumOut),
    error_rate: counts.attempted > 0 ? r6(counts.failed / counts.attempted) : 0,
    goodput_rps: slosSet ? perS(good) : null,
    goodput_ratio: slosSet ? counts.attempted > 0 ? r6(good / counts.attempted) : 0 : null,
    // Exact: these are recomputed from the concatenated per-request samples, as a single run computes them.
    ttft_ms: summarize(samples.ttft_ms, "ms"),
    queued_ttft_ms: summarize(samples.queued_ttft_ms, "ms"),
    e2e_ms: summarize(samples.e2e_ms, "ms"),
    tpot_ms: d((m) => m.tpot_ms),
    itl_ms: d((m) => m.itl_ms),
    queued_e2e_ms: d((m) => m.queued_e2e_ms),
    user_tps: d((m) => m.user_tps),
    schedule_lag_ms: d((m) => m.schedule_lag_ms),
    // Little's law over the common window; the maximum in flight is bounded by the
    // parts' maxima summed (they are not known to have peaked at the same instant).
    concurrency: { achieved_mean: windowS > 0 ? r3(busyMs / (windowS * 1e3)) : 0, achieved_max: sum(parts.map((p) => p.metrics.concurrency.achieved_max)) },
    offered_rps: offered.length > 0 ? r6(sum(offered)) : null,
    tokens: {
      input_mean: n > 0 ? r3(sumIn / n) : null,
      output_mean: n > 0 ? r3(sumOut / n) : null,
      output_requested_mean: requested.n > 0 ? r3(requested.total / requested.n) : null,
      output_honoured: honoured.n > 0 ? r6(honoured.total / honoured.n) : null,
      tokens_per_chunk_mean: events > 0 ? r3(sumOut / events) : null,
      sources: { server: sum(parts.map((p) => p.metrics.tokens.sources.server)), client: sum(parts.map((p) => p.metrics.tokens.sources.client)) },
      // Absent on a part that had none; present on the merge when any part had some.
      ...parts.some((p) => p.metrics.tokens.server_counts_refused !== void 0) ? { server_counts_refused: sum(parts.map((p) => p.metrics.tokens.server_counts_refused ?? 0)) } : {}
    },
    errors: mergeErrors(parts),
    samples
  };
}

// src/result/merge.ts
var SKEW_WARN_MS = 2e3;
var SHOWN_MISSING = 10;
var CELL_RANK = { complete: 0, "duration-limit": 1, interrupted: 2 };
var RUN_RANK = { complete: 0, interrupted: 1, running: 2, failed: 3 };
function sliceSamples(s, from, to) {
  return { ttft_ms: s.ttft_ms.slice(from, to), queued_ttft_ms: s.queued_ttft_ms.slice(from, to), e2e_ms: s.e2e_ms.slice(from, to), tpot_ms: s.tpot_ms.slice(from, to), n_in: s.n_in.slice(from, to), n_out: s.n_out.slice(from, to) };
}
function checkShards(files) {
  if (files.length === 0) throw new MergeError("merge needs the shard result files");
  for (const f of files) {
    if (f.doc.shard === void 0) throw new MergeError(`${f.file} is not a shard result (it has no 'shard' field): run each shard with 'run --shard I/N'`);
    if (f.doc.ab !== null) throw new MergeError(`${f.file} is one side of an A/B run; merge takes shards of 'run --shard'`);
  }
  const first = files[0];
  const differ = (what, get, hint) => {
    const other = files.find((f) => JSON.stringify(get(f.doc)) !== JSON.stringify(get(first.doc)));
    if (other !== void 0) {
      throw new MergeError(`${other.file} and ${first.file} have different ${what} (${JSON.stringify(get(other.doc))} vs ${JSON.stringify(get(first.doc))}): ${hint}`);
    }
  };
  differ("shard counts", (d) => d.shard.count, "every shard must be run with the same N in --shard I/N");
  differ("seeds", (d) => d.config.seed, "the shards split one arrival schedule and workload drawn from one seed");
  differ("plans (config hash)", (d) => d.config_hash, "every shard must run the same config");
  differ("target models", (d) => d.target?.model ?? null, "every shard must load the same model");
  const n = first.doc.shard.count;
  const byIndex = /* @__PURE__ */ new Map();
  for (const f of files) {
    const i = f.doc.shard.index;
    if (i >= n) throw new MergeError(`${f.file} is shard ${i} of ${n}: an index must be below the shard count`);
    const seen = byIndex.get(i);
    if (seen !== void 0) throw new MergeError(`shard ${i}/${n} is given twice: ${seen.file} and ${f.file}`);
    byIndex.set(i, f);
  }
  const missingCount = n - byIndex.size;
  if (missingCount > 0) {
    const shown = [];
    for (let i = 0; shown.length < Math.min(missingCount, SHOWN_MISSING); i++) if (!byIndex.has(i)) shown.push(i);
    const list = shown.join(", ") + (missingCount > shown.length ? ` and ${missingCount - shown.length} more` : "");
    throw new MergeError(`shard${missingCount > 1 ? "s" : ""} ${list} of ${n} missing: merge needs every shard's result (got ${[...byIndex.keys()].sort((a, b) => a - b).join(", ")})`);
  }
  const ordered = [...byIndex.keys()].sort((a, b) => a - b).map((i) => byIndex.get(i));
  for (const cell of first.doc.cells) {
    for (const f of ordered) {
      const c = f.doc.cells.find((x) => x.id === cell.id);
      if (c === void 0) throw new MergeError(`${f.file} has no cell '${cell.id}' (its run is ${f.doc.status}): every shard must have run every cell`);
      if (c.workload_hash !== cell.workload_hash) throw new MergeError(`${f.file} and ${first.file} sent different workloads in cell '${cell.id}' (workload hash ${c.workload_hash} vs ${cell.workload_hash})`);
    }
  }
  for (const f of ordered) {
    const extra = f.doc.cells.find((c) => !first.doc.cells.some((x) => x.id === c.id));
    if (extra !== void 0) throw new MergeError(`${first.file} has no cell '${extra.id}' that ${f.file} has: every shard must have run every cell`);
  }
  return ordered;
}
function mergeClient(parts) {
  return {
    event_loop_delay_p99_ms: Math.max(0, ...parts.map((p) => p.client.event_loop_delay_p99_ms)),
    event_loop_delay_max_ms: Math.max(0, ...parts.map((p) => p.client.event_loop_delay_max_ms)),
    saturated: parts.some((p) => p.client.saturated),
    reasons: parts.flatMap((p) => p.client.reasons.map((r) => `shard ${p.index}: ${r}`))
  };
}
function mergeCell(cells) {
  const first = cells[0].cell;
  const trialCount = Math.min(...cells.map((c) => c.cell.trials.length));
  const trials = [];
  const pooled = [];
  let offset = 0;
  let pooledWindow = 0;
  for (let t = 0; t < trialCount; t++) {
    const parts = cells.map(({ index, cell }) => {
      const tr = cell.trials[t];
      return { index, tr, part: { metrics: tr.metrics, samples: sliceSamples(cell.metrics.samples, tr.samples.from, tr.samples.to) } };
    });
    const window = Math.max(...parts.map((p) => p.tr.metrics.window_s));
    const { samples, ...metrics } = mergeMetrics(parts.map((p) => p.part), window);
    const n = samples.e2e_ms.length;
    trials.push({
      index: t,
      pair: first.trials[t].pair,
      status: parts.reduce((w, p) => CELL_RANK[p.tr.status] > CELL_RANK[w] ? p.tr.status : w, "complete"),
      started_at: parts.map((p) => p.tr.started_at).sort()[0],
      duration_s: Math.max(...parts.map((p) => p.tr.duration_s)),
      metrics,
      client: mergeClient(parts.map((p) => ({ index: p.index, client: p.tr.client }))),
      samples: { from: offset, to: offset + n }
    });
    offset += n;
    pooledWindow += window;
    pooled.push(...parts.map((p) => p.part));
  }
  return {
    id: first.id,
    scenario: first.scenario,
    load: first.load,
    status: trials.reduce((w, t) => CELL_RANK[t.status] > CELL_RANK[w] ? t.status : w, "complete"),
    workload_hash: first.workload_hash,
    started_at: cells.map((c) => c.cell.started_at).sort()[0],
    duration_s: Math.max(...cells.map((c) => c.cell.duration_s)),
    metrics: mergeMetrics(pooled, pooledWindow),
    client: mergeClient(cells.map((c) => ({ index: c.index, client: c.cell.client }))),
    trials,
    shards: cells.map(({ index, cell }) => ({ index, counts: cell.metrics.counts, errors: cell.metrics.errors, client: cell.client }))
  };
}
function mergeShards(files) {
  const shards = checkShards(files);
  const first = shards[0].doc;
  const warnings = [];
  const offsets = shards.map((s) => s.doc.shard.clock_offset_ms).filter((x) => x !== null);
  if (offsets.length > 1 && Math.max(...offsets) - Math.min(...offsets) > SKEW_WARN_MS) {
    warnings.push(
      `the shards' clocks differ by about ${Math.round(Math.max(...offsets) - Math.min(...offsets))} ms (server Date header, 1 s resolution): --start-at did not start them together, and the merged rates spread over a longer real window than the one used`
    );
  }
  for (const s of shards) {
    if (s.doc.status === "running") warnings.push(`${s.file} (shard ${s.doc.shard.index}) is still running or was killed: the merged result says 'running' and compare will refuse it`);
  }
  const cells = first.cells.map((c) => mergeCell(shards.map((s) => ({ index: s.doc.shard.index, cell: s.doc.cells.find((x) => x.id === c.id) }))));
  const worst = shards.reduce((w, s) => RUN_RANK[s.doc.status] > RUN_RANK[w] ? s.doc.status : w, "complete");
  const finished = shards.map((s) => s.doc.finished_at);
  const { shard: _shard, ...rest } = first;
  const doc = {
    ...rest,
    status: worst,
    error: shards.map((s) => s.doc.error === null ? null : `shard ${s.doc.shard.index}: ${s.doc.error}`).filter((e) => e !== null).join("; ") || null,
    started_at: shards.map((s) => s.doc.started_at).sort()[0],
    finished_at: finished.includes(null) ? null : finished.sort().at(-1),
    target: first.target === null ? null : { ...first.target, system_fingerprint: shards.map((s) => s.doc.target?.system_fingerprint ?? null).find((x) => x !== null) ?? null },
    cells,
    merged: {
      count: shards.length,
      shards: shards.map((s) => ({ index: s.doc.shard.index, started_at: s.doc.started_at, finished_at: s.doc.finished_at, status: s.doc.status, clock_offset_ms: s.doc.shard.clock_offset_ms, machine: s.doc.machine }))
    }
  };
  return { doc, warnings };
}

// src/cli/merge-command.ts
var MERGE_SUMMARY = "combine the shard results of 'run --shard I/N' into one result file";
var MERGE_USAGE = `usage: llm-perf-gate merge SHARD.json... --out FILE

  SHARD.json  the result file of every shard, 0 to N-1 (any order)
  --out FILE  the merged result (default: llm-perf-result.json)

Histograms are merged, counts and tokens added, rates taken over the shards'
common window, per-request samples concatenated; each cell keeps every shard's
errors and client self-check. Refuses shards of different plans, seeds or
shard counts, a shard given twice and a missing shard. Compare or gate the
merged file as any result ('compare --candidate FILE').`;
async function mergeCommand(argv, io2) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { out: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true, allowPositionals: true });
  } catch (err) {
    throw new UsageError(`${err.message}

${MERGE_USAGE}`);
  }
  const log = cliLog(io2);
  if (parsed.values.help === true) {
    log.out(MERGE_USAGE);
    return EXIT.ok;
  }
  if (parsed.positionals.length === 0) throw new UsageError(`no shard result files given

${MERGE_USAGE}`);
  const out = parsed.values.out ?? "llm-perf-result.json";
  const files = await Promise.all(parsed.positionals.map(async (file) => ({ file, doc: await readResult(resolve8(io2.cwd, file)) })));
  const { doc, warnings } = mergeShards(files);
  for (const w of warnings) log.warn(w);
  await writeResult(resolve8(io2.cwd, out), doc);
  log.out(`${resultTable(doc)}
`);
  log.out(`merged ${files.length} shards (status ${doc.status}): ${out}`);
  return EXIT.ok;
}

// src/cli/run-command.ts
import { resolve as resolve9 } from "node:path";
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
function shardArgs(shard, startAt) {
  if (shard === null) {
    if (startAt !== null) throw new UsageError("--start-at needs --shard");
    return null;
  }
  const spec = parseShard(shard);
  if (spec === null) throw new UsageError(`--shard wants I/N with 0 <= I < N (e.g. 0/4), got '${shard}'`);
  let at = null;
  if (startAt !== null) {
    at = new Date(startAt);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(startAt) || Number.isNaN(at.getTime())) throw new UsageError(`--start-at wants an ISO 8601 time such as 2026-12-01T04:00:00Z, got '${startAt}'`);
  }
  return { spec, startAt: at };
}
async function runCommand(args, io2) {
  const { host, release } = cliHost(io2, "the result file");
  try {
    const shard = shardArgs(args.shard, args.startAt);
    if (shard !== null && (args.baseline !== null || args.markdown !== null || args.json !== null)) {
      throw new UsageError("--shard measures a part of the load: merge the shards ('llm-perf-gate merge'), then compare the merged result");
    }
    const plan = await readPlan(host, args);
    const baseline = args.baseline === null ? null : await readResultForGating(resolve9(io2.cwd, args.baseline));
    const doc = await measure(host, plan, resolve9(io2.cwd, args.out), { table: true, shard: shard ?? void 0 });
    host.log.out(`result: ${args.out}`);
    if (doc.status === "interrupted") return EXIT.interrupted;
    if (shard !== null) return EXIT.ok;
    const verdict = judgeRun(plan, baseline, doc, "no --baseline given: only the SLO checks apply");
    if (baseline === null && verdict.slo.length === 0 && args.markdown === null && args.json === null) return EXIT.ok;
    host.log.out("");
    return await reportVerdict(host, verdict, args, { baseline, candidate: doc });
  } finally {
    release();
  }
}

// src/cli/main.ts
var str3 = (v, key) => typeof v[key] === "string" ? v[key] : null;
function requiredList(v, key, usage2) {
  const s = v[key];
  const list = Array.isArray(s) ? s : typeof s === "string" ? [s] : [];
  if (list.length === 0) throw new UsageError(`--${key} is required

${usage2}`);
  return list;
}
function required(v, key, usage2) {
  const s = str3(v, key);
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
    run: (v, io2) => runCommand(
      {
        config: str3(v, "config"),
        url: str3(v, "url"),
        model: str3(v, "model"),
        out: str3(v, "out") ?? "llm-perf-result.json",
        baseline: str3(v, "baseline"),
        markdown: str3(v, "markdown"),
        json: str3(v, "json"),
        shard: str3(v, "shard"),
        startAt: str3(v, "start-at")
      },
      io2
    )
  },
  ab: {
    summary: "interleaved A/B: run the matrix on two targets in pairs and compare them with a paired test",
    usage: AB_USAGE,
    options: { config: { type: "string" }, "out-dir": { type: "string" }, markdown: { type: "string" }, json: { type: "string" } },
    run: (v, io2) => abCommand({ config: str3(v, "config"), outDir: str3(v, "out-dir") ?? "llm-perf-ab", markdown: str3(v, "markdown"), json: str3(v, "json") }, io2)
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
    run: (v, io2) => compareCommand(
      {
        baselines: requiredList(v, "baseline", COMPARE_USAGE),
        candidate: required(v, "candidate", COMPARE_USAGE),
        config: str3(v, "config"),
        markdown: str3(v, "markdown"),
        json: str3(v, "json")
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
    run: (v, io2) => calibrateCommand(
      {
        config: str3(v, "config"),
        url: str3(v, "url"),
        model: str3(v, "model"),
        trials: str3(v, "trials"),
        out: str3(v, "out") ?? "llm-perf-calibration-result.json",
        markdown: str3(v, "markdown"),
        json: str3(v, "json")
      },
      io2
    )
  },
  changes: CHANGES_COMMAND,
  dashboard: DASHBOARD_COMMAND,
  "compact-history": COMPACT_COMMAND
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
    if (name === "merge") return await mergeCommand(rest, io2);
    const command = COMMANDS[name];
    if (command === void 0) throw new UsageError(`unknown command '${name}'

${usage()}`);
    const values = parseStrict(rest, { ...command.options, help: { type: "boolean", short: "h" } });
    if (values.help) {
      cliLog(io2).out(command.usage);
      return EXIT.ok;
    }
    return await command.run(values, io2);
  } catch (err) {
    if (err instanceof UserError) {
      cliLog(io2).error(err.headline());
      return err.exitStatus;
    }
    throw err;
  }
}
function parseStrict(args, options) {
  try {
    return parseArgs2({ args, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError(err.message);
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
