import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  ConfigError,
  DatasetError,
  ResultFileError,
  RunSetupError,
  TOOL_VERSION,
  TargetError,
  compare,
  escapeMd,
  gatePlanFromStored,
  holm,
  judgeMetric,
  loadGatePlan,
  loadPlan,
  markdownTable,
  metricDef,
  pooledValue,
  readResult,
  renderMarkdown,
  renderTable,
  require_dist,
  resultTable,
  rulesFor,
  runAbPlan,
  runPlan,
  tQuantile,
  trialStats,
  trialValues
} from "./chunks/chunk-BC7NC2K7.js";
import {
  ServerStartError,
  startServer
} from "./chunks/chunk-FVKQSBFJ.js";
import {
  __toESM
} from "./chunks/chunk-SK3CJ3HN.js";

// src/cli/io.ts
var EXIT = { ok: 0, fail: 1, usage: 2, invalid: 3, interrupted: 130 };
function interruptible(io, what) {
  const ac = new AbortController();
  const release = io.onInterrupt(() => {
    io.stderr.write(`
interrupted: finishing ${what} with what was measured
`);
    ac.abort();
  });
  return { signal: ac.signal, release };
}
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

// src/cli/ab-command.ts
import { mkdir } from "node:fs/promises";
import { join, resolve as resolve2 } from "node:path";

// src/cli/compare-command.ts
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";

// src/report/verdict-table.ts
var fmt = (x) => x === null ? "-" : Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2);
var signed = (x) => x === null ? "-" : `${x > 0 ? "+" : ""}${x.toFixed(1)}%`;
function verdictTable(v) {
  const rows = [["cell", "metric", "baseline", "candidate", "change", "interval", "verdict"]];
  for (const c of v.cells) {
    for (const m of c.metrics) {
      if (!m.gated) continue;
      const iv = m.interval_pct === null ? "-" : `${signed(m.interval_pct[0])}..${signed(m.interval_pct[1])}`;
      rows.push([c.id + (c.valid ? "" : " [invalid]"), m.metric, fmt(m.baseline), fmt(m.candidate), signed(m.change_pct), iv, m.verdict]);
    }
  }
  const lines = [`verdict: ${v.verdict.toUpperCase()}  (${v.summary.regressed} regressed, ${v.summary.improved} improved, ${v.summary.unchanged} unchanged, ${v.summary.warn} warn, ${v.summary.inconclusive} inconclusive, ${v.summary.invalid_cells} invalid cells, ${v.summary.slo_failed} SLO failures)`];
  if (rows.length > 1) lines.push(renderTable(rows));
  for (const r of v.reasons) lines.push(`- ${r}`);
  for (const w of v.warnings) lines.push(`warning: ${w}`);
  return lines.join("\n");
}

// src/cli/compare-command.ts
var COMPARE_USAGE = `usage: llm-perf-gate compare --baseline A.json --candidate B.json [--config FILE] [--markdown FILE] [--json FILE]

  --baseline FILE   result of the reference run (llm-perf-gate/result@1)
  --candidate FILE  result of the run under test
  --config FILE     take the gate rules from this config (default: the candidate's stored config)
  --markdown FILE   write the Markdown report here
  --json FILE       write the verdict (llm-perf-gate/verdict@1) here

Exit status: 0 pass, warn or inconclusive; 1 fail (a gated regression or a failed SLO check);
2 usage error or an unreadable or invalid result file; 3 the comparison is invalid (the runs did
not do the same work or were not measured properly: the report says why).`;
function verdictExit(v) {
  return v === "fail" ? EXIT.fail : v === "invalid" ? EXIT.invalid : EXIT.ok;
}
async function gateFor(config, candidate, candidatePath, cwd) {
  if (config !== null) return loadGatePlan(config, cwd);
  return gatePlanFromStored(candidate.config, `${candidatePath} (stored config)`);
}
async function reportVerdict(v, files, io) {
  io.stdout.write(`${verdictTable(v)}
`);
  if (files.markdown !== null) {
    await writeFile(resolve(io.cwd, files.markdown), renderMarkdown(v));
    io.stdout.write(`report: ${files.markdown}
`);
  }
  if (files.json !== null) {
    await writeFile(resolve(io.cwd, files.json), `${JSON.stringify(v, null, 1)}
`);
    io.stdout.write(`verdict: ${files.json}
`);
  }
  return verdictExit(v.verdict);
}
async function compareCommand(args, io) {
  const base = await readResult(resolve(io.cwd, args.baseline));
  const cand = await readResult(resolve(io.cwd, args.candidate));
  const gate = await gateFor(args.config, cand, args.candidate, io.cwd);
  return reportVerdict(compare(base, cand, gate), args, io);
}

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

// src/cli/ab-command.ts
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
async function abCommand(args, io) {
  const plan = await loadPlan({ configPath: args.config, cwd: io.cwd, env: io.env });
  if (plan.ab === null) {
    io.stderr.write(`error: ${plan.configPath ?? "the config"} has no 'ab' section: name a baseline and a candidate target (docs/config.md)
`);
    return EXIT.usage;
  }
  const dir = resolve2(io.cwd, args.outDir);
  await mkdir(dir, { recursive: true });
  const servers = [];
  const { signal, release } = interruptible(io, "both result files");
  try {
    for (const [side, s] of [["baseline", plan.ab.baseline], ["candidate", plan.ab.candidate]]) {
      if (s.serverCommand === null) continue;
      io.stderr.write(`starting the ${side} server: ${s.serverCommand}
`);
      servers.push(
        await startServer({
          command: s.serverCommand,
          cwd: io.cwd,
          env: { ...io.env },
          logPath: join(dir, `${side}-server.log`),
          readyUrl: null,
          baseUrl: s.url,
          model: s.model,
          readyTimeoutMs: s.readyTimeoutMs
        })
      );
    }
    const outPaths = { baseline: join(dir, "baseline.json"), candidate: join(dir, "candidate.json") };
    const { baseline, candidate } = await runAbPlan({ plan, outPaths, cwd: io.cwd, env: io.env, signal, progress: createProgress(io.stderr) });
    io.stdout.write(`
baseline:
${resultTable(baseline)}

candidate:
${resultTable(candidate)}
`);
    if (candidate.status === "interrupted") return EXIT.interrupted;
    io.stdout.write(`
results: ${outPaths.baseline}, ${outPaths.candidate}

`);
    return await reportVerdict(compare(baseline, candidate, plan.gate), args, io);
  } finally {
    release();
    for (const s of servers) await s.stop();
  }
}

// src/cli/calibrate-command.ts
import { writeFile as writeFile2 } from "node:fs/promises";
import { resolve as resolve3 } from "node:path";

// src/gate/calibrate.ts
var import_yaml = __toESM(require_dist(), 1);
var CALIBRATION_SCHEMA = "llm-perf-gate/calibration@1";
var HEADLINE_METRICS = Object.freeze([
  "rps",
  "output_tps",
  "ttft_ms.p50",
  "ttft_ms.p95",
  "ttft_ms.p99",
  "tpot_ms.p50",
  "tpot_ms.p95",
  "e2e_ms.p95",
  "itl_ms.p99"
]);
var POWER = 0.8;
var TOLERANCE_FACTOR = 1.5;
var MAX_TRIALS = 50;
var MIN_CALIBRATION_TRIALS = 4;
var DEFAULT_CALIBRATION_TRIALS = 6;
var welchDf = (k) => 2 * k - 2;
function noiseLog(cv2, k, confidence) {
  if (k < 2) return Infinity;
  return tQuantile((1 + confidence) / 2, welchDf(k)) * cv2 * Math.sqrt(2 / k);
}
function mdeLog(cv2, k, confidence, power = POWER) {
  if (k < 2) return Infinity;
  const df = welchDf(k);
  return (tQuantile((1 + confidence) / 2, df) + tQuantile(power, df)) * cv2 * Math.sqrt(2 / k);
}
function trialsNeeded(cv2, logThreshold, confidence, power = POWER, max = MAX_TRIALS) {
  if (!(logThreshold > 0)) return null;
  for (let k = 2; k <= max; k++) if (mdeLog(cv2, k, confidence, power) <= logThreshold) return k;
  return null;
}
function logToRelative(x, direction) {
  if (x === Infinity) return direction === "lower" ? Infinity : 1;
  return direction === "lower" ? Math.expm1(x) : -Math.expm1(-x);
}
function relativeToLog(frac, direction) {
  if (direction === "lower") return Math.log1p(frac);
  return frac >= 1 ? Infinity : -Math.log1p(-frac);
}
var r2 = (x) => Math.round(x * 100) / 100;
var pctOf = (frac) => Number.isFinite(frac) ? r2(frac * 100) : null;
var sig = (x) => x === 0 || !Number.isFinite(x) ? x : Number(x.toPrecision(6));
var ceilPercent = (frac) => Math.ceil(frac * 100 - 1e-6) / 100;
function meanSd(v) {
  if (v.length < 2) return null;
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length - 1));
  return { mean, sd };
}
function perTrial(cell, def) {
  const raw = def.dist === null ? trialValues(cell, def) : trialStats(cell, def);
  return raw.filter((v) => Number.isFinite(v) && v > 0);
}
function floorLog(cell, rule) {
  const b = pooledValue(cell, rule.def);
  if (b === null || b <= 0) return 0;
  if (rule.def.direction === "lower") return Math.log((b + rule.floor) / b);
  return b - rule.floor <= 0 ? Infinity : -Math.log((b - rule.floor) / b);
}
function thresholdLog(cell, rule) {
  return Math.max(relativeToLog(rule.tolerance, rule.def.direction), floorLog(cell, rule));
}
function halves(cell) {
  const a = cell.trials.filter((_, i) => i % 2 === 0);
  const b = cell.trials.filter((_, i) => i % 2 === 1);
  return [
    { ...cell, trials: a },
    { ...cell, trials: b }
  ];
}
function aaSplit(cell, rule, gate) {
  const [a, b] = halves(cell);
  const v = judgeMetric(a, b, rule, {
    confidence: gate.confidence,
    // As compare() does: full resamples for gated metrics, a quarter for reported ones.
    iterations: rule.gated ? gate.bootstrapIterations : Math.max(200, Math.round(gate.bootstrapIterations / 4)),
    paired: false,
    seed: `${cell.id}|${rule.def.id}|aa`
  });
  const redFlag = v.verdict === "regressed" || v.verdict === "improved";
  return {
    trials: [a.trials.length, b.trials.length],
    verdict: v.verdict,
    change_pct: v.change_pct,
    interval_pct: v.interval_pct,
    width_pct: v.interval_pct === null ? null : r2(v.interval_pct[1] - v.interval_pct[0]),
    threshold_pct: v.threshold_pct,
    p: v.p,
    p_adj: null,
    method: v.method,
    red_flag: redFlag,
    would_fail: false,
    reason: v.reason
  };
}
function calibrateMetric(cell, rule, gate, kNow) {
  const { def } = rule;
  const values = perTrial(cell, def);
  const ms = meanSd(values);
  const notes = [];
  const out = {
    metric: def.id,
    unit: def.unit,
    direction: def.direction,
    gated: rule.gated,
    values: values.map(sig),
    mean: null,
    sd: null,
    cv: null,
    aa: null,
    noise_pct: null,
    mde_pct: null,
    tolerance: { current: rule.tolerance, default: def.tolerance, recommended: null, threshold_pct: null },
    trials_needed: null,
    reachable: false,
    notes
  };
  const thr = thresholdLog(cell, rule);
  out.tolerance.threshold_pct = pctOf(logToRelative(thr, def.direction));
  if (ms === null || ms.mean <= 0) {
    notes.push(`${values.length} trial value${values.length === 1 ? "" : "s"}: too few to measure the noise`);
    return out;
  }
  const cv2 = ms.sd / ms.mean;
  out.mean = sig(ms.mean);
  out.sd = sig(ms.sd);
  out.cv = Math.round(cv2 * 1e5) / 1e5;
  if (cell.trials.length >= MIN_CALIBRATION_TRIALS) out.aa = aaSplit(cell, rule, gate);
  if (out.aa?.red_flag) notes.push(`the A/A split says ${out.aa.verdict}: ${out.aa.reason}`);
  const k = Math.max(kNow, 2);
  const noise = noiseLog(cv2, k, gate.confidence);
  out.noise_pct = pctOf(logToRelative(noise, def.direction));
  out.mde_pct = pctOf(logToRelative(mdeLog(cv2, k, gate.confidence), def.direction));
  const fromNoise = Math.min(ceilPercent(logToRelative(TOLERANCE_FACTOR * noise, def.direction)), def.direction === "higher" ? 0.99 : Infinity);
  const floorShare = logToRelative(floorLog(cell, rule), def.direction);
  out.tolerance.recommended = fromNoise > floorShare ? Math.max(def.tolerance, fromNoise) : def.tolerance;
  out.trials_needed = trialsNeeded(cv2, thr, gate.confidence);
  out.reachable = out.trials_needed !== null;
  return out;
}
function currentTolerance(gate, scenario, def) {
  const merged = { ...gate.metrics[def.id], ...scenario === null ? {} : gate.scenarios[scenario]?.[def.id] };
  return merged.tolerance ?? def.tolerance;
}
function toleranceChanges(cells, gate) {
  const byMetric = /* @__PURE__ */ new Map();
  for (const c of cells) {
    for (const m of c.metrics) {
      if (!m.gated || m.tolerance.recommended === null) continue;
      let per = byMetric.get(m.metric);
      if (per === void 0) byMetric.set(m.metric, per = /* @__PURE__ */ new Map());
      per.set(c.scenario, Math.max(per.get(c.scenario) ?? 0, m.tolerance.recommended));
    }
  }
  const changes = [];
  for (const [id, per] of byMetric) {
    const def = metricDef(id);
    const own = [...per].filter(([s]) => gate.scenarios[s]?.[id]?.tolerance !== void 0);
    const shared = [...per].filter(([s]) => gate.scenarios[s]?.[id]?.tolerance === void 0);
    const values = new Set(shared.map(([, v]) => v));
    if (values.size === 1) {
      const to = [...values][0];
      const from = currentTolerance(gate, null, def);
      if (to !== from) changes.push({ scenario: null, metric: id, from, to });
    } else {
      own.push(...shared);
    }
    for (const [s, to] of own) {
      const from = currentTolerance(gate, s, def);
      if (to !== from) changes.push({ scenario: s, metric: id, from, to });
    }
  }
  return changes.sort((x, y) => (x.scenario ?? "").localeCompare(y.scenario ?? "") || x.metric.localeCompare(y.metric));
}
function gateYaml(changes, trialsCurrent) {
  if (changes.length === 0) return null;
  const metrics = {};
  const scenarios = {};
  for (const ch of changes) {
    if (ch.scenario === null) metrics[ch.metric] = { tolerance: ch.to };
    else (scenarios[ch.scenario] ??= { metrics: {} }).metrics[ch.metric] = { tolerance: ch.to };
  }
  const gate = {};
  if (Object.keys(metrics).length > 0) gate.metrics = metrics;
  if (Object.keys(scenarios).length > 0) gate.scenarios = scenarios;
  const head = `# llm-perf-gate calibrate: tolerances the measured noise supports at run.trials: ${trialsCurrent}.
# Merge into the gate: section of llm-perf.yml.
`;
  return head + (0, import_yaml.stringify)({ gate });
}
function storedTrials(doc) {
  const run = doc.config.run;
  if (run !== null && typeof run === "object" && typeof run.trials === "number") return run.trials;
  return null;
}
function rulesOfCell(cell, gate) {
  const all = rulesFor(gate, cell.scenario.name, cell.load.kind).filter((r) => r.def.kind !== "absolute");
  const gated = all.filter((r) => r.gated);
  const headline = HEADLINE_METRICS.map((id) => all.find((r) => r.def.id === id)).filter((r) => r !== void 0 && !r.gated);
  return [...gated, ...headline];
}
function calibrate(doc, gate, opts = {}) {
  const kNow = opts.currentTrials ?? storedTrials(doc) ?? 3;
  const notes = [];
  if (doc.status !== "complete") notes.push(`the run is ${doc.status}${doc.error ? ` (${doc.error})` : ""}: figures cover what was measured`);
  if (kNow < 2) notes.push(`run.trials is ${kNow}: with 1 trial a side the gate has no interval for rates; detectable changes are stated for 2`);
  const cells = doc.cells.map((cell) => {
    if (cell.client.saturated) notes.push(`${cell.id}: the client was saturated in some trial: its noise is the load generator's too`);
    if (cell.trials.length < MIN_CALIBRATION_TRIALS) notes.push(`${cell.id}: ${cell.trials.length} trials: an A/A split needs ${MIN_CALIBRATION_TRIALS}`);
    return {
      id: cell.id,
      scenario: cell.scenario.name,
      load: cell.load.label,
      load_kind: cell.load.kind,
      status: cell.status,
      trials: cell.trials.length,
      client_saturated: cell.client.saturated,
      metrics: rulesOfCell(cell, gate).map((rule) => calibrateMetric(cell, rule, gate, kNow))
    };
  });
  const tested = cells.flatMap((c) => c.metrics.filter((m) => m.gated && m.aa !== null && m.aa.p !== null).map((m) => m.aa));
  holm(tested.map((aa) => aa.p)).forEach((p, i) => {
    const aa = tested[i];
    aa.p_adj = Number(p.toPrecision(3));
    aa.would_fail = aa.verdict === "regressed" && p < gate.alpha;
  });
  for (const c of cells) for (const m of c.metrics) if (m.aa?.p != null) m.aa.p = Number(m.aa.p.toPrecision(3));
  const gated = cells.flatMap((c) => c.metrics.filter((m) => m.gated && m.cv !== null).map((m) => ({ c, m })));
  const reachable = gated.filter(({ m }) => m.reachable).map(({ m }) => m.trials_needed);
  const unreachable = gated.filter(({ m }) => !m.reachable).map(({ c, m }) => `${c.id} ${m.metric}`);
  const redFlags = cells.flatMap((c) => c.metrics.filter((m) => m.aa?.red_flag).map((m) => `${c.id} ${m.metric}`));
  const changes = toleranceChanges(cells, gate);
  const trialsRun = Math.max(0, ...doc.cells.map((c) => c.trials.length));
  return {
    schema: CALIBRATION_SCHEMA,
    tool: { name: "llm-perf-gate", version: TOOL_VERSION },
    result: {
      file: opts.resultFile ?? null,
      status: doc.status,
      started_at: doc.started_at,
      model: doc.target?.model ?? null,
      commit: doc.git?.commit ?? null,
      config_hash: doc.config_hash
    },
    settings: {
      confidence: gate.confidence,
      alpha: gate.alpha,
      power: POWER,
      design: "unpaired",
      trials_run: trialsRun,
      trials_current: kNow,
      tolerance_factor: TOLERANCE_FACTOR,
      max_trials: MAX_TRIALS
    },
    summary: {
      cells: cells.length,
      recommended_trials: reachable.length === 0 ? null : Math.max(...reachable),
      unreachable,
      red_flags: redFlags,
      would_fail: cells.flatMap((c) => c.metrics.filter((m) => m.aa?.would_fail).map((m) => `${c.id} ${m.metric}`)),
      tolerance_changes: changes
    },
    gate_yaml: gateYaml(changes, kNow),
    notes,
    cells
  };
}

// src/report/calibration.ts
var num = (x) => {
  if (x === null || !Number.isFinite(x)) return "\u2013";
  const a = Math.abs(x);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : x.toFixed(2);
};
var pct = (x) => x === null ? "\u2013" : `${x.toFixed(1)}%`;
var signed2 = (x) => x === null ? "\u2013" : `${x > 0 ? "+" : ""}${x.toFixed(1)}%`;
var tol = (x) => x === null ? "\u2013" : `${Math.round(x * 1e3) / 10}%`;
var cv = (m) => m.cv === null ? "\u2013" : `${(m.cv * 100).toFixed(1)}%`;
function aaText(aa) {
  if (aa === null) return "\u2013";
  const iv = aa.interval_pct === null ? "" : ` [${signed2(aa.interval_pct[0])} \u2026 ${signed2(aa.interval_pct[1])}]`;
  return `${signed2(aa.change_pct)}${iv}`;
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
        c.id,
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
  if (rec.unreachable !== null) lines.push(rec.unreachable);
  if (doc.summary.red_flags.length > 0) lines.push(`A/A red flags (the two halves of one build differ): ${doc.summary.red_flags.join(", ")}`);
  if (doc.summary.would_fail.length > 0) lines.push(`A/A that would have failed a pull request: ${doc.summary.would_fail.join(", ")}`);
  for (const n of [...doc.notes, ...metricNotes(doc)]) lines.push(`note: ${n}`);
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
var MAX_CALIBRATION_TRIALS = 100;
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
function calibrationTrials(given, plan) {
  if (given === null) return Math.max(plan.limits.trials, DEFAULT_CALIBRATION_TRIALS);
  const n = /^\d+$/.test(given.trim()) ? Number(given.trim()) : NaN;
  if (!Number.isInteger(n) || n < MIN_CALIBRATION_TRIALS || n > MAX_CALIBRATION_TRIALS) {
    throw new RunSetupError(
      `--trials must be an integer from ${MIN_CALIBRATION_TRIALS} (two trials in each half of the A/A split) to ${MAX_CALIBRATION_TRIALS}, got ${JSON.stringify(given)}`
    );
  }
  return n;
}
async function writeCalibrationFiles(cal, markdown, json, cwd) {
  if (markdown !== null) await writeFile2(resolve3(cwd, markdown), renderCalibrationMarkdown(cal));
  if (json !== null) await writeFile2(resolve3(cwd, json), `${JSON.stringify(cal, null, 1)}
`);
}
async function calibrateCommand(args, io) {
  const plan = await loadPlan({ configPath: args.config, cwd: io.cwd, url: args.url, model: args.model, env: io.env });
  const trials = calibrationTrials(args.trials, plan);
  const calPlan = { ...plan, limits: { ...plan.limits, trials } };
  const outPath = resolve3(io.cwd, args.out);
  const { signal, release } = interruptible(io, "the result file");
  try {
    io.stderr.write(`calibrate: ${trials} trials per cell (run.trials is ${plan.limits.trials})
`);
    const doc = await runPlan({ plan: calPlan, outPath, cwd: io.cwd, env: io.env, signal, progress: createProgress(io.stderr) });
    const cal = calibrate(doc, plan.gate, { currentTrials: plan.limits.trials, resultFile: args.out });
    io.stdout.write(`
${calibrationTable(cal)}

result: ${args.out}
`);
    await writeCalibrationFiles(cal, args.markdown, args.json, io.cwd);
    if (args.markdown) io.stdout.write(`report: ${args.markdown}
`);
    if (args.json) io.stdout.write(`calibration: ${args.json}
`);
    return doc.status === "interrupted" ? EXIT.interrupted : EXIT.ok;
  } finally {
    release();
  }
}

// src/cli/embedded.ts
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
var ENGINE_COMMANDS = {
  "serve-embedded": { summary: "serve a tiny model on llama.cpp (CPU) as an OpenAI-compatible target, for quick starts and tests" },
  "make-model": { summary: "make the tiny random-weight model (once per machine) and print its path" }
};
async function runEngineCommand(command, argv, io) {
  const candidates = ["./engine.js", "../../dist/engine.js"].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const path = candidates.find((p) => existsSync(p));
  if (!path) {
    io.stderr.write(`error: the engine bundle is missing (looked for ${candidates.join(", ")}); run 'npm run build'
`);
    return 1;
  }
  const engine = await import(pathToFileURL(path).href);
  return engine.runEngineCommand(command, argv, io);
}

// src/cli/run-command.ts
import { resolve as resolve4 } from "node:path";
var RUN_USAGE = `usage: llm-perf-gate run [--config FILE] [--url URL] [--model NAME] [--out FILE]
                        [--baseline FILE [--markdown FILE] [--json FILE]]

  --config FILE    workload config (default: ./llm-perf.yml, else a built-in one-scenario matrix)
  --url URL        target base URL, overrides target.url (e.g. http://127.0.0.1:8000)
  --model NAME     model id, overrides target.model (default: first id of GET /v1/models)
  --out FILE       result file (default: llm-perf-result.json)
  --baseline FILE  after the run, compare with this result (as 'compare' does)
  --markdown FILE  with --baseline: write the Markdown report here
  --json FILE      with --baseline: write the verdict here

Exit status: 0 the run completed (failed requests are data; with --baseline: pass, warn
or inconclusive), 1 with --baseline: fail, 2 bad config or usage, or the target could not
be reached, 3 with --baseline: the comparison is invalid, 130 interrupted (the result
holds what was measured).`;
async function runCommand(args, io) {
  const plan = await loadPlan({ configPath: args.config, cwd: io.cwd, url: args.url, model: args.model, env: io.env });
  const baseline = args.baseline === null ? null : await readResult(resolve4(io.cwd, args.baseline));
  const outPath = resolve4(io.cwd, args.out);
  const { signal, release } = interruptible(io, "the result file");
  try {
    const doc = await runPlan({ plan, outPath, cwd: io.cwd, env: io.env, signal, progress: createProgress(io.stderr) });
    io.stdout.write(`
${resultTable(doc)}

result: ${args.out}
`);
    if (doc.status === "interrupted") return EXIT.interrupted;
    if (baseline === null) return EXIT.ok;
    io.stdout.write("\n");
    return await reportVerdict(compare(baseline, doc, plan.gate), args, io);
  } finally {
    release();
  }
}

// src/cli/main.ts
var UsageError = class extends Error {
};
var str = (v, key) => typeof v[key] === "string" ? v[key] : null;
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
      json: { type: "string" }
    },
    run: (v, io) => runCommand(
      {
        config: str(v, "config"),
        url: str(v, "url"),
        model: str(v, "model"),
        out: str(v, "out") ?? "llm-perf-result.json",
        baseline: str(v, "baseline"),
        markdown: str(v, "markdown"),
        json: str(v, "json")
      },
      io
    )
  },
  ab: {
    summary: "interleaved A/B: run the matrix on two targets in pairs and compare them with a paired test",
    usage: AB_USAGE,
    options: { config: { type: "string" }, "out-dir": { type: "string" }, markdown: { type: "string" }, json: { type: "string" } },
    run: (v, io) => abCommand({ config: str(v, "config"), outDir: str(v, "out-dir") ?? "llm-perf-ab", markdown: str(v, "markdown"), json: str(v, "json") }, io)
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
    run: (v, io) => compareCommand(
      {
        baseline: required(v, "baseline", COMPARE_USAGE),
        candidate: required(v, "candidate", COMPARE_USAGE),
        config: str(v, "config"),
        markdown: str(v, "markdown"),
        json: str(v, "json")
      },
      io
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
    run: (v, io) => calibrateCommand(
      {
        config: str(v, "config"),
        url: str(v, "url"),
        model: str(v, "model"),
        trials: str(v, "trials"),
        out: str(v, "out") ?? "llm-perf-calibration-result.json",
        markdown: str(v, "markdown"),
        json: str(v, "json")
      },
      io
    )
  }
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
async function main(argv, io) {
  const [name, ...rest] = argv;
  try {
    if (name === "--version" || name === "-v") {
      io.stdout.write(`${TOOL_VERSION}
`);
      return EXIT.ok;
    }
    if (name === void 0 || name === "--help" || name === "-h" || name === "help") {
      io.stdout.write(`${usage()}
`);
      return name === void 0 ? EXIT.usage : EXIT.ok;
    }
    if (Object.hasOwn(ENGINE_COMMANDS, name)) return await runEngineCommand(name, rest, io);
    const command = COMMANDS[name];
    if (command === void 0) throw new UsageError(`unknown command '${name}'

${usage()}`);
    const values = parseStrict(rest, { ...command.options, help: { type: "boolean", short: "h" } });
    if (values.help) {
      io.stdout.write(`${command.usage}
`);
      return EXIT.ok;
    }
    return await command.run(values, io);
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError || err instanceof RunSetupError || err instanceof DatasetError || err instanceof ResultFileError) {
      io.stderr.write(`error: ${err.message}
`);
      return EXIT.usage;
    }
    if (err instanceof ServerStartError) {
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
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
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
