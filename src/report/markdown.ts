// The Markdown report: a headline and one sentence of what regressed by how
// much, reasons for invalid and inconclusive verdicts, the gated metrics of
// the cells that are not plain passes (the others in one line), SLO checks;
// telemetry, the trend and every metric fold away under one line each, so a
// pull-request comment fits on one screen (issue 21, item 3). Renders what
// the verdict says; computes nothing itself.
import { costLine, undecidedSentence } from './cost.js';
import { markdownTable } from 'markdown-table';
import { metricDef } from '../metric-catalogue.js';
import type { CellVerdict, MetricVerdict, Overall, VerdictDoc } from '../gate/verdict.js';
import { capacityCellSection } from './capacity-cell.js';
import { codeSpan, escapeMd } from './escape.js';
import { figure, MARKDOWN_STYLE, rowFigures, signedPct } from './figures.js';
import type { ResultDoc } from '../result/types.js';
import { telemetrySection, telemetrySummary } from './telemetry.js';
import { rampSection } from './ramp.js';
import { turnsSection } from './turns.js';
import { efficiencySection } from './efficiency.js';

const MAX_REPORT_CHARS = 65_536;

const ICON: Record<Overall, string> = { pass: '✅', warn: '⚠️', fail: '❌', inconclusive: '❔', invalid: '🚫' };
const MARK: Record<MetricVerdict['verdict'], string> = {
  regressed: '❌ regressed',
  warn: '⚠️ warn',
  improved: '🚀 improved',
  unchanged: '✅ unchanged',
  inconclusive: '❔ inconclusive',
};

const num = (x: number | null): string => figure(x, MARKDOWN_STYLE);
const shortSha = (s: string | null): string => (s === null ? 'unknown commit' : codeSpan(s.slice(0, 7)));

/** An invalid cell's rows are not counted in the headline: they say so instead of a verdict the headline leaves out. */
function metricRow(cell: CellVerdict, m: MetricVerdict): string[] {
  const f = rowFigures(m, MARKDOWN_STYLE, true);
  return [escapeMd(cell.id), m.metric, f.baseline, f.candidate, f.change, f.interval, cell.valid ? MARK[m.verdict] : `🚫 invalid cell (${m.verdict}, not counted)`];
}

const HEAD = ['cell', 'metric', 'baseline', 'candidate', 'change', 'interval', 'verdict'];

/**
 * Cost and energy exist only where their input does (a price in the config,
 * power readings): a row neither side could have, and that is not gated,
 * says nothing, and 44 rows with 3 of them blank read as a broken run.
 */
function unmeasurable(m: MetricVerdict): boolean {
  return !m.gated && m.baseline === null && m.candidate === null && metricDef(m.metric)?.kind === 'efficiency';
}

function cellDetails(c: CellVerdict): string {
  const shown = c.metrics.filter((m) => !unmeasurable(m));
  const rows = shown.map((m) => metricRow(c, m).slice(1));
  const left = c.metrics.length - shown.length;
  const head = `<details><summary>${escapeMd(c.id)}: all ${shown.length} metrics${left > 0 ? ` (cost and energy left out: neither side had ${left === 1 ? 'its' : 'their'} input)` : ''}</summary>\n\n`;
  return `${head}${markdownTable([HEAD.slice(1), ...rows], { align: ['l', 'r', 'r', 'r', 'r', 'l'] })}\n\n</details>`;
}

/** Which design made the verdict, in words. */
export function designLine(v: VerdictDoc): string {
  switch (v.design) {
    case 'paired':
      return v.sequential === undefined
        ? 'paired design (interleaved A/B in one job)'
        : `paired design (interleaved A/B in one job, sequential: judged after ${v.sequential.trials} of at most ${v.sequential.last} pairs at that look's level)`;
    case 'history':
      return `history design (against the job-to-job noise of ${v.history?.runs ?? '?'} stored runs)`;
    default:
      return v.history === undefined ? 'unpaired design (one stored run)' : 'unpaired design (one stored run: job-to-job noise unknown)';
  }
}

/** The history design: the measured job-to-job noise and the smallest change it can detect, per gated metric. */
function noiseTable(v: VerdictDoc): string | null {
  const rows = v.cells.flatMap((c) =>
    c.metrics
      .filter((m) => m.gated && m.noise !== undefined)
      .map((m) => {
        const n = m.noise!;
        return [
          escapeMd(c.id),
          m.metric,
          String(n.jobs),
          `${n.job_cv_pct.toFixed(1)}%`,
          `${n.trial_cv_pct.toFixed(1)}%`,
          `${signedPct(n.swing_pct[0])} … ${signedPct(n.swing_pct[1])}`,
          signedPct(n.mdc_pct),
        ];
      }),
  );
  if (rows.length === 0) return null;
  const head = ['cell', 'metric', 'stored runs', 'job-to-job CV', 'trial CV', "stored runs' swing", 'smallest detectable change'];
  return `### Job-to-job noise\n\n${markdownTable([head, ...rows], { align: ['l', 'l', 'r', 'r', 'r', 'r', 'r'] })}\n\n<sub>Smallest detectable change: failed with 80% power at the Holm-adjusted level.</sub>`;
}

interface ReportOptions {
  /** Words after the verdict in the headline, e.g. why an invalid check failed the step (plain text: escaped here). */
  headline?: string;
  /** A line right under the headline, before the counts: what a reader of a red or not quite green check needs first (safe Markdown). */
  lead?: string;
  /** A line under the lead: how to accept a regression (safe Markdown); absent: none. */
  hint?: string;
  /** Mark where the top (headline, lead, hint: all an acceptance changes) ends, so a re-judged comment can replace it alone (src/action/rejudge.ts). */
  markTop?: boolean;
  /** Extra lines under the headline, e.g. which history commit was the baseline. */
  context?: string[];
  /** Sections right under the headline's lines, before everything else, e.g. a first run's measured figures (already safe Markdown). */
  first?: string[];
  /** Extra sections after the gated table, e.g. a trend chart (already safe Markdown). */
  sections?: string[];
  maxChars?: number;
  /** The results judged: their server telemetry and environments get a section of their own. */
  results?: { baseline: ResultDoc | null; candidate: ResultDoc };
  /** The workflow run that measured it (its log holds the progress and the server's output); null or absent: none. */
  runUrl?: string | null;
}

/** Untrusted lines shown at most: the rest fold into one block under them. */
const SHOWN_LINES = 5;
/** Cells named in a sentence or a summary at most ("and 3 more"). */
const NAMED = 3;

/** "a", "a and b", "a, b and c", "a, b, c and 2 more". */
function listed(items: readonly string[], max = NAMED): string {
  if (items.length <= 1) return items[0] ?? '';
  const shown = items.slice(0, max);
  const more = items.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A block folded under a one-line summary (the summary: safe inline text). */
function fold(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body}\n\n</details>`;
}

/** A "### Title\n\nbody" section with its title shown and its body folded under `summary`. */
export function foldSection(section: string, summary: string): string {
  const m = /^(#{2,4} [^\n]*)\n\n([\s\S]*)$/.exec(section);
  return m === null ? fold(summary, section) : `${m[1]}\n\n${fold(summary, m[2]!)}`;
}

/** Lines of a list: the first SHOWN_LINES shown, the rest folded under one line that counts them. */
function capped(lines: readonly string[], what: string): string {
  if (lines.length <= SHOWN_LINES + 1) return lines.join('\n');
  const rest = lines.slice(SHOWN_LINES);
  return `${lines.slice(0, SHOWN_LINES).join('\n')}\n\n${fold(`${rest.length} more ${what}`, rest.join('\n'))}`;
}

/**
 * A cell that says nothing beyond "pass": valid, every gated metric
 * unchanged, no failed SLO check. The comment gives such cells one line;
 * their rows are folded under it.
 */
function plainPass(c: CellVerdict, sloFailed: ReadonlySet<string>): boolean {
  return c.valid && !sloFailed.has(c.id) && c.metrics.every((m) => !m.gated || m.verdict === 'unchanged');
}

/** "chat@c=8: tpot_ms.p50 +30.1% and output_tps -20.6%" for one cell; "chat@c=8 (…) and rag@c=8 (…)" for several. */
function changesByCell(cells: readonly CellVerdict[], verdict: MetricVerdict['verdict']): string | null {
  const hits = cells
    .map((c) => ({ c, ms: c.metrics.filter((m) => m.gated && m.verdict === verdict).sort((a, b) => Math.abs(b.change_pct ?? 0) - Math.abs(a.change_pct ?? 0)) }))
    .filter((x) => x.ms.length > 0);
  if (hits.length === 0) return null;
  const metrics = (ms: readonly MetricVerdict[]): string[] => ms.map((m) => `${m.metric} ${signedPct(m.change_pct)}`);
  if (hits.length === 1) return `${escapeMd(hits[0]!.c.id)}: ${listed(metrics(hits[0]!.ms))}`;
  return listed(hits.map((h) => `${escapeMd(h.c.id)} (${metrics(h.ms).slice(0, NAMED).join(', ')}${h.ms.length > NAMED ? ', …' : ''})`));
}

/**
 * The headline sentence: what regressed by how much, what else is not a
 * plain pass, and how many cells are ("chat@c=8: tpot_ms.p50 +30.1% and
 * output_tps -20.6% regressed; 3 other cells unchanged.").
 */
export function verdictSentence(v: VerdictDoc): string {
  const sloFailed = v.slo.filter((o) => !o.ok);
  const failedCells = new Set(sloFailed.map((o) => o.cell));
  const valid = v.cells.filter((c) => c.valid);
  const clauses: string[] = [];
  const regressed = changesByCell(valid, 'regressed');
  if (regressed !== null) clauses.push(`${regressed} regressed`);
  for (const c of v.capacity ?? []) {
    const worse = c.metrics.filter((m) => m.outcome === 'regressed');
    if (c.valid && worse.length > 0) clauses.push(`capacity of ${escapeMd(c.id)} regressed (${worse.map((m) => m.metric).join(', ')})`);
  }
  if (sloFailed.length > 0) clauses.push(`${plural(sloFailed.length, 'SLO check')} failed (${listed(sloFailed.map((o) => `${escapeMd(o.cell)} ${codeSpan(o.check)}`))})`);
  const invalid = v.cells.filter((c) => !c.valid);
  if (invalid.length > 0) clauses.push(`${listed(invalid.map((c) => escapeMd(c.id)))} invalid, not counted`);
  const warn = changesByCell(valid, 'warn');
  if (warn !== null) clauses.push(`${warn} near the threshold (warn)`);
  const inconclusive = valid.filter((c) => c.metrics.some((m) => m.gated && m.verdict === 'inconclusive'));
  if (inconclusive.length > 0) clauses.push(`${plural(v.summary.inconclusive, 'metric')} inconclusive in ${listed(inconclusive.map((c) => escapeMd(c.id)))}`);
  const improved = changesByCell(valid, 'improved');
  if (improved !== null) clauses.push(`${improved} improved`);
  const plain = v.cells.filter((c) => plainPass(c, failedCells)).length;
  if (v.cells.length === 0) clauses.push('no cell was compared');
  else if (plain === v.cells.length) clauses.push(v.cells.length === 1 ? 'every gated metric unchanged' : `all ${v.cells.length} cells unchanged`);
  else if (plain > 0) clauses.push(`${plural(plain, 'other cell')} unchanged`);
  return `${clauses.join('; ')}.`;
}

const GATED_ALIGN: ('l' | 'r')[] = ['l', 'l', 'r', 'r', 'r', 'r', 'l'];

/**
 * The gated metrics of the cells that are not plain passes, as a table; the
 * plain passes in one line, their rows folded under it.
 */
function gatedSection(v: VerdictDoc): string | null {
  const failedCells = new Set(v.slo.filter((o) => !o.ok).map((o) => o.cell));
  const rows = (cells: readonly CellVerdict[]): string[][] => cells.flatMap((c) => c.metrics.filter((m) => m.gated).map((m) => metricRow(c, m)));
  const shown = v.cells.filter((c) => !plainPass(c, failedCells));
  const plain = v.cells.filter((c) => plainPass(c, failedCells));
  const out: string[] = [];
  const shownRows = rows(shown);
  if (shownRows.length > 0) out.push(markdownTable([HEAD, ...shownRows], { align: GATED_ALIGN }));
  const plainRows = rows(plain);
  if (plainRows.length > 0) {
    const who = plain.length === v.cells.length ? (plain.length === 1 ? `✅ ${escapeMd(plain[0]!.id)}` : `✅ All ${plain.length} cells`) : `✅ ${plural(plain.length, 'other cell')}`;
    const names =
      plain.length === v.cells.length && plain.length === 1
        ? ''
        : `: ${listed(
            plain.map((c) => escapeMd(c.id)),
            5,
          )}`;
    out.push(fold(`${who}: every gated metric unchanged (${plural(plainRows.length, 'row')})${names}`, markdownTable([HEAD, ...plainRows], { align: GATED_ALIGN })));
  }
  return out.length === 0 ? null : `### Gated metrics\n\n${out.join('\n\n')}`;
}

/** The reason a verdict without a baseline starts with (src/gate/no-baseline.ts). */
const NO_BASELINE = 'no baseline: ';

/**
 * Nothing stored to compare with (a first run) and no SLO check failed: the
 * verdict's word is `pass`, but nothing passed a comparison, so the report
 * and the check call it neither a pass nor a fail (issue 31).
 */
export function noBaselineYet(v: VerdictDoc): boolean {
  return v.baseline.status === 'missing' && v.verdict === 'pass' && v.cells.length === 0;
}

/** The headline's words for a run with nothing to compare with. */
export const NO_BASELINE_HEADLINE = 'no baseline yet: figures recorded';

/** Where a report's top ends (ReportOptions.markTop): an HTML comment, unseen where the report is shown. */
export const TOP_END = '<!-- llm-perf-gate:top-end -->';

/**
 * The report's top: the headline, the lead and the hint: what accepting a
 * regression changes, and nothing else (the rest reads the verdict as measured).
 */
export function reportTop(v: VerdictDoc, opts: Pick<ReportOptions, 'headline' | 'lead' | 'hint'>): string {
  const first = noBaselineYet(v);
  // An accepted regression is neither the red cross of a failure nor a pass: the step passed because a writer said so.
  const icon = first ? '➖' : v.accepted !== undefined && v.verdict === 'fail' ? '☑️' : ICON[v.verdict];
  const parts = [`## ${icon} llm-perf-gate: ${first ? NO_BASELINE_HEADLINE : v.verdict}${opts.headline ? ` · ${escapeMd(opts.headline)}` : ''}`];
  if (opts.lead) parts.push(opts.lead);
  if (opts.hint) parts.push(opts.hint);
  return parts.join('\n\n');
}

export function renderMarkdown(v: VerdictDoc, opts: ReportOptions = {}): string {
  const max = opts.maxChars ?? MAX_REPORT_CHARS;
  const s = v.summary;
  const parts: string[] = [reportTop(v, opts)];
  if (opts.markTop) parts.push(TOP_END);
  const first = noBaselineYet(v);
  // Without a baseline the one thing to say first is why nothing was compared: said once, not again among the reasons.
  const why = v.baseline.status === 'missing' ? v.reasons.find((r) => r.startsWith(NO_BASELINE)) : undefined;
  if (why !== undefined) parts.push(`**Nothing was compared: ${escapeMd(why.slice(NO_BASELINE.length))}.**`);
  parts.push(...(opts.first ?? []));
  if (!first) {
    // A run that spent its budget undecided says so first, in plain words: what it rules out, what more would decide.
    const undecidedText = undecidedSentence(v);
    if (undecidedText !== null) parts.push(`**${undecidedText}**`);
    // What regressed by how much, in one sentence; the counts under it.
    parts.push(verdictSentence(v));
    parts.push(
      `**${s.regressed} regressed** · ${s.improved} improved · ${s.unchanged} unchanged · ${s.warn} warn · ${s.inconclusive} inconclusive` +
        (s.invalid_cells > 0 ? ` · ${s.invalid_cells} invalid cell${s.invalid_cells === 1 ? '' : 's'}` : '') +
        (s.slo_failed > 0 ? ` · ${s.slo_failed} SLO check${s.slo_failed === 1 ? '' : 's'} failed` : ''),
    );
  }
  const candidate = `${shortSha(v.candidate.commit)} (${escapeMd(v.candidate.model ?? 'unknown model')})`;
  parts.push(
    v.baseline.status === 'missing'
      ? `Candidate ${candidate}; no baseline to compare with${v.slo.length > 0 ? ': only the SLO checks judged it' : ''}.`
      : `Baseline ${shortSha(v.baseline.commit)} (${escapeMd(v.baseline.model ?? 'unknown model')}) vs candidate ${candidate}; ` +
          `${designLine(v)}, ${Math.round(v.settings.confidence * 100)}% intervals, Holm-adjusted α = ${v.settings.alpha}.`,
  );
  const cost = costLine(v);
  if (cost !== null) parts.push(`**Cost:**${cost.slice('cost:'.length)}`);
  for (const n of v.history?.notes ?? []) parts.push(`> ${escapeMd(n)}`);
  for (const line of opts.context ?? []) parts.push(line);
  const reasons = v.reasons.filter((r) => r !== why);
  if (reasons.length > 0)
    parts.push(
      capped(
        reasons.map((r) => `- ${escapeMd(r)}`),
        'reasons',
      ),
    );
  // Capacity first: the load a server sustains within its SLOs is the headline figure when it was measured.
  for (const c of v.capacity ?? []) parts.push(capacityCellSection(c.candidate, c.baseline, c.metrics));

  const gated = gatedSection(v);
  if (gated !== null) parts.push(gated);
  const notes = v.cells.flatMap((c) => c.metrics.filter((m) => m.gated && (m.verdict === 'inconclusive' || m.verdict === 'warn')).map((m) => `- ${escapeMd(c.id)} ${m.metric}: ${escapeMd(m.reason)}`));
  if (notes.length > 0) parts.push(capped(notes, 'notes on warn and inconclusive metrics'));
  if (v.slo.length > 0) {
    const row = (o: VerdictDoc['slo'][number]): string[] => [escapeMd(o.cell), codeSpan(o.check), num(o.value), o.ok ? '✅ ok' : '❌ failed', escapeMd(o.note ?? '')];
    const head = ['cell', 'check', 'value', 'result', 'note'];
    const failed = v.slo.filter((o) => !o.ok);
    const ok = v.slo.filter((o) => o.ok);
    const out: string[] = [];
    if (failed.length > 0) out.push(markdownTable([head, ...failed.map(row)]));
    if (ok.length > 0) out.push(fold(`✅ ${plural(ok.length, 'check')} ok`, markdownTable([head, ...ok.map(row)])));
    parts.push(`### SLO checks\n\n${out.join('\n\n')}`);
  }
  const noise = noiseTable(v);
  if (noise !== null) parts.push(foldSection(noise, 'the job-to-job noise of each gated metric, and the smallest change it lets the gate detect'));
  // Telemetry says why a cell was slower, or void: its title stays in sight,
  // its tables fold under a line that says what they hold.
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
    parts.push(fold(`Warnings (${lines.length})`, lines.map((l) => `- ${escapeMd(l)}`).join('\n')));
  }
  parts.push(...(opts.sections ?? []));

  // Details go last and are cut first: the verdict and gated table must always fit.
  // Several cells' tables fold under one line; each cell's under its own inside it.
  const head = parts.join('\n\n');
  const details = v.cells.map(cellDetails);
  const wrap = details.length > 1;
  const open = wrap ? `\n\n<details><summary>All metrics, per cell (${details.length} cells)</summary>` : '';
  const close = wrap ? '\n\n</details>' : '';
  // The docs are llm-perf-gate's, not the reader's repository's: said so, since a bare docs/... path reads as a file of theirs.
  const run = opts.runUrl ? `[The run's log](${opts.runUrl}) (progress, the server's output) · ` : '';
  const footer = `\n\n<sub>${run}Metric definitions: llm-perf-gate's docs/metrics.md · how verdicts are decided: its docs/gate.md</sub>\n`;
  let body = head + open;
  let kept = 0;
  // Room kept for the note that says details were cut.
  const reserve = 200 + close.length + footer.length;
  for (const d of details) {
    if (body.length + 2 + d.length + reserve > max) break;
    body += `\n\n${d}`;
    kept++;
  }
  body = kept === 0 && wrap ? head : body + close;
  if (kept < details.length) body += `\n\n_${details.length - kept} cells' details were cut to fit ${max} characters; the verdict JSON has them all._`;
  body += footer;
  return body.length > max ? truncate(body, max) : body;
}

const OPEN = /<details>/g;
const CLOSE = /<\/details>/g;

/**
 * The report cut to `max` characters as a last resort. A cut inside a
 * <details> block would leave it open, and everything GitHub shows after it
 * (the truncation note, the sections a job summary appends later, a
 * comment's footer) would fold away inside it: each block left open is closed.
 */
function truncate(body: string, max: number): string {
  const note = '\n\n_(report truncated)_\n';
  const closer = '\n\n</details>';
  let cut = body.slice(0, max - note.length);
  for (;;) {
    const open = (cut.match(OPEN)?.length ?? 0) - (cut.match(CLOSE)?.length ?? 0);
    const text = `${cut}${closer.repeat(Math.max(0, open))}${note}`;
    if (text.length <= max || cut.length === 0) return text;
    cut = cut.slice(0, max - note.length - closer.length * Math.max(1, open));
  }
}
