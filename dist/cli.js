import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  CATALOGUE,
  DEFAULT_CALIBRATION_TRIALS,
  DEFAULT_HISTORY_BRANCH,
  DEFAULT_REMOTE,
  EXIT,
  Git,
  HistoryError,
  MIN_CALIBRATION_TRIALS,
  ResultFileError,
  RunSetupError,
  TOOL_VERSION,
  calibrateRun,
  calibrationTrials,
  createRng,
  escapeMd,
  gatePlanFromStored,
  gatePlanOf,
  isCommitId,
  judgeRun,
  judgeStored,
  markdownTable,
  measure,
  measureAb,
  metricDef,
  normaliseGate,
  openBranch,
  parseResult,
  pooledValue,
  readPlan,
  readResultForGating,
  renderTable,
  reportVerdict,
  resultFile,
  rulesFor,
  trialStats,
  trialValues,
  withServers
} from "./chunks/chunk-3FT2G3JX.js";
import {
  UserError,
  forTerminal,
  hostLog
} from "./chunks/chunk-HZV4PVTR.js";
import "./chunks/chunk-SK3CJ3HN.js";

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
import { parseArgs } from "node:util";

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
    if (ab === null) throw new RunSetupError(`${plan.configPath ?? "the config"} has no 'ab' section: name a baseline and a candidate target (docs/config.md)`);
    const dir = resolve(io2.cwd, args.outDir);
    await mkdir(dir, { recursive: true });
    const launches = ["baseline", "candidate"].flatMap((side) => {
      const s = ab[side];
      if (s.serverCommand === null) return [];
      return [{ label: `${side} server`, command: s.serverCommand, logPath: join(dir, `${side}-server.log`), readyUrl: null, baseUrl: s.url, model: s.model, readyTimeoutMs: s.readyTimeoutMs, echoLog: false, stateKey: null }];
    });
    const outPaths = { baseline: join(dir, "baseline.json"), candidate: join(dir, "candidate.json") };
    const { baseline, candidate } = await withServers(host, launches, () => measureAb(host, plan, outPaths));
    if (candidate.status === "interrupted") return EXIT.interrupted;
    host.log.out(`results: ${outPaths.baseline}, ${outPaths.candidate}
`);
    return await reportVerdict(host, judgeRun(plan, baseline, candidate, ""), args);
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
  if (s.recommended_trials === null) return { head: "Recommended trials: none", why: "too few trials per cell to measure the noise", unreachable };
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
    `A/A run of ${escapeMd(doc.result.model ?? "unknown model")}` + (doc.result.commit === null ? "" : ` at \`${escapeMd(doc.result.commit.slice(0, 7))}\``) + `: ${doc.settings.trials_run} trials per cell, split alternately into two halves and compared as the gate compares a baseline with a candidate (${Math.round(doc.settings.confidence * 100)}% intervals). Detectable changes are for run.trials = ${k} per side, unpaired, at ${Math.round(doc.settings.power * 100)}% power.`
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

// src/changes/edivisive.ts
function bestSplit(z, from, to, minSegment) {
  const len = to - from;
  const min = Math.max(2, minSegment);
  if (len < 2 * min) return null;
  const left = new Float64Array(len);
  const right = new Float64Array(len);
  let total = 0;
  for (let i = 0; i < len; i++) {
    const zi = z[from + i];
    for (let j = i + 1; j < len; j++) {
      const d = Math.abs(zi - z[from + j]);
      right[i] += d;
      left[j] += d;
      total += d;
    }
  }
  let withinLeft = 0;
  let withinRight = total;
  let best = null;
  for (let k = 1; k < len; k++) {
    withinLeft += left[k - 1];
    withinRight -= right[k - 1];
    if (k < min || len - k < min) continue;
    const m = k;
    const n = len - k;
    const between = total - withinLeft - withinRight;
    const e = 2 * between / (m * n) - withinLeft / (m * (m - 1) / 2) - withinRight / (n * (n - 1) / 2);
    const q = m * n / (m + n) * e;
    if (best === null || q > best.q) best = { index: from + k, q };
  }
  return best;
}
function shuffleInPlace(a, rng) {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
function permutationP(segment, observed, opts, rng) {
  const work = Float64Array.from(segment);
  const limit = opts.significance * (opts.permutations + 1);
  let atLeast = 1;
  for (let r = 1; r <= opts.permutations; r++) {
    shuffleInPlace(work, rng);
    const b = bestSplit(work, 0, work.length, opts.minSegment);
    if (b !== null && b.q >= observed) atLeast++;
    if (atLeast > limit) return atLeast / (r + 1);
  }
  return atLeast / (opts.permutations + 1);
}
function checkOptions(opts) {
  if (!(opts.significance > 0 && opts.significance < 1)) throw new RangeError(`change points: significance must be in (0, 1), got ${opts.significance}`);
  if (!Number.isInteger(opts.permutations) || opts.permutations < 1 || opts.permutations > 1e5) {
    throw new RangeError(`change points: permutations must be an integer in 1..100000, got ${opts.permutations}`);
  }
  if (1 / (opts.permutations + 1) > opts.significance) {
    throw new RangeError(`change points: ${opts.permutations} permutations cannot reach p <= ${opts.significance}; use at least ${Math.ceil(1 / opts.significance)}`);
  }
  if (!Number.isInteger(opts.minSegment) || opts.minSegment < 2) throw new RangeError(`change points: minSegment must be an integer >= 2, got ${opts.minSegment}`);
}
function eDivisive(values, opts) {
  checkOptions(opts);
  for (const [i, v] of values.entries()) if (!Number.isFinite(v)) throw new RangeError(`change points: value ${i} is not a finite number (${v})`);
  const z = Float64Array.from(values);
  const rng = createRng(`edivisive:${opts.seed}`);
  const found = [];
  let bounds = [0, z.length];
  const maxSplits = Math.floor(z.length / opts.minSegment);
  const cache = /* @__PURE__ */ new Map();
  for (let round = 0; round < maxSplits; round++) {
    let pick = null;
    for (let s = 0; s + 1 < bounds.length; s++) {
      const from = bounds[s];
      const to = bounds[s + 1];
      const key = `${from}:${to}`;
      if (!cache.has(key)) cache.set(key, bestSplit(z, from, to, opts.minSegment));
      const best = cache.get(key);
      if (best !== null && (pick === null || best.q > pick.best.q)) pick = { best, from, to };
    }
    if (pick === null) break;
    const p = permutationP(z.slice(pick.from, pick.to), pick.best.q, opts, rng);
    if (p > opts.significance) break;
    found.push({ index: pick.best.index, pValue: p, q: pick.best.q });
    bounds = [...bounds, pick.best.index].sort((a, b) => a - b);
  }
  return found.sort((a, b) => a.index - b.index);
}

// src/changes/detect.ts
var DEFAULT_CHANGE_OPTIONS = Object.freeze({
  significance: 5e-3,
  permutations: 399,
  minSegment: 3,
  seed: "llm-perf-gate",
  minRelativeChange: 0.02,
  resamples: 2e3,
  confidence: 0.95
});
var mean = (a, from = 0, to = a.length) => {
  let s = 0;
  for (let i = from; i < to; i++) s += a[i];
  return s / (to - from);
};
function relativeAt(values, cuts, k) {
  const from = k === 0 ? 0 : cuts[k - 1];
  const to = k + 1 < cuts.length ? cuts[k + 1] : values.length;
  const before = mean(values, from, cuts[k]);
  return before === 0 ? 0 : mean(values, cuts[k], to) / before - 1;
}
function resampledMean(values, from, to, rng) {
  const n = to - from;
  let s = 0;
  for (let i = 0; i < n; i++) s += values[from + rng.int(n)];
  return s / n;
}
function quantileSorted(a, q) {
  const pos = (a.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, a.length - 1);
  return a[lo] + (a[hi] - a[lo]) * (pos - lo);
}
function detectShifts(points, options = {}) {
  const opts = { ...DEFAULT_CHANGE_OPTIONS, ...options };
  if (!(opts.minRelativeChange >= 0) || !Number.isFinite(opts.minRelativeChange)) throw new RangeError(`change points: minRelativeChange must be a number >= 0, got ${opts.minRelativeChange}`);
  if (!(opts.confidence > 0 && opts.confidence < 1)) throw new RangeError(`change points: confidence must be in (0, 1), got ${opts.confidence}`);
  if (!Number.isInteger(opts.resamples) || opts.resamples < 100) throw new RangeError(`change points: resamples must be an integer >= 100, got ${opts.resamples}`);
  const values = points.map((p) => p.value);
  const splits = eDivisive(values, opts);
  const pOf = new Map(splits.map((s) => [s.index, s.pValue]));
  const cuts = splits.map((s) => s.index);
  for (; ; ) {
    let weakest = -1;
    let weakestSize = Infinity;
    for (let k = 0; k < cuts.length; k++) {
      const size = Math.abs(relativeAt(values, cuts, k));
      if (size < opts.minRelativeChange && size < weakestSize) {
        weakest = k;
        weakestSize = size;
      }
    }
    if (weakest < 0) break;
    cuts.splice(weakest, 1);
  }
  const rng = createRng(`shift-interval:${opts.seed}`);
  const tail = (1 - opts.confidence) / 2;
  return cuts.map((cut, k) => {
    const from = k === 0 ? 0 : cuts[k - 1];
    const to = k + 1 < cuts.length ? cuts[k + 1] : values.length;
    const before = mean(values, from, cut);
    const after = mean(values, cut, to);
    const draws = new Float64Array(opts.resamples);
    for (let r = 0; r < opts.resamples; r++) draws[r] = resampledMean(values, cut, to, rng) / resampledMean(values, from, cut, rng) - 1;
    draws.sort();
    return {
      index: cut,
      commit: points[cut].commit,
      previousCommit: points[cut - 1].commit,
      pValue: pOf.get(cut),
      before,
      after,
      relative: after / before - 1,
      interval: [quantileSorted(draws, tail), quantileSorted(draws, 1 - tail)],
      sizes: [cut - from, to - cut]
    };
  });
}

// src/changes/series.ts
function currentGatePlan(history) {
  const newest = history.at(-1);
  const config = newest?.doc.config;
  if (newest !== void 0 && Array.isArray(config?.scenarios) && Array.isArray(config?.loads)) {
    try {
      return gatePlanFromStored(config, `${newest.commit.slice(0, 12)} (stored config)`);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
    }
  }
  return gatePlanOf(normaliseGate(void 0));
}
function trialFigures(cell, def) {
  return (def.dist === null ? trialValues(cell, def) : trialStats(cell, def)).filter(Number.isFinite);
}
function buildSeries(history, extra = []) {
  for (const id of extra) if (metricDef(id) === void 0) throw new RangeError(`unknown metric '${id}'; known: ${CATALOGUE.map((d) => d.id).join(", ")}`);
  const gate = currentGatePlan(history);
  const out = /* @__PURE__ */ new Map();
  for (const h of history) {
    for (const cell of h.doc.cells) {
      for (const rule of rulesFor(gate, cell.scenario.name, cell.load.kind)) {
        const def = rule.def;
        if (!rule.gated && !extra.includes(def.id)) continue;
        const value = pooledValue(cell, def);
        const key = `${cell.id}\0${def.id}`;
        let s = out.get(key);
        if (s === void 0) {
          s = { cell: cell.id, metric: def.id, unit: def.unit, direction: def.direction, gated: rule.gated, tolerance: rule.tolerance, points: [] };
          out.set(key, s);
        }
        if (value === null || !Number.isFinite(value)) continue;
        const trials = trialFigures(cell, def);
        s.points.push({ commit: h.commit, value, trialRange: trials.length >= 2 ? [Math.min(...trials), Math.max(...trials)] : null });
      }
    }
  }
  return [...out.values()];
}
function seriesChanges(s, options = {}) {
  const shifts = detectShifts(s.points, { ...options, seed: `${options.seed ?? "llm-perf-gate"}:${s.cell}:${s.metric}` });
  return shifts.map((sh) => ({ ...sh, cell: s.cell, metric: s.metric, unit: s.unit, direction: s.direction, worse: s.direction === "higher" ? sh.relative < 0 : sh.relative > 0 }));
}
function findChanges(series, options = {}) {
  return series.flatMap((s) => seriesChanges(s, options));
}
var SAME_CHANGE_WITHIN = 2;
function newChanges(series, options = {}) {
  return series.flatMap((s) => {
    const now = seriesChanges(s, options);
    if (now.length === 0) return [];
    const before = seriesChanges({ ...s, points: s.points.slice(0, -1) }, options);
    return now.filter((c) => !before.some((b) => Math.abs(b.index - c.index) <= SAME_CHANGE_WITHIN && Math.sign(b.relative) === Math.sign(c.relative)));
  });
}
var pct2 = (x) => `${(Math.abs(x) * 100).toFixed(1)}%`;
function describeChange(c) {
  const [lo, hi] = c.interval;
  const a = Math.min(Math.abs(lo), Math.abs(hi));
  const b = Math.max(Math.abs(lo), Math.abs(hi));
  const range = lo < 0 && hi > 0 ? `${(lo * 100).toFixed(1)}% to +${(hi * 100).toFixed(1)}%` : `${(a * 100).toFixed(1)}-${(b * 100).toFixed(1)}%`;
  return `${c.metric} of ${c.cell} stepped ${c.relative < 0 ? "down" : "up"} ${pct2(c.relative)} (${range}) at ${c.commit.slice(0, 7)} (${c.worse ? "worse" : "better"}; p = ${c.pValue.toPrecision(2)})`;
}

// src/cli/history-options.ts
import { isAbsolute, resolve as resolve3 } from "node:path";

// src/history/reader.ts
import { readdir, readFile } from "node:fs/promises";
import { join as join2 } from "node:path";
var DEFAULT_ORDER_COMMITS = 5e3;
function tryParse(text, where, unreadable) {
  try {
    return parseResult(text, where);
  } catch (err) {
    if (!(err instanceof ResultFileError)) throw err;
    unreadable.push(err.message);
    return null;
  }
}
async function readBranchHistory(opts, order) {
  const branch = await openBranch(opts);
  const tip = await branch.fetchTip();
  if (tip === null) return { results: [], skipped: [], unreadable: [] };
  const loaded = [];
  const unreadable = [];
  for (const entry of await branch.index(tip)) {
    const text = await branch.readBlob(tip, resultFile(entry.commit));
    if (text === null) throw new HistoryError(`history: ${resultFile(entry.commit)} is listed on '${branch.branch}' but cannot be read`);
    const doc = tryParse(text, `${branch.branch}:${resultFile(entry.commit)}`, unreadable);
    if (doc !== null) loaded.push({ commit: entry.commit, doc });
  }
  return { ...await orderResults(loaded, order), unreadable };
}
async function readFolderHistory(dir, order) {
  const files = [];
  for (const sub of [dir, join2(dir, "results")]) {
    let names;
    try {
      names = await readdir(sub);
    } catch (err) {
      if (sub !== dir && err.code === "ENOENT") continue;
      throw new HistoryError(`history: cannot read the folder ${sub}: ${err.message}`, { cause: err });
    }
    for (const n of names.sort()) if (n.endsWith(".json") && n !== "index.json") files.push(join2(sub, n));
  }
  const loaded = [];
  const unreadable = [];
  for (const file of files) {
    const doc = tryParse(await readFile(file, "utf8"), file, unreadable);
    if (doc === null) continue;
    const fromName = /([0-9a-f]{40}|[0-9a-f]{64})\.json$/.exec(file)?.[1] ?? null;
    const commit = doc.git?.commit ?? fromName;
    if (commit === null || !isCommitId(commit)) throw new HistoryError(`history: ${file} names no commit (no git.commit, and the file is not named <commit>.json)`);
    loaded.push({ commit, doc });
  }
  return { ...await orderResults(loaded, order), unreadable };
}
async function orderResults(loaded, order) {
  const byCommit = new Map(loaded.map((l) => [l.commit, l]));
  const line = order.repoDir === null ? null : await firstParentLine(order);
  if (line === null) {
    const results2 = [...byCommit.values()].sort((a, b) => a.doc.started_at.localeCompare(b.doc.started_at)).map((l) => ({ commit: l.commit, doc: l.doc, date: l.doc.started_at, subject: null }));
    return { results: results2, skipped: [] };
  }
  const results = [];
  for (const c of line) {
    const l = byCommit.get(c.commit);
    if (l === void 0) continue;
    results.push({ commit: c.commit, doc: l.doc, date: c.date, subject: c.subject });
    byCommit.delete(c.commit);
  }
  return { results: results.reverse(), skipped: [...byCommit.keys()].sort() };
}
async function firstParentLine(order) {
  if (!Number.isInteger(order.maxCommits) || order.maxCommits < 1) throw new HistoryError(`history: maxCommits must be an integer >= 1, got ${order.maxCommits}`);
  if (order.ref.startsWith("-")) throw new HistoryError(`history: '${order.ref}' is not a ref`);
  const git = new Git(order.repoDir, "origin", null);
  const r = await git.run(`listing the commits of ${order.ref}`, ["log", "--first-parent", `--max-count=${order.maxCommits}`, "--format=%H%x1f%cI%x1f%s%x1e", order.ref, "--"], { ok: [128] });
  if (r.code !== 0) return null;
  return r.stdout.split("").map((rec) => rec.replace(/^\n/, "")).filter(Boolean).map((rec) => {
    const [commit = "", date = "", subject = ""] = rec.split("");
    const t = new Date(date);
    return { commit, date: Number.isNaN(t.getTime()) ? date : t.toISOString(), subject };
  });
}
function readHistory(source, order) {
  return source.kind === "folder" ? readFolderHistory(source.dir, order) : readBranchHistory(source.history, order);
}

// src/cli/history-options.ts
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
  if (read.skipped.length > 0) io2.stderr.write(`note: ${read.skipped.length} stored result(s) are not on the first-parent line of ${order.ref} and were left out
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

// src/cli/compare-command.ts
import { resolve as resolve5 } from "node:path";
var COMPARE_USAGE = `usage: llm-perf-gate compare --baseline A.json --candidate B.json [--config FILE] [--markdown FILE] [--json FILE]

  --baseline FILE   result of the reference run (llm-perf-gate/result@1)
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
    const baseline = await readResultForGating(resolve5(io2.cwd, args.baseline));
    const candidate = await readResultForGating(resolve5(io2.cwd, args.candidate));
    const verdict = await judgeStored(host, { config: args.config, baseline, candidate, candidateLabel: args.candidate, whyNoBaseline: "" });
    return await reportVerdict(host, verdict, args);
  } finally {
    release();
  }
}

// src/cli/dashboard-command.ts
import { isAbsolute as isAbsolute3, resolve as resolve6 } from "node:path";

// src/dashboard/model.ts
var TREND_POINTS = 20;
function slopePerCommit(ys) {
  if (ys.length < 3) return null;
  const n = ys.length;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  ys.forEach((y, x) => {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  });
  return my === 0 ? null : sxy / sxx / my;
}
function dashboardSeries(s, changes, commits) {
  const at = new Map(commits.map((c, i) => [c.commit, i]));
  const values = commits.map(() => null);
  const lo = commits.map(() => null);
  const hi = commits.map(() => null);
  for (const p of s.points) {
    const i = at.get(p.commit);
    if (i === void 0) continue;
    values[i] = p.value;
    lo[i] = p.trialRange?.[0] ?? null;
    hi[i] = p.trialRange?.[1] ?? null;
  }
  const mine = changes.filter((c) => c.cell === s.cell && c.metric === s.metric && at.has(c.commit)).map((c) => ({ at: at.get(c.commit), commit: c.commit, relative: c.relative, interval: c.interval, pValue: c.pValue, worse: c.worse })).sort((a, b) => a.at - b.at);
  const last = s.points.at(-1) ?? null;
  const lastChange = mine.at(-1) ?? null;
  const since = lastChange === null ? s.points : s.points.filter((p) => (at.get(p.commit) ?? -1) >= lastChange.at);
  const from = mine.length >= 2 ? mine.at(-2).at : 0;
  const before = lastChange === null ? [] : s.points.filter((p) => {
    const i = at.get(p.commit) ?? -1;
    return i >= from && i < lastChange.at;
  });
  const beforeMean = before.length ? before.reduce((a, p) => a + p.value, 0) / before.length : null;
  const reference = lastChange === null ? s.points.length ? s.points.reduce((a, p) => a + p.value, 0) / s.points.length : null : beforeMean;
  return {
    cell: s.cell,
    metric: s.metric,
    unit: s.unit,
    direction: s.direction,
    gated: s.gated,
    values,
    lo,
    hi,
    band: last === null || s.metric === "error_rate" ? null : { commit: last.commit, value: last.value, lo: last.value * (1 - s.tolerance), hi: last.value * (1 + s.tolerance) },
    changes: mine,
    summary: {
      latest: last?.value ?? null,
      latestCommit: last?.commit ?? null,
      lastChange,
      sinceChange: last === null || reference === null || reference === 0 ? null : last.value / reference - 1,
      trendPerCommit: slopePerCommit(since.slice(-TREND_POINTS).map((p) => p.value))
    }
  };
}
function repoUrlOf(remoteUrl) {
  const m = /^(?:https:\/\/(?:[^@/]+@)?github\.com\/|git@github\.com:|ssh:\/\/git@github\.com\/)([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?\/?$/.exec(remoteUrl.trim());
  return m ? `https://github.com/${m[1]}/${m[2]}` : null;
}

// src/dashboard/site.ts
import { mkdir as mkdir2, writeFile as writeFile3 } from "node:fs/promises";
import { join as join3 } from "node:path";

// src/dashboard/assets.ts
import { readFile as readFile2 } from "node:fs/promises";
import { createRequire } from "node:module";
async function loadChartAssets() {
  const require2 = createRequire(import.meta.url);
  let js;
  let css;
  try {
    js = await readFile2(require2.resolve("uplot/dist/uPlot.iife.min.js"), "utf8");
    css = await readFile2(require2.resolve("uplot/dist/uPlot.min.css"), "utf8");
  } catch (err) {
    throw new Error(`dashboard: cannot read the chart library (npm package 'uplot'): ${err.message}`, { cause: err });
  }
  return { js, css };
}

// src/dashboard/client-script.ts
var CLIENT_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('dashboard-data').textContent);
  var drawn = { charts: [] };
  window.__dashboard = drawn;
  var short = function (c) { return c.slice(0, 7); };
  var el = function (tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  };
  var fmt = function (v) {
    if (v === null || v === undefined || !isFinite(v)) return '–';
    var a = Math.abs(v);
    return a >= 1000 ? v.toFixed(0) : a >= 100 ? v.toFixed(1) : a >= 1 ? v.toFixed(2) : v.toPrecision(3);
  };
  var pct = function (x, signed, digits) {
    if (x === null || x === undefined || !isFinite(x)) return '–';
    return (signed && x > 0 ? '+' : '') + (x * 100).toFixed(digits || 1) + '%';
  };
  var commitUrl = function (c) { return data.repoUrl ? data.repoUrl + '/commit/' + c : null; };
  var commitLink = function (c) {
    var url = commitUrl(c);
    var a = el(url ? 'a' : 'code', url ? { href: url } : {}, short(c));
    if (url) a.setAttribute('rel', 'noopener');
    return a;
  };
  // The index keeps ids unique when two cell names differ only in punctuation.
  var slug = function (s) { return 'chart-' + data.series.indexOf(s) + '-' + s.cell.replace(/[^A-Za-z0-9]+/g, '-') + '-' + s.metric.replace(/[^A-Za-z0-9]+/g, '-'); };

  // Summary table.
  var tbody = document.querySelector('#summary tbody');
  data.series.forEach(function (s) {
    var tr = el('tr');
    var name = el('td');
    name.appendChild(el('a', { href: '#' + slug(s) }, s.cell + ' · ' + s.metric));
    if (!s.gated) name.appendChild(el('span', { class: 'muted' }, ' (not gated)'));
    tr.appendChild(name);
    tr.appendChild(el('td', { class: 'num' }, fmt(s.summary.latest) + ' ' + s.unit));
    var lc = el('td');
    var c = s.summary.lastChange;
    if (c) {
      lc.appendChild(el('span', { class: c.worse ? 'worse' : 'better' }, pct(c.relative, true) + ' (' + pct(c.interval[0], true) + ' to ' + pct(c.interval[1], true) + ') at '));
      lc.appendChild(commitLink(c.commit));
    } else lc.textContent = 'none';
    tr.appendChild(lc);
    tr.appendChild(el('td', { class: 'num' }, pct(s.summary.sinceChange, true)));
    var t = s.summary.trendPerCommit;
    var arrow = t === null ? '' : Math.abs(t) < 0.001 ? '→ ' : t > 0 ? '↗ ' : '↘ ';
    tr.appendChild(el('td', { class: 'num' }, t === null ? '–' : arrow + pct(t, true, 2) + '/commit'));
    tbody.appendChild(tr);
  });

  // One chart per series.
  var charts = document.getElementById('charts');
  var tip = el('div', { id: 'tooltip', role: 'tooltip' });
  tip.style.display = 'none';
  document.body.appendChild(tip);
  var xs = data.commits.map(function (_, i) { return i; });
  var width = function () { return Math.max(320, Math.min(1100, charts.clientWidth - 8)); };
  var plots = [];

  data.series.forEach(function (s) {
    var box = el('section', { class: 'chart', id: slug(s) });
    box.appendChild(el('h3', {}, s.cell + ' · ' + s.metric + ' (' + s.unit + ', ' + (s.direction === 'higher' ? 'higher is better' : 'lower is better') + ')'));
    charts.appendChild(box);
    var n = s.values.filter(function (v) { return v !== null; }).length;
    if (n < 2) { box.appendChild(el('p', { class: 'muted' }, 'Fewer than two results: nothing to chart yet.')); return; }
    var markers = [];
    var record = { cell: s.cell, metric: s.metric, markers: markers, id: slug(s) };
    drawn.charts.push(record);
    var bandLo = xs.map(function () { return s.band ? s.band.lo : null; });
    var bandHi = xs.map(function () { return s.band ? s.band.hi : null; });
    var opts = {
      width: width(),
      height: 260,
      scales: { x: { time: false } },
      legend: { show: false },
      cursor: { points: { size: 8 } },
      series: [
        {},
        { label: 'trials low', stroke: 'rgba(31,119,180,0.25)', width: 1, spanGaps: true, points: { show: false } },
        { label: 'trials high', stroke: 'rgba(31,119,180,0.25)', width: 1, spanGaps: true, points: { show: false } },
        { label: 'tolerance low', stroke: '#999', dash: [6, 4], width: 1, points: { show: false } },
        { label: 'tolerance high', stroke: '#999', dash: [6, 4], width: 1, points: { show: false } },
        { label: s.metric, stroke: '#1f77b4', width: 2, spanGaps: true, points: { show: true, size: 5, fill: '#1f77b4' } }
      ],
      bands: [{ series: [2, 1], fill: 'rgba(31,119,180,0.12)' }],
      axes: [
        { values: function (u, splits) { return splits.map(function (i) { return Number.isInteger(i) && data.commits[i] ? short(data.commits[i].commit) : ''; }); } },
        { size: 60 }
      ],
      hooks: {
        draw: [function (u) {
          var ctx = u.ctx;
          markers.length = 0;
          s.changes.forEach(function (c) {
            // Between the last commit of the old level and the first of the new one.
            var x = Math.round(u.valToPos(c.at - 0.5, 'x', true));
            ctx.save();
            ctx.strokeStyle = c.worse ? '#d62728' : '#2ca02c';
            ctx.lineWidth = 2 * devicePixelRatio;
            ctx.setLineDash([]);
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.fillStyle = ctx.strokeStyle;
            ctx.font = (11 * devicePixelRatio) + 'px sans-serif';
            ctx.fillText(pct(c.relative, true), x + 4 * devicePixelRatio, u.bbox.top + 12 * devicePixelRatio);
            ctx.restore();
            markers.push({ commit: c.commit, x: x / devicePixelRatio });
          });
          data.commits.forEach(function (cm, i) {
            if (cm.gate !== 'fail' || s.values[i] === null) return;
            var x = u.valToPos(i, 'x', true);
            var y = u.valToPos(s.values[i], 'y', true);
            ctx.save();
            ctx.strokeStyle = '#d62728';
            ctx.lineWidth = 2 * devicePixelRatio;
            ctx.beginPath();
            ctx.arc(x, y, 7 * devicePixelRatio, 0, 2 * Math.PI);
            ctx.stroke();
            ctx.restore();
          });
        }],
        setCursor: [function (u) {
          var i = u.cursor.idx;
          if (i === null || i === undefined || s.values[i] === null) { tip.style.display = 'none'; return; }
          var cm = data.commits[i];
          tip.textContent = '';
          tip.appendChild(el('div', { class: 'mono' }, short(cm.commit) + '  ' + cm.date.slice(0, 16).replace('T', ' ')));
          if (cm.subject !== null) tip.appendChild(el('div', {}, cm.subject));
          tip.appendChild(el('div', {}, s.metric + ': ' + fmt(s.values[i]) + ' ' + s.unit + (s.lo[i] !== null ? ' (trials ' + fmt(s.lo[i]) + '–' + fmt(s.hi[i]) + ')' : '')));
          if (cm.gate !== null) tip.appendChild(el('div', {}, 'gate: ' + cm.gate));
          if (commitUrl(cm.commit)) tip.appendChild(el('div', { class: 'muted' }, 'click to open the commit'));
          var r = u.over.getBoundingClientRect();
          tip.style.display = 'block';
          tip.style.left = (window.scrollX + r.left + u.cursor.left + 12) + 'px';
          tip.style.top = (window.scrollY + r.top + u.cursor.top + 12) + 'px';
        }]
      }
    };
    var u = new uPlot(opts, [xs, s.lo, s.hi, bandLo, bandHi, s.values], box);
    u.over.addEventListener('mouseleave', function () { tip.style.display = 'none'; });
    u.over.addEventListener('click', function () {
      var i = u.cursor.idx;
      var url = i === null || i === undefined ? null : commitUrl(data.commits[i].commit);
      if (url) window.open(url, '_blank', 'noopener');
    });
    var legend = el('p', { class: 'legend muted' });
    legend.textContent = 'Line: pooled value per commit. Shaded: lowest to highest trial. Dashed: tolerance band around the latest result (' + (s.band ? short(s.band.commit) : '–') + '). Vertical lines: change points (red worse, green better).';
    box.appendChild(legend);
    plots.push(u);
  });
  window.addEventListener('resize', function () { plots.forEach(function (u) { u.setSize({ width: width(), height: 260 }); }); });
  drawn.ready = true;
})();
`;

// src/dashboard/render.ts
function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
function scriptSafeJson(value) {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
function inlineScript(js) {
  return js.replace(/<\/(script)/gi, "<\\/$1");
}
var STYLE = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1140px; padding: 16px; color: #1b1f24; background: #fff; }
h1 { font-size: 20px; margin: 0 0 4px; } h3 { font-size: 15px; margin: 18px 0 4px; }
table { border-collapse: collapse; width: 100%; margin: 12px 0; font-size: 13px; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #e3e6ea; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.muted { color: #667; } .worse { color: #c62828; } .better { color: #2e7d32; }
.mono, code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
#tooltip { position: absolute; z-index: 10; pointer-events: none; background: #fff; border: 1px solid #aab; border-radius: 4px; padding: 6px 8px; font-size: 12px; max-width: 420px; box-shadow: 0 2px 6px rgba(0,0,0,.15); }
.chart { margin-bottom: 8px; } .legend { font-size: 12px; margin: 2px 0 0; }
.uplot .u-over { cursor: pointer; }
`;
function renderDashboard(data, assets) {
  const csp = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";
  const notes = data.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join("");
  const first = data.commits[0];
  const last = data.commits.at(-1);
  const span = first && last ? `${data.commits.length} commits, ${escapeHtml(first.date.slice(0, 10))} to ${escapeHtml(last.date.slice(0, 10))}` : "no results yet";
  const d = data.detection;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(data.title)}</title>
<style>${assets.css.replace(/<\/(style)/gi, "<\\/$1")}</style>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(data.title)}</h1>
<p class="muted">${span}; generated ${escapeHtml(data.generatedAt)}.</p>
<table id="summary">
<thead><tr><th>cell \xB7 metric</th><th>latest</th><th>last change point (95% interval)</th><th>latest vs the level before that change (or the mean)</th><th>trend since</th></tr></thead>
<tbody></tbody>
</table>
<div id="charts"></div>
<footer class="muted">
<p>Change points: E-divisive means (Matteson &amp; James 2014) with a permutation test, p &le; ${d.significance}, ${d.permutations} permutations, shifts under ${(d.minRelativeChange * 100).toFixed(1)}% ignored; the interval is a bootstrap of the two levels' means.</p>
${notes ? `<ul>${notes}</ul>` : ""}
</footer>
<script type="application/json" id="dashboard-data">${scriptSafeJson(data)}</script>
<script>${inlineScript(assets.js)}</script>
<script>${inlineScript(CLIENT_SCRIPT)}</script>
</body>
</html>
`;
}

// src/dashboard/site.ts
function dashboardData(history, opts) {
  const series = buildSeries(history, opts.extraMetrics);
  const changes = findChanges(series, opts.changes);
  const commits = history.map((h) => ({ commit: h.commit, date: h.date, subject: h.subject, gate: null }));
  const notes = [];
  if (commits.every((c) => c.gate === null)) notes.push("Gate verdicts are not stored with the results, so commits whose gate failed are not marked.");
  if (commits.some((c) => c.subject === null)) notes.push("Commit messages are shown where the repository the dashboard was built in has the commit.");
  const o = { ...DEFAULT_CHANGE_OPTIONS, ...opts.changes };
  return {
    data: {
      title: opts.title,
      generatedAt: opts.generatedAt,
      repoUrl: opts.repoUrl,
      commits,
      series: series.map((s) => dashboardSeries(s, changes, commits)),
      detection: { significance: o.significance, minRelativeChange: o.minRelativeChange, permutations: o.permutations },
      notes
    },
    changes
  };
}
async function writeSite(outDir, data) {
  const html = renderDashboard(data, await loadChartAssets());
  await mkdir2(outDir, { recursive: true });
  const file = join3(outDir, "index.html");
  await writeFile3(file, html);
  await writeFile3(join3(outDir, ".nojekyll"), "");
  return file;
}

// src/cli/dashboard-command.ts
var DASHBOARD_USAGE = `usage: llm-perf-gate dashboard [options]

Writes a static site (one index.html, everything inlined, no network access
when viewed; works from file:// and GitHub Pages): a summary table and, per
cell and gated metric, a chart over commits with the trials' range, the
tolerance band around the latest result and the change points.

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
    const file = await writeSite(isAbsolute3(out) ? out : resolve6(io2.cwd, out), data);
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

// src/cli/run-command.ts
import { resolve as resolve7 } from "node:path";
var RUN_USAGE = `usage: llm-perf-gate run [--config FILE] [--url URL] [--model NAME] [--out FILE]
                        [--baseline FILE] [--markdown FILE] [--json FILE]

  --config FILE    workload config (default: ./llm-perf.yml, else a built-in one-scenario matrix)
  --url URL        target base URL, overrides target.url (e.g. http://127.0.0.1:8000)
  --model NAME     model id, overrides target.model (default: first id of GET /v1/models)
  --out FILE       result file (default: llm-perf-result.json)
  --baseline FILE  after the run, compare with this result (as 'compare' does)
  --markdown FILE  write the Markdown report here
  --json FILE      write the verdict here

Without --baseline the SLO checks of the config (gate.slo) alone decide the verdict.

Exit status: 0 the run completed (failed requests are data) and the verdict is pass, warn
or inconclusive; 1 fail (a gated regression or a failed SLO check); 2 bad config or usage,
or the target could not be used; 3 with --baseline: the comparison is invalid; 130
interrupted (the result holds what was measured).`;
async function runCommand(args, io2) {
  const { host, release } = cliHost(io2, "the result file");
  try {
    const plan = await readPlan(host, args);
    const baseline = args.baseline === null ? null : await readResultForGating(resolve7(io2.cwd, args.baseline));
    const doc = await measure(host, plan, resolve7(io2.cwd, args.out));
    host.log.out(`result: ${args.out}`);
    if (doc.status === "interrupted") return EXIT.interrupted;
    const verdict = judgeRun(plan, baseline, doc, "no --baseline given: only the SLO checks apply");
    if (baseline === null && verdict.slo.length === 0 && args.markdown === null && args.json === null) return EXIT.ok;
    host.log.out("");
    return await reportVerdict(host, verdict, args);
  } finally {
    release();
  }
}

// src/cli/main.ts
var str2 = (v, key) => typeof v[key] === "string" ? v[key] : null;
function required(v, key, usage2) {
  const s = str2(v, key);
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
      json: { type: "string" }
    },
    run: (v, io2) => runCommand(
      {
        config: str2(v, "config"),
        url: str2(v, "url"),
        model: str2(v, "model"),
        out: str2(v, "out") ?? "llm-perf-result.json",
        baseline: str2(v, "baseline"),
        markdown: str2(v, "markdown"),
        json: str2(v, "json")
      },
      io2
    )
  },
  ab: {
    summary: "interleaved A/B: run the matrix on two targets in pairs and compare them with a paired test",
    usage: AB_USAGE,
    options: { config: { type: "string" }, "out-dir": { type: "string" }, markdown: { type: "string" }, json: { type: "string" } },
    run: (v, io2) => abCommand({ config: str2(v, "config"), outDir: str2(v, "out-dir") ?? "llm-perf-ab", markdown: str2(v, "markdown"), json: str2(v, "json") }, io2)
  },
  compare: {
    summary: "compare a candidate result with a baseline result and decide pass, warn, fail, inconclusive or invalid",
    usage: COMPARE_USAGE,
    options: {
      baseline: { type: "string" },
      candidate: { type: "string" },
      config: { type: "string" },
      markdown: { type: "string" },
      json: { type: "string" }
    },
    run: (v, io2) => compareCommand(
      {
        baseline: required(v, "baseline", COMPARE_USAGE),
        candidate: required(v, "candidate", COMPARE_USAGE),
        config: str2(v, "config"),
        markdown: str2(v, "markdown"),
        json: str2(v, "json")
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
        config: str2(v, "config"),
        url: str2(v, "url"),
        model: str2(v, "model"),
        trials: str2(v, "trials"),
        out: str2(v, "out") ?? "llm-perf-calibration-result.json",
        markdown: str2(v, "markdown"),
        json: str2(v, "json")
      },
      io2
    )
  },
  changes: CHANGES_COMMAND,
  dashboard: DASHBOARD_COMMAND
};
function usage() {
  const all = [...Object.entries(COMMANDS), ...Object.entries(ENGINE_COMMANDS)];
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
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
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
