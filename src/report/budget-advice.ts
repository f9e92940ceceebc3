// The budget advice of `calibrate --baseline --candidate` as a terminal table
// and as Markdown: per cell and gated metric the A/A pairs' spread and the
// pairs a budget needs, then the recommendation and its run: snippet.
import type { BudgetAdvice } from '../gate/budget-advice.js';
import { MAX_BUDGET_PAIRS } from '../gate/budget-advice.js';
import { markdownTable } from 'markdown-table';
import { forTerminal } from '../util/safe-text.js';
import { escapeMd } from './escape.js';
import { renderTable } from './terminal.js';

const pct = (x: number | null, signed = false): string => (x === null ? '-' : `${signed && x > 0 ? '+' : ''}${x.toFixed(1)}%`);
const pairsText = (n: number | null): string => (n === null ? `> ${MAX_BUDGET_PAIRS}` : String(n));

/** One row per cell and gated metric; `text` makes the cell id (read from a result file, untrusted) safe for where it goes. */
function rows(a: BudgetAdvice, text: (s: string) => string): string[][] {
  return a.cells.flatMap((c) => c.metrics.map((m) => [text(c.id), m.metric, String(m.pairs), pct(m.mean_pct, true), pct(m.spread_pct), pct(m.threshold_pct), pairsText(m.budget_pairs)]));
}

const HEAD = ['cell', 'metric', 'pairs', 'A/A mean', 'spread', 'threshold', 'budget (pairs)'];

/** One sentence: the recommendation, or why there is none. */
export function budgetSentence(a: BudgetAdvice): string {
  if (a.pairs !== null) {
    const time = a.minutes === null ? '' : `, about ${a.minutes} min of measuring`;
    return `Recommended budget: ${a.pairs} pairs${time}: with it an unchanged build is decided, and a regression of twice the threshold fails, 4 times in 5 (the first look stays at ${a.first} pairs; runs that decide sooner stop sooner).`;
  }
  if (a.unreachable.length > 0)
    return `No budget up to ${MAX_BUDGET_PAIRS} pairs decides ${a.unreachable.join(', ')}: raise the tolerance, lower the noise (more requests per trial, a quieter runner), or report the metric without gating it (gate: false).`;
  return 'No recommendation: the runs have fewer than 2 pairs with values for the gated metrics.';
}

/** Fixed-width table for the terminal. */
export function budgetTable(a: BudgetAdvice): string {
  const out = [
    `budget from an A/A paired run: ${a.power * 100}% power, looks from ${a.first} pairs; spread: sd of the pairs' log ratios`,
    '',
    renderTable([HEAD, ...rows(a, forTerminal)]),
    '',
    budgetSentence(a),
  ];
  if (a.yaml !== null) out.push('', a.yaml.trimEnd());
  for (const n of a.notes) out.push(`note: ${n}`);
  return out.join('\n');
}

export function renderBudgetMarkdown(a: BudgetAdvice): string {
  const out = [
    '## llm-perf-gate calibrate: a budget for the paired A/B',
    '',
    markdownTable([HEAD, ...rows(a, escapeMd).map((r) => [r[0]!, escapeMd(r[1]!), ...r.slice(2)])], { align: ['l', 'l', 'r', 'r', 'r', 'r', 'r'] }),
    '',
    budgetSentence(a),
  ];
  if (a.yaml !== null) out.push('', '```yaml', a.yaml.trimEnd(), '```');
  for (const n of a.notes) out.push('', `> ${escapeMd(n)}`);
  return `${out.join('\n')}\n`;
}
