// Renders a calibration (gate/calibrate.ts) for a terminal and as Markdown.
// Computes nothing itself; every untrusted string (cell ids, model, notes
// that quote them) is escaped in Markdown.
import { markdownTable } from 'markdown-table';
import type { AaSplit, CalibrationDoc, MetricCalibration } from '../gate/calibrate.js';
import { codeSpan, escapeMd } from './escape.js';
import { forTerminal } from '../util/safe-text.js';
import { renderTable } from './terminal.js';
import { shareFigure } from './figures.js';

const num = (x: number | null): string => {
  if (x === null || !Number.isFinite(x)) return '–';
  const a = Math.abs(x);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : x.toFixed(2);
};
const pct = (x: number | null): string => (x === null ? '–' : `${x.toFixed(1)}%`);
const signed = (x: number | null): string => (x === null ? '–' : `${x > 0 ? '+' : ''}${x.toFixed(1)}%`);
const tol = (x: number | null): string => (x === null ? '–' : `${Math.round(x * 1000) / 10}%`);
/** The mean with its unit; a share (error_rate) as a percentage. */
const meanText = (m: MetricCalibration): string => (m.unit === 'share' ? shareFigure(m.mean) : `${num(m.mean)} ${m.unit}`);
const cv = (m: MetricCalibration): string => (m.cv === null ? '–' : `${(m.cv * 100).toFixed(1)}%`);

function aaText(aa: AaSplit | null): string {
  if (aa === null) return '–';
  const iv = aa.interval_pct === null ? '' : ` [${signed(aa.interval_pct[0])} … ${signed(aa.interval_pct[1])}]`;
  return `${signed(aa.change_pct)}${iv}`;
}

function aaVerdict(aa: AaSplit | null, md: boolean): string {
  if (aa === null) return '–';
  if (!aa.red_flag) return aa.verdict;
  const fail = aa.would_fail ? ', would fail' : '';
  return md ? `🚩 ${aa.verdict}${fail}` : `${aa.verdict} (!${fail})`;
}

/** Why a metric has no figure or no A/A interval, one line each. */
function metricNotes(doc: CalibrationDoc): string[] {
  const lines: string[] = [];
  for (const c of doc.cells) {
    for (const m of c.metrics) {
      const why = [...m.notes];
      if (m.aa !== null && m.aa.interval_pct === null && m.aa.reason !== '') why.push(`A/A: ${m.aa.reason}`);
      for (const w of why) lines.push(`${c.id} ${m.metric}: ${w}`);
    }
  }
  return lines;
}

const trialsText = (m: MetricCalibration, max: number): string => (m.cv === null ? '–' : m.reachable ? String(m.trials_needed) : `> ${max}`);

function toleranceText(m: MetricCalibration): string {
  const { current, recommended } = m.tolerance;
  if (recommended === null || recommended === current) return tol(current);
  return `${tol(current)} → ${tol(recommended)}`;
}

/** The headline recommendation (`Recommended trials: N`) and why, plus the metrics no trial count reaches. */
function recommendation(doc: CalibrationDoc): { head: string; why: string; unreachable: string | null } {
  const s = doc.summary;
  const k = doc.settings.trials_current;
  const unreachable = s.unreachable.length === 0 ? null : `Not detectable within ${doc.settings.max_trials} trials at the current tolerance: ${s.unreachable.join(', ')}`;
  if (s.recommended_trials === null) {
    // No gated metric reached: either none had the trials to measure its noise, or the noise was measured and no count up to the limit detects the tolerance.
    const measured = doc.cells.some((c) => c.metrics.some((m) => m.gated && m.cv !== null));
    const why = measured ? `no gated metric's tolerance is detectable within ${doc.settings.max_trials} trials at the measured noise` : 'too few trials per cell to measure the noise';
    return { head: 'Recommended trials: none', why, unreachable };
  }
  const verb = s.recommended_trials > k ? `raise run.trials from ${k}` : s.recommended_trials < k ? `run.trials: ${k} is more than needed` : `run.trials: ${k} is right`;
  return {
    head: `Recommended trials: ${s.recommended_trials}`,
    why: `${verb}; the most any gated metric needs for its current tolerance to be detectable at ${Math.round(doc.settings.power * 100)}% power`,
    unreachable,
  };
}

/** Terminal / CI log rendering. */
export function calibrationTable(doc: CalibrationDoc): string {
  const k = doc.settings.trials_current;
  const rows = [['cell', 'metric', 'mean', 'cv', 'A/A change [interval]', 'A/A verdict', `mde@${k}`, 'tolerance', 'trials for tol']];
  for (const c of doc.cells) {
    for (const m of c.metrics) {
      rows.push([
        forTerminal(c.id),
        `${m.metric}${m.gated ? ' *' : ''}`,
        meanText(m),
        cv(m),
        aaText(m.aa),
        aaVerdict(m.aa, false),
        pct(m.mde_pct),
        toleranceText(m),
        trialsText(m, doc.settings.max_trials),
      ]);
    }
  }
  const lines = [
    `calibration: ${doc.settings.trials_run} trials per cell, split alternately into two halves; ${Math.round(doc.settings.confidence * 100)}% intervals; mde at run.trials = ${k} per side, unpaired, ${Math.round(doc.settings.power * 100)}% power`,
    '',
    renderTable(rows),
    '* gated; cv: across trials; tolerance: current → recommended; trials for tol: per side, for the current tolerance',
    '',
  ];
  const rec = recommendation(doc);
  lines.push(`${rec.head} (${rec.why})`);
  if (rec.unreachable !== null) lines.push(forTerminal(rec.unreachable));
  if (doc.summary.red_flags.length > 0) lines.push(`A/A red flags (the two halves of one build differ): ${doc.summary.red_flags.map(forTerminal).join(', ')}`);
  if (doc.summary.would_fail.length > 0) lines.push(`A/A that would have failed a pull request: ${doc.summary.would_fail.map(forTerminal).join(', ')}`);
  for (const n of [...doc.notes, ...metricNotes(doc)]) lines.push(`note: ${forTerminal(n)}`);
  lines.push(doc.gate_yaml === null ? 'Tolerances: the current ones fit the measured noise.' : `\nRecommended gate settings:\n\n${doc.gate_yaml}`);
  return lines.join('\n');
}

/** The Markdown report. */
export function renderCalibrationMarkdown(doc: CalibrationDoc): string {
  const k = doc.settings.trials_current;
  const s = doc.summary;
  const parts: string[] = [];
  parts.push(`## ${s.red_flags.length > 0 ? '🚩' : '📏'} llm-perf-gate calibration`);
  parts.push(
    `A/A run of ${escapeMd(doc.result.model ?? 'unknown model')}` +
      (doc.result.commit === null ? '' : ` at ${codeSpan(doc.result.commit.slice(0, 7))}`) +
      `: ${doc.settings.trials_run} trials per cell, split alternately into two halves and compared as the gate compares a baseline with a candidate ` +
      `(${Math.round(doc.settings.confidence * 100)}% intervals). Detectable changes are for run.trials = ${k} per side, unpaired, at ${Math.round(doc.settings.power * 100)}% power.`,
  );
  const rec = recommendation(doc);
  parts.push(`**${rec.head}** (${escapeMd(rec.why)})` + (rec.unreachable === null ? '' : `  \n${escapeMd(rec.unreachable)}`));
  if (s.red_flags.length > 0) {
    parts.push(
      `🚩 **The A/A split found a change where there is none**: ${s.red_flags.map(escapeMd).join(', ')}` +
        (s.would_fail.length > 0 ? ` (after Holm's correction this would have failed a pull request: ${s.would_fail.map(escapeMd).join(', ')})` : '') +
        '. The halves ran the same build: the target drifted or alternated between states during the run, or its noise is larger than the intervals allow for. ' +
        'One flag among many metrics can be chance; the same flag in a second calibration is not.',
    );
  }
  const head = ['cell', 'metric', 'mean', 'cv', 'A/A change [interval]', 'A/A verdict', `mde @ ${k} trials`, 'tolerance', 'trials for tol'];
  const rows = doc.cells.flatMap((c) =>
    c.metrics.map((m) => [
      escapeMd(c.id),
      m.gated ? `**${m.metric}**` : m.metric,
      meanText(m),
      cv(m),
      aaText(m.aa),
      aaVerdict(m.aa, true),
      pct(m.mde_pct),
      toleranceText(m),
      trialsText(m, doc.settings.max_trials),
    ]),
  );
  parts.push(markdownTable([head, ...rows], { align: ['l', 'l', 'r', 'r', 'r', 'l', 'r', 'r', 'r'] }));
  parts.push(
    '**Bold**: gated. *cv*: coefficient of variation across trials. *mde*: smallest change the current trials detect with 80% power. ' +
      '*tolerance*: current → recommended (the larger of the default and 1.5× the A/A noise at the current trials). ' +
      '*trials for tol*: trials per side for the current tolerance to be detectable. See docs/calibrate.md.',
  );
  const notes = [...doc.notes, ...metricNotes(doc)];
  if (notes.length > 0) parts.push(notes.map((n) => `- ${escapeMd(n)}`).join('\n'));
  if (doc.gate_yaml === null) parts.push('The current tolerances fit the measured noise: nothing to change.');
  else parts.push(`### Recommended gate settings\n\n\`\`\`yaml\n${doc.gate_yaml.trimEnd()}\n\`\`\``);
  return `${parts.join('\n\n')}\n`;
}
