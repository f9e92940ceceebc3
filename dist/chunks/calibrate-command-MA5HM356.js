import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  measure
} from "./chunk-GK34A3LI.js";
import "./chunk-EBMJRDST.js";
import "./chunk-6SW2S6XT.js";
import {
  MAX_BUDGET_PAIRS,
  adviseStoredBudget,
  calibrateRun,
  calibrationTrials,
  readPlan,
  shareFigure
} from "./chunk-YS323RDP.js";
import "./chunk-KITUZ5SU.js";
import "./chunk-Y52YXPNT.js";
import "./chunk-DSTYHSYM.js";
import "./chunk-TO4DDGBB.js";
import "./chunk-YKDXNY4U.js";
import "./chunk-LWJVHEHR.js";
import {
  codeSpan,
  escapeMd,
  markdownTable,
  renderTable
} from "./chunk-4RCXW3T6.js";
import "./chunk-FOCLXUDN.js";
import {
  readResultForGating
} from "./chunk-54LALYOF.js";
import "./chunk-SCGBAURB.js";
import "./chunk-5XUPNBZ7.js";
import "./chunk-EG4BBXMW.js";
import {
  CALIBRATE_USAGE
} from "./chunk-6F6Z3UP6.js";
import {
  cliHost
} from "./chunk-GPFQKZR3.js";
import {
  UsageError
} from "./chunk-F7EZCM6P.js";
import "./chunk-4VUXDGVK.js";
import "./chunk-XS6I4BEK.js";
import "./chunk-BHKQ45ST.js";
import {
  EXIT
} from "./chunk-ZSLGKFHA.js";
import "./chunk-FQOMYLCJ.js";
import "./chunk-HN4QBAMF.js";
import {
  forTerminal
} from "./chunk-BF4Y2SSP.js";
import "./chunk-26N6UM4G.js";
import "./chunk-SK3CJ3HN.js";

// src/cli/calibrate-command.ts
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";

// src/report/budget-advice.ts
var pct = (x, signed2 = false) => x === null ? "-" : `${signed2 && x > 0 ? "+" : ""}${x.toFixed(1)}%`;
var pairsText = (n) => n === null ? `> ${MAX_BUDGET_PAIRS}` : String(n);
function rows(a, text) {
  return a.cells.flatMap((c) => c.metrics.map((m) => [text(c.id), m.metric, String(m.pairs), pct(m.mean_pct, true), pct(m.spread_pct), pct(m.threshold_pct), pairsText(m.budget_pairs)]));
}
var HEAD = ["cell", "metric", "pairs", "A/A mean", "spread", "threshold", "budget (pairs)"];
function budgetSentence(a) {
  if (a.pairs !== null) {
    const time = a.minutes === null ? "" : `, about ${a.minutes} min of measuring`;
    return `Recommended budget: ${a.pairs} pairs${time}: with it an unchanged build is decided, and a regression of twice the threshold fails, 4 times in 5 (the first look stays at ${a.first} pairs; runs that decide sooner stop sooner).`;
  }
  if (a.unreachable.length > 0)
    return `No budget up to ${MAX_BUDGET_PAIRS} pairs decides ${a.unreachable.join(", ")}: raise the tolerance, lower the noise (more requests per trial, a quieter runner), or report the metric without gating it (gate: false).`;
  return "No recommendation: the runs have fewer than 2 pairs with values for the gated metrics.";
}
function budgetTable(a) {
  const out = [
    `budget from an A/A paired run: ${a.power * 100}% power, looks from ${a.first} pairs; spread: sd of the pairs' log ratios`,
    "",
    renderTable([HEAD, ...rows(a, forTerminal)]),
    "",
    budgetSentence(a)
  ];
  if (a.yaml !== null) out.push("", a.yaml.trimEnd());
  for (const n of a.notes) out.push(`note: ${n}`);
  return out.join("\n");
}
function renderBudgetMarkdown(a) {
  const out = [
    "## llm-perf-gate calibrate: a budget for the paired A/B",
    "",
    markdownTable([HEAD, ...rows(a, escapeMd).map((r) => [r[0], escapeMd(r[1]), ...r.slice(2)])], { align: ["l", "l", "r", "r", "r", "r", "r"] }),
    "",
    budgetSentence(a)
  ];
  if (a.yaml !== null) out.push("", "```yaml", a.yaml.trimEnd(), "```");
  for (const n of a.notes) out.push("", `> ${escapeMd(n)}`);
  return `${out.join("\n")}
`;
}

// src/report/calibration.ts
var num = (x) => {
  if (x === null || !Number.isFinite(x)) return "\u2013";
  const a = Math.abs(x);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : x.toFixed(2);
};
var pct2 = (x) => x === null ? "\u2013" : `${x.toFixed(1)}%`;
var signed = (x) => x === null ? "\u2013" : `${x > 0 ? "+" : ""}${x.toFixed(1)}%`;
var tol = (x) => x === null ? "\u2013" : `${Math.round(x * 1e3) / 10}%`;
var meanText = (m) => m.unit === "share" ? shareFigure(m.mean) : `${num(m.mean)} ${m.unit}`;
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
  const rows2 = [["cell", "metric", "mean", "cv", "A/A change [interval]", "A/A verdict", `mde@${k}`, "tolerance", "trials for tol"]];
  for (const c of doc.cells) {
    for (const m of c.metrics) {
      rows2.push([
        forTerminal(c.id),
        `${m.metric}${m.gated ? " *" : ""}`,
        meanText(m),
        cv(m),
        aaText(m.aa),
        aaVerdict(m.aa, false),
        pct2(m.mde_pct),
        toleranceText(m),
        trialsText(m, doc.settings.max_trials)
      ]);
    }
  }
  const lines = [
    `calibration: ${doc.settings.trials_run} trials per cell, split alternately into two halves; ${Math.round(doc.settings.confidence * 100)}% intervals; mde at run.trials = ${k} per side, unpaired, ${Math.round(doc.settings.power * 100)}% power`,
    "",
    renderTable(rows2),
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
  const rows2 = doc.cells.flatMap(
    (c) => c.metrics.map((m) => [
      escapeMd(c.id),
      m.gated ? `**${m.metric}**` : m.metric,
      meanText(m),
      cv(m),
      aaText(m.aa),
      aaVerdict(m.aa, true),
      pct2(m.mde_pct),
      toleranceText(m),
      trialsText(m, doc.settings.max_trials)
    ])
  );
  parts.push(markdownTable([head, ...rows2], { align: ["l", "l", "r", "r", "r", "l", "r", "r", "r"] }));
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
async function writeCalibrationFiles(cal, markdown, json, cwd) {
  if (markdown !== null) await writeFile(resolve(cwd, markdown), renderCalibrationMarkdown(cal));
  if (json !== null) await writeFile(resolve(cwd, json), `${JSON.stringify(cal, null, 1)}
`);
}
async function budgetCommand(args, io) {
  const { host, release } = cliHost(io, "the budget");
  try {
    const [baseline, candidate] = await Promise.all([readResultForGating(resolve(io.cwd, args.baseline)), readResultForGating(resolve(io.cwd, args.candidate))]);
    const advice = await adviseStoredBudget(host, { config: args.config, baseline, candidate, candidateLabel: args.candidate });
    host.log.out(budgetTable(advice));
    if (args.markdown !== null) await writeFile(resolve(io.cwd, args.markdown), renderBudgetMarkdown(advice));
    if (args.json !== null) await writeFile(resolve(io.cwd, args.json), `${JSON.stringify({ schema: "llm-perf-gate/budget-advice@1", ...advice }, null, 1)}
`);
    return EXIT.ok;
  } finally {
    release();
  }
}
async function calibrateCommand(args, io) {
  if (args.baseline !== null || args.candidate !== null) {
    if (args.baseline === null || args.candidate === null)
      throw new UsageError(
        `calibrate: --baseline and --candidate go together (the two results of an A/A ab run); got only --${args.baseline === null ? "candidate" : "baseline"}

${CALIBRATE_USAGE}`
      );
    if (args.url !== null || args.model !== null || args.trials !== null)
      throw new UsageError(`calibrate: --baseline/--candidate read an A/A ab run and measure nothing: --url, --model and --trials do not apply

${CALIBRATE_USAGE}`);
    return budgetCommand({ ...args, baseline: args.baseline, candidate: args.candidate }, io);
  }
  const { host, release } = cliHost(io, "the result file");
  try {
    const plan = await readPlan(host, args);
    const trials = calibrationTrials(args.trials, plan);
    const calPlan = { ...plan, limits: { ...plan.limits, trials } };
    host.log.info(`calibrate: ${trials} trials per cell (run.trials is ${plan.limits.trials})`);
    const doc = await measure(host, calPlan, resolve(io.cwd, args.out), { table: false });
    const cal = calibrateRun(doc, plan, args.out);
    host.log.out(`
${calibrationTable(cal)}

result: ${args.out}`);
    await writeCalibrationFiles(cal, args.markdown, args.json, io.cwd);
    if (args.markdown) host.log.out(`report: ${args.markdown}`);
    if (args.json) host.log.out(`calibration: ${args.json}`);
    return doc.status === "interrupted" ? EXIT.interrupted : EXIT.ok;
  } finally {
    release();
  }
}
export {
  calibrateCommand
};
