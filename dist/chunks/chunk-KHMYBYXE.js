import { createRequire as __llmPerfGateRequire } from 'node:module'; const require = __llmPerfGateRequire(import.meta.url);
import {
  MARKDOWN_STYLE,
  TERMINAL_STYLE,
  figure,
  pairsToDecide,
  rowFigures,
  ruledOut,
  signedPct,
  telemetrySection,
  telemetrySummary,
  undecided
} from "./chunk-YS323RDP.js";
import {
  PercentileCells,
  capacityCellSection,
  capacityVerdictRows,
  codeSpan,
  droppedNote,
  efficiencySection,
  escapeMd,
  fitTable,
  markdownTable,
  rampSection,
  renderTable,
  turnsSection,
  writeOutputFile
} from "./chunk-4RCXW3T6.js";
import {
  metricDef
} from "./chunk-54LALYOF.js";
import {
  EXIT
} from "./chunk-ZSLGKFHA.js";
import {
  forTerminal
} from "./chunk-BF4Y2SSP.js";

// src/pipeline/report.ts
import { resolve } from "node:path";

// src/report/confirmation.ts
function confirmationSection(c) {
  const lines = [`### Confirmation

The first measurement would have failed; measured again before deciding: ${escapeMd(c.how)}.`];
  if (c.persisted.length > 0) lines.push(`Regressed in both measurements: ${c.persisted.map(escapeMd).join(", ")}.`);
  if (c.cleared.length > 0) lines.push(`Regressed in the first measurement only (not counted): ${c.cleared.map(escapeMd).join(", ")}.`);
  const rows = c.first.cells.flatMap(
    (cell) => cell.metrics.filter((m) => m.gated).map((m) => {
      const f2 = rowFigures(m, MARKDOWN_STYLE, true);
      return [escapeMd(cell.id), m.metric, f2.baseline, f2.candidate, f2.change, f2.interval, m.verdict];
    })
  );
  if (rows.length > 0) {
    const table = markdownTable([["cell", "metric", "baseline", "candidate", "change", "interval", "verdict"], ...rows], { align: ["l", "l", "r", "r", "r", "r", "l"] });
    lines.push(`<details><summary>First measurement (${c.first.design} design): ${c.first.verdict}</summary>

${table}

</details>`);
  }
  return lines.join("\n\n");
}

// src/report/cost.ts
function plainMetric(id) {
  const [key, stat] = id.split(".");
  const names = {
    output_tps: "output tok/s",
    input_tps: "input tok/s",
    total_tps: "total tok/s",
    rps: "requests/s",
    goodput_rps: "goodput",
    error_rate: "error rate",
    ttft_ms: "TTFT",
    queued_ttft_ms: "queued TTFT",
    tpot_ms: "TPOT",
    itl_ms: "inter-token latency",
    e2e_ms: "end-to-end latency",
    queued_e2e_ms: "queued end-to-end latency",
    user_tps: "per-user tok/s"
  };
  const name = names[key] ?? key;
  return stat === void 0 ? name : `${name} ${stat}`;
}
var minutes = (s) => s < 90 ? `${Math.round(s)} s` : `${(s / 60).toFixed(1)} min`;
function units(v, n) {
  const word = v.design === "paired" ? "pair" : "trial";
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
function costLine(v) {
  const c = v.cost;
  if (c === void 0) return null;
  const parts = [units(v, c.trials), `${c.requests} requests`, `${minutes(c.wall_s)} of measuring`, `${c.server_minutes} server-minutes`];
  if (c.gpu_minutes !== null) parts.push(`${c.gpu_minutes} GPU-minutes`);
  let why = "";
  if (c.budget !== void 0) {
    const budget = `budget ${units(v, c.budget.trials)}${c.budget.minutes === null ? "" : `, ${c.budget.minutes} min`}`;
    const stopped = c.budget.stopped === "decided" ? "stopped when every gated metric was decided" : c.budget.stopped === "budget-minutes" ? "stopped undecided: the next pair would have passed the time budget" : c.budget.stopped === "interrupted" ? "interrupted" : "stopped undecided at the budget";
    why = ` (sequential, ${stopped}; ${budget})`;
  }
  return `cost: ${parts.join(", ")}${why}.`;
}
function undecidedSentence(v, esc = escapeMd) {
  if (v.verdict !== "inconclusive" && v.verdict !== "warn") return null;
  const open = undecided(v);
  if (open.length === 0) return null;
  const c = v.cost;
  const n = c?.trials ?? v.sequential?.trials ?? Math.max(0, ...v.cells.map((x) => x.trials.candidate));
  const spent = c?.budget !== void 0 && c.budget.stopped !== "decided" ? ", the budget" : "";
  const cells = new Set(open.map((u) => u.cell)).size;
  const said = open.slice(0, 3).map((u) => {
    const r = ruledOut(u.metric);
    const where = cells > 1 ? ` in ${esc(u.cell)}` : "";
    return `${plainMetric(u.metric.metric)}${where} ${changeWords(u.metric)}${r === null ? "" : `, ${r}`}`;
  });
  const need = Math.max(0, ...open.map((u) => pairsToDecide(u.metric, n) ?? 0));
  const more = v.design === "history" ? jobNoiseAdvice(open.map((u) => u.metric)) : need > n ? `; about ${units(v, need)} in all would decide it` : open.some((u) => pairsToDecide(u.metric, n) === null) ? "; the change sits on the threshold, so more measuring alone may not decide it" : "";
  return `Undecided after ${units(v, n)}${spent}: ${said.join("; ")}${open.length > 3 ? `; ${open.length - 3} more` : ""}${more}.`;
}
function jobNoiseAdvice(open) {
  const cv = Math.max(0, ...open.map((m) => m.noise?.job_cv_pct ?? 0));
  const spread = cv > 0 ? ` (about ${cv.toFixed(1)}% from job to job)` : "";
  return `; more trials of this job cannot narrow the stored runs' spread${spread}: a same-job A/B (the action's baseline-url, or 'llm-perf-gate ab') would decide it`;
}
function changeWords(m) {
  if (m.change_pct === null) return "has no estimate";
  const sign = m.change_pct > 0 ? "+" : "";
  return m.metric === "error_rate" ? `moved ${sign}${m.change_pct} points` : `moved ${sign}${m.change_pct}%`;
}

// src/report/markdown.ts
var MAX_REPORT_CHARS = 65536;
var ICON = { pass: "\u2705", warn: "\u26A0\uFE0F", fail: "\u274C", inconclusive: "\u2754", invalid: "\u{1F6AB}" };
var MARK = {
  regressed: "\u274C regressed",
  warn: "\u26A0\uFE0F warn",
  improved: "\u{1F680} improved",
  unchanged: "\u2705 unchanged",
  inconclusive: "\u2754 inconclusive"
};
var num = (x) => figure(x, MARKDOWN_STYLE);
var shortSha = (s) => s === null ? "unknown commit" : codeSpan(s.slice(0, 7));
function metricRow(cell, m) {
  const f2 = rowFigures(m, MARKDOWN_STYLE, true);
  return [escapeMd(cell.id), m.metric, f2.baseline, f2.candidate, f2.change, f2.interval, cell.valid ? MARK[m.verdict] : `\u{1F6AB} invalid cell (${m.verdict}, not counted)`];
}
var HEAD = ["cell", "metric", "baseline", "candidate", "change", "interval", "verdict"];
function unmeasurable(m) {
  return !m.gated && m.baseline === null && m.candidate === null && metricDef(m.metric)?.kind === "efficiency";
}
function cellDetails(c) {
  const shown = c.metrics.filter((m) => !unmeasurable(m));
  const rows = shown.map((m) => metricRow(c, m).slice(1));
  const left = c.metrics.length - shown.length;
  const head = `<details><summary>${escapeMd(c.id)}: all ${shown.length} metrics${left > 0 ? ` (cost and energy left out: neither side had ${left === 1 ? "its" : "their"} input)` : ""}</summary>

`;
  return `${head}${markdownTable([HEAD.slice(1), ...rows], { align: ["l", "r", "r", "r", "r", "l"] })}

</details>`;
}
function designLine(v) {
  switch (v.design) {
    case "paired":
      return v.sequential === void 0 ? "paired design (interleaved A/B in one job)" : `paired design (interleaved A/B in one job, sequential: judged after ${v.sequential.trials} of at most ${v.sequential.last} pairs at that look's level)`;
    case "history":
      return `history design (against the job-to-job noise of ${v.history?.runs ?? "?"} stored runs)`;
    default:
      return v.history === void 0 ? "unpaired design (one stored run)" : "unpaired design (one stored run: job-to-job noise unknown)";
  }
}
function noiseTable(v) {
  const rows = v.cells.flatMap(
    (c) => c.metrics.filter((m) => m.gated && m.noise !== void 0).map((m) => {
      const n = m.noise;
      return [
        escapeMd(c.id),
        m.metric,
        String(n.jobs),
        `${n.job_cv_pct.toFixed(1)}%`,
        `${n.trial_cv_pct.toFixed(1)}%`,
        `${signedPct(n.swing_pct[0])} \u2026 ${signedPct(n.swing_pct[1])}`,
        signedPct(n.mdc_pct)
      ];
    })
  );
  if (rows.length === 0) return null;
  const head = ["cell", "metric", "stored runs", "job-to-job CV", "trial CV", "stored runs' swing", "smallest detectable change"];
  return `### Job-to-job noise

${markdownTable([head, ...rows], { align: ["l", "l", "r", "r", "r", "r", "r"] })}

<sub>Smallest detectable change: failed with 80% power at the Holm-adjusted level.</sub>`;
}
var SHOWN_LINES = 5;
var NAMED = 3;
function listed(items, max = NAMED) {
  if (items.length <= 1) return items[0] ?? "";
  const shown = items.slice(0, max);
  const more = items.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  return `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}
var plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
function fold(summary, body) {
  return `<details><summary>${summary}</summary>

${body}

</details>`;
}
function foldSection(section, summary) {
  const m = /^(#{2,4} [^\n]*)\n\n([\s\S]*)$/.exec(section);
  return m === null ? fold(summary, section) : `${m[1]}

${fold(summary, m[2])}`;
}
function capped(lines, what) {
  if (lines.length <= SHOWN_LINES + 1) return lines.join("\n");
  const rest = lines.slice(SHOWN_LINES);
  return `${lines.slice(0, SHOWN_LINES).join("\n")}

${fold(`${rest.length} more ${what}`, rest.join("\n"))}`;
}
function plainPass(c, sloFailed) {
  return c.valid && !sloFailed.has(c.id) && c.metrics.every((m) => !m.gated || m.verdict === "unchanged");
}
function changesByCell(cells, verdict) {
  const hits = cells.map((c) => ({ c, ms: c.metrics.filter((m) => m.gated && m.verdict === verdict).sort((a, b) => Math.abs(b.change_pct ?? 0) - Math.abs(a.change_pct ?? 0)) })).filter((x) => x.ms.length > 0);
  if (hits.length === 0) return null;
  const metrics = (ms) => ms.map((m) => `${m.metric} ${signedPct(m.change_pct)}`);
  if (hits.length === 1) return `${escapeMd(hits[0].c.id)}: ${listed(metrics(hits[0].ms))}`;
  return listed(hits.map((h) => `${escapeMd(h.c.id)} (${metrics(h.ms).slice(0, NAMED).join(", ")}${h.ms.length > NAMED ? ", \u2026" : ""})`));
}
function verdictSentence(v) {
  const sloFailed = v.slo.filter((o) => !o.ok);
  const failedCells = new Set(sloFailed.map((o) => o.cell));
  const valid = v.cells.filter((c) => c.valid);
  const clauses = [];
  const regressed = changesByCell(valid, "regressed");
  if (regressed !== null) clauses.push(`${regressed} regressed`);
  for (const c of v.capacity ?? []) {
    const worse = c.metrics.filter((m) => m.outcome === "regressed");
    if (c.valid && worse.length > 0) clauses.push(`capacity of ${escapeMd(c.id)} regressed (${worse.map((m) => m.metric).join(", ")})`);
  }
  if (sloFailed.length > 0) clauses.push(`${plural(sloFailed.length, "SLO check")} failed (${listed(sloFailed.map((o) => `${escapeMd(o.cell)} ${codeSpan(o.check)}`))})`);
  const invalid = v.cells.filter((c) => !c.valid);
  if (invalid.length > 0) clauses.push(`${listed(invalid.map((c) => escapeMd(c.id)))} invalid, not counted`);
  const warn = changesByCell(valid, "warn");
  if (warn !== null) clauses.push(`${warn} near the threshold (warn)`);
  const inconclusive = valid.filter((c) => c.metrics.some((m) => m.gated && m.verdict === "inconclusive"));
  if (inconclusive.length > 0) clauses.push(`${plural(v.summary.inconclusive, "metric")} inconclusive in ${listed(inconclusive.map((c) => escapeMd(c.id)))}`);
  const improved = changesByCell(valid, "improved");
  if (improved !== null) clauses.push(`${improved} improved`);
  const plain = v.cells.filter((c) => plainPass(c, failedCells)).length;
  if (v.cells.length === 0) clauses.push("no cell was compared");
  else if (plain === v.cells.length) clauses.push(v.cells.length === 1 ? "every gated metric unchanged" : `all ${v.cells.length} cells unchanged`);
  else if (plain > 0) clauses.push(`${plural(plain, "other cell")} unchanged`);
  return `${clauses.join("; ")}.`;
}
var GATED_ALIGN = ["l", "l", "r", "r", "r", "r", "l"];
function gatedSection(v) {
  const failedCells = new Set(v.slo.filter((o) => !o.ok).map((o) => o.cell));
  const rows = (cells) => cells.flatMap((c) => c.metrics.filter((m) => m.gated).map((m) => metricRow(c, m)));
  const shown = v.cells.filter((c) => !plainPass(c, failedCells));
  const plain = v.cells.filter((c) => plainPass(c, failedCells));
  const out = [];
  const shownRows = rows(shown);
  if (shownRows.length > 0) out.push(markdownTable([HEAD, ...shownRows], { align: GATED_ALIGN }));
  const plainRows = rows(plain);
  if (plainRows.length > 0) {
    const who = plain.length === v.cells.length ? plain.length === 1 ? `\u2705 ${escapeMd(plain[0].id)}` : `\u2705 All ${plain.length} cells` : `\u2705 ${plural(plain.length, "other cell")}`;
    const names = plain.length === v.cells.length && plain.length === 1 ? "" : `: ${listed(
      plain.map((c) => escapeMd(c.id)),
      5
    )}`;
    out.push(fold(`${who}: every gated metric unchanged (${plural(plainRows.length, "row")})${names}`, markdownTable([HEAD, ...plainRows], { align: GATED_ALIGN })));
  }
  return out.length === 0 ? null : `### Gated metrics

${out.join("\n\n")}`;
}
var NO_BASELINE = "no baseline: ";
function noBaselineYet(v) {
  return v.baseline.status === "missing" && v.verdict === "pass" && v.cells.length === 0;
}
var NO_BASELINE_HEADLINE = "no baseline yet: figures recorded";
var TOP_END = "<!-- llm-perf-gate:top-end -->";
function reportTop(v, opts) {
  const first = noBaselineYet(v);
  const icon = first ? "\u2796" : v.accepted !== void 0 && v.verdict === "fail" ? "\u2611\uFE0F" : ICON[v.verdict];
  const parts = [`## ${icon} llm-perf-gate: ${first ? NO_BASELINE_HEADLINE : v.verdict}${opts.headline ? ` \xB7 ${escapeMd(opts.headline)}` : ""}`];
  if (opts.lead) parts.push(opts.lead);
  if (opts.hint) parts.push(opts.hint);
  return parts.join("\n\n");
}
function renderMarkdown(v, opts = {}) {
  const max = opts.maxChars ?? MAX_REPORT_CHARS;
  const s = v.summary;
  const parts = [reportTop(v, opts)];
  if (opts.markTop) parts.push(TOP_END);
  const first = noBaselineYet(v);
  const why = v.baseline.status === "missing" ? v.reasons.find((r) => r.startsWith(NO_BASELINE)) : void 0;
  if (why !== void 0) parts.push(`**Nothing was compared: ${escapeMd(why.slice(NO_BASELINE.length))}.**`);
  parts.push(...opts.first ?? []);
  if (!first) {
    const undecidedText = undecidedSentence(v);
    if (undecidedText !== null) parts.push(`**${undecidedText}**`);
    parts.push(verdictSentence(v));
    parts.push(
      `**${s.regressed} regressed** \xB7 ${s.improved} improved \xB7 ${s.unchanged} unchanged \xB7 ${s.warn} warn \xB7 ${s.inconclusive} inconclusive` + (s.invalid_cells > 0 ? ` \xB7 ${s.invalid_cells} invalid cell${s.invalid_cells === 1 ? "" : "s"}` : "") + (s.slo_failed > 0 ? ` \xB7 ${s.slo_failed} SLO check${s.slo_failed === 1 ? "" : "s"} failed` : "")
    );
  }
  const candidate = `${shortSha(v.candidate.commit)} (${escapeMd(v.candidate.model ?? "unknown model")})`;
  parts.push(
    v.baseline.status === "missing" ? `Candidate ${candidate}; no baseline to compare with${v.slo.length > 0 ? ": only the SLO checks judged it" : ""}.` : `Baseline ${shortSha(v.baseline.commit)} (${escapeMd(v.baseline.model ?? "unknown model")}) vs candidate ${candidate}; ${designLine(v)}, ${Math.round(v.settings.confidence * 100)}% intervals, Holm-adjusted \u03B1 = ${v.settings.alpha}.`
  );
  const cost = costLine(v);
  if (cost !== null) parts.push(`**Cost:**${cost.slice("cost:".length)}`);
  for (const n of v.history?.notes ?? []) parts.push(`> ${escapeMd(n)}`);
  for (const line of opts.context ?? []) parts.push(line);
  const reasons = v.reasons.filter((r) => r !== why);
  if (reasons.length > 0)
    parts.push(
      capped(
        reasons.map((r) => `- ${escapeMd(r)}`),
        "reasons"
      )
    );
  for (const c of v.capacity ?? []) parts.push(capacityCellSection(c.candidate, c.baseline, c.metrics));
  const gated = gatedSection(v);
  if (gated !== null) parts.push(gated);
  const notes = v.cells.flatMap((c) => c.metrics.filter((m) => m.gated && (m.verdict === "inconclusive" || m.verdict === "warn")).map((m) => `- ${escapeMd(c.id)} ${m.metric}: ${escapeMd(m.reason)}`));
  if (notes.length > 0) parts.push(capped(notes, "notes on warn and inconclusive metrics"));
  if (v.slo.length > 0) {
    const row = (o) => [escapeMd(o.cell), codeSpan(o.check), num(o.value), o.ok ? "\u2705 ok" : "\u274C failed", escapeMd(o.note ?? "")];
    const head2 = ["cell", "check", "value", "result", "note"];
    const failed = v.slo.filter((o) => !o.ok);
    const ok = v.slo.filter((o) => o.ok);
    const out = [];
    if (failed.length > 0) out.push(markdownTable([head2, ...failed.map(row)]));
    if (ok.length > 0) out.push(fold(`\u2705 ${plural(ok.length, "check")} ok`, markdownTable([head2, ...ok.map(row)])));
    parts.push(`### SLO checks

${out.join("\n\n")}`);
  }
  const noise = noiseTable(v);
  if (noise !== null) parts.push(foldSection(noise, "the job-to-job noise of each gated metric, and the smallest change it lets the gate detect"));
  if (opts.results) {
    const efficiency = efficiencySection(opts.results.candidate, opts.results.baseline);
    if (efficiency !== null) parts.push(efficiency);
    const turns = turnsSection(opts.results.candidate, opts.results.baseline);
    if (turns !== null) parts.push(turns);
    const ramps = rampSection(opts.results.candidate, opts.results.baseline);
    if (ramps !== null) parts.push(ramps);
    const telemetry = telemetrySection(v, opts.results.baseline, opts.results.candidate);
    if (telemetry) parts.push(foldSection(telemetry, telemetrySummary(v, opts.results.baseline, opts.results.candidate)));
  }
  if (v.warnings.length > 0 || v.cells.some((c) => c.warnings.length > 0)) {
    const lines = [...v.warnings, ...v.cells.flatMap((c) => c.warnings.map((w) => `${c.id}: ${w}`))];
    parts.push(fold(`Warnings (${lines.length})`, lines.map((l) => `- ${escapeMd(l)}`).join("\n")));
  }
  parts.push(...opts.sections ?? []);
  const head = parts.join("\n\n");
  const details = v.cells.map(cellDetails);
  const wrap = details.length > 1;
  const open = wrap ? `

<details><summary>All metrics, per cell (${details.length} cells)</summary>` : "";
  const close = wrap ? "\n\n</details>" : "";
  const run = opts.runUrl ? `[The run's log](${opts.runUrl}) (progress, the server's output) \xB7 ` : "";
  const footer = `

<sub>${run}Metric definitions: llm-perf-gate's docs/metrics.md \xB7 how verdicts are decided: its docs/gate.md</sub>
`;
  let body = head + open;
  let kept = 0;
  const reserve = 200 + close.length + footer.length;
  for (const d of details) {
    if (body.length + 2 + d.length + reserve > max) break;
    body += `

${d}`;
    kept++;
  }
  body = kept === 0 && wrap ? head : body + close;
  if (kept < details.length) body += `

_${details.length - kept} cells' details were cut to fit ${max} characters; the verdict JSON has them all._`;
  body += footer;
  return body.length > max ? truncate(body, max) : body;
}
var OPEN = /<details>/g;
var CLOSE = /<\/details>/g;
function truncate(body, max) {
  const note = "\n\n_(report truncated)_\n";
  const closer = "\n\n</details>";
  let cut = body.slice(0, max - note.length);
  for (; ; ) {
    const open = (cut.match(OPEN)?.length ?? 0) - (cut.match(CLOSE)?.length ?? 0);
    const text = `${cut}${closer.repeat(Math.max(0, open))}${note}`;
    if (text.length <= max || cut.length === 0) return text;
    cut = cut.slice(0, max - note.length - closer.length * Math.max(1, open));
  }
}

// src/report/result-table.ts
var f = (x, d = 1) => x === null || x === void 0 ? "\u2013" : x.toFixed(d);
function resultTableMd(doc) {
  const pc = new PercentileCells((x) => f(x), "\u2013");
  const p = pc.cell.bind(pc);
  const rows = [["cell", "ok/sent", "req/s", "in tok/s", "out tok/s", "TTFT p50", "TTFT p95", "TPOT p50", "E2E p95", "errors"]];
  for (const c of doc.cells) {
    const m = c.metrics;
    const errs = Object.entries(m.errors).map(([k, e]) => `${e.count} ${k}`).join(", ") || "0";
    rows.push([
      escapeMd(c.id),
      `${m.counts.completed}/${m.counts.attempted}`,
      f(m.rps, 2),
      f(m.input_tps, 0),
      f(m.output_tps, 0),
      p(m.ttft_ms, "p50"),
      p(m.ttft_ms, "p95"),
      p(m.tpot_ms, "p50"),
      p(m.e2e_ms, "p95"),
      escapeMd(errs)
    ]);
  }
  const turns = turnsSection(doc);
  const ramps = rampSection(doc);
  const rough = pc.note();
  return `${markdownTable(rows, { align: ["l", "r", "r", "r", "r", "r", "r", "r", "r", "l"] })}

<sub>Latencies in ms${rough === null ? "" : `; ${rough}`}.</sub>${turns === null ? "" : `

${turns}`}${ramps === null ? "" : `

${ramps}`}`;
}

// src/report/verdict-table.ts
var VERDICT_DROP_ORDER = ["interval", "baseline", "candidate"];
function verdictTable(v, width = null) {
  const rows = [["cell", "metric", "baseline", "candidate", "change", "interval", "verdict"]];
  for (const c of v.cells) {
    for (const m of c.metrics) {
      if (!m.gated) continue;
      const f2 = rowFigures(m, TERMINAL_STYLE, false);
      rows.push([forTerminal(c.id) + (c.valid ? "" : " [invalid]"), m.metric, f2.baseline, f2.candidate, f2.change, f2.interval, c.valid ? m.verdict : `invalid (${m.verdict}, not counted)`]);
    }
  }
  const capacity = capacityVerdictRows(v.capacity);
  rows.push(...capacity.rows);
  const lines = [
    `verdict: ${v.verdict.toUpperCase()}  (${v.summary.regressed} regressed, ${v.summary.improved} improved, ${v.summary.unchanged} unchanged, ${v.summary.warn} warn, ${v.summary.inconclusive} inconclusive, ${v.summary.invalid_cells} invalid cells, ${v.summary.slo_failed} SLO failures)`
  ];
  lines.push(designLine(v));
  const undecidedText = undecidedSentence(v, forTerminal);
  if (undecidedText !== null) lines.push(undecidedText);
  const cost = costLine(v);
  if (cost !== null) lines.push(cost);
  for (const n of v.history?.notes ?? []) lines.push(`note: ${forTerminal(n)}`);
  if (rows.length > 1) {
    const fitted = fitTable(rows, width, VERDICT_DROP_ORDER);
    lines.push(renderTable(fitted.rows));
    const dropped = droppedNote(fitted.dropped, width);
    if (dropped !== null) lines.push(dropped);
  }
  lines.push(...capacity.lines);
  const noise = v.cells.flatMap((c) => c.metrics.filter((m) => m.gated && m.noise !== void 0).map((m) => ({ c, m, n: m.noise })));
  if (noise.length > 0) {
    const head = ["cell", "metric", "stored runs", "job CV", "trial CV", "swing", "detects"];
    const body = noise.map(({ c, m, n }) => [
      forTerminal(c.id),
      m.metric,
      String(n.jobs),
      `${n.job_cv_pct.toFixed(1)}%`,
      `${n.trial_cv_pct.toFixed(1)}%`,
      `${signedPct(n.swing_pct[0], TERMINAL_STYLE)}..${signedPct(n.swing_pct[1], TERMINAL_STYLE)}`,
      signedPct(n.mdc_pct, TERMINAL_STYLE)
    ]);
    lines.push(`job-to-job noise (smallest change that fails with 80% power):
${renderTable([head, ...body])}`);
  }
  for (const r of v.reasons) lines.push(`- ${forTerminal(r)}`);
  for (const w of v.warnings) lines.push(`warning: ${forTerminal(w)}`);
  return lines.join("\n");
}

// src/pipeline/report.ts
function verdictExit(v) {
  return v === "fail" ? EXIT.fail : v === "invalid" ? EXIT.invalid : EXIT.ok;
}
async function writeVerdictFiles(host, v, markdown, files) {
  if (files.markdown !== null) await writeOutputFile(resolve(host.cwd, files.markdown), markdown, "the report");
  if (files.json !== null) await writeOutputFile(resolve(host.cwd, files.json), `${JSON.stringify(v, null, 1)}
`, "the verdict");
}
async function reportVerdict(host, v, files, results) {
  host.log.out(verdictTable(v, host.log.columns("out")));
  await writeVerdictFiles(host, v, renderMarkdown(v, { results }), files);
  if (files.markdown !== null) host.log.out(`report: ${files.markdown}
`);
  if (files.json !== null) host.log.out(`verdict: ${files.json}
`);
  return verdictExit(v.verdict);
}
function reportTopOptions(note, acceptHint) {
  return { ...note ? { headline: note.headline, lead: `**${escapeMd(note.detail)}**` } : {}, ...acceptHint ? { hint: acceptHint } : {} };
}
function renderReport(v, doc, ctx) {
  const sections = [];
  if (ctx.confirmation) sections.push(confirmationSection(ctx.confirmation));
  const first = ctx.noBaseline ? [`### Measured

${resultTableMd(doc)}`, ...ctx.next ?? []] : [];
  if (ctx.trend !== null) {
    const link = /\n\n(\[Dashboard\]\([^)\s]*\))$/.exec(ctx.trend);
    const table = link === null ? ctx.trend : ctx.trend.slice(0, link.index);
    sections.push(foldSection(table, "the last stored runs of each gated metric: sparkline, latest value, last change point") + (link === null ? "" : `

${link[1]}`));
  }
  return renderMarkdown(v, {
    ...reportTopOptions(ctx.stepNote ?? null, ctx.acceptHint ?? null),
    markTop: true,
    // Without a baseline, the verdict's first reason is the note itself, and the report says it once (src/report/markdown.ts).
    context: ctx.noBaseline ? [] : [ctx.baselineNote.replace(/^baseline: /, "Baseline: ")],
    first,
    sections,
    results: { baseline: ctx.baseline ?? null, candidate: doc },
    runUrl: ctx.runUrl ?? null
  });
}

export {
  noBaselineYet,
  NO_BASELINE_HEADLINE,
  TOP_END,
  reportTop,
  writeVerdictFiles,
  reportVerdict,
  reportTopOptions,
  renderReport
};
