// The report stage: a verdict becomes a terminal table, a Markdown report and
// a JSON verdict file, and an exit status. Pure rendering lives in
// src/report/; this stage decides what goes where.
import { resolve } from 'node:path';
import type { Overall, VerdictDoc } from '../gate/verdict.js';
import { confirmationSection, type ConfirmationView } from '../report/confirmation.js';
import { escapeMd } from '../report/escape.js';
import { foldSection, renderMarkdown } from '../report/markdown.js';
import { resultTableMd } from '../report/result-table.js';
import { verdictTable } from '../report/verdict-table.js';
import type { ResultDoc } from '../result/types.js';
import { writeOutputFile } from '../result/write.js';
import { EXIT } from './exit.js';
import type { Host } from './host.js';
import type { StepNote } from './publish.js';

/** Exit statuses of the hosts (README "The CLI"); a user error's own status is on the error (src/errors/). */

/** Exit status for a verdict: 1 fail, 3 invalid, else 0. */
function verdictExit(v: Overall): number {
  return v === 'fail' ? EXIT.fail : v === 'invalid' ? EXIT.invalid : EXIT.ok;
}

interface VerdictFiles {
  /** Paths relative to the host's cwd; null: not written. */
  markdown: string | null;
  json: string | null;
}

export async function writeVerdictFiles(host: Host, v: VerdictDoc, markdown: string, files: VerdictFiles): Promise<void> {
  if (files.markdown !== null) await writeOutputFile(resolve(host.cwd, files.markdown), markdown, 'the report');
  if (files.json !== null) await writeOutputFile(resolve(host.cwd, files.json), `${JSON.stringify(v, null, 1)}\n`, 'the verdict');
}

/**
 * Prints the verdict table, writes the report and verdict files asked for, and
 * returns the exit status. `results`: the results judged, for the report's telemetry section.
 */
export async function reportVerdict(host: Host, v: VerdictDoc, files: VerdictFiles, results?: { baseline: ResultDoc | null; candidate: ResultDoc }): Promise<number> {
  host.log.out(verdictTable(v, host.log.columns('out')));
  await writeVerdictFiles(host, v, renderMarkdown(v, { results }), files);
  if (files.markdown !== null) host.log.out(`report: ${files.markdown}\n`);
  if (files.json !== null) host.log.out(`verdict: ${files.json}\n`);
  return verdictExit(v.verdict);
}

interface ReportContext {
  /** Which baseline, or why there is none: one line under the headline. */
  baselineNote: string;
  /** The workflow run's page, linked from the footer; null or absent: none (the CLI). */
  runUrl?: string | null;
  /** The measured result was compared with nothing: show its figures first. */
  noBaseline: boolean;
  /** With no baseline: a line or two on what happens next (how a baseline comes to exist), safe Markdown. */
  next?: string[];
  /** A regression that can be accepted: one line on how (the label, the comment command), safe Markdown; null: none. */
  acceptHint?: string | null;
  /** The trend section (src/changes/markdown.ts renderTrendTable), or null. */
  trend: string | null;
  /** The baseline result judged against, for the telemetry section's side-by-side; null: none. */
  baseline?: ResultDoc | null;
  /** The first measurement and how it was confirmed, when a failure was measured again. */
  confirmation?: ConfirmationView | null;
  /** Why an invalid or inconclusive verdict left the step red or green, and what to change (stepNote); null: nothing to say. */
  stepNote?: StepNote | null;
}

/** The action report's top (src/report/markdown.ts reportTop): the step note as headline and lead, then how to accept. */
export function reportTopOptions(note: StepNote | null, acceptHint: string | null): { headline?: string; lead?: string; hint?: string } {
  return { ...(note ? { headline: note.headline, lead: `**${escapeMd(note.detail)}**` } : {}), ...(acceptHint ? { hint: acceptHint } : {}) };
}

/** The Markdown report of the action: verdict, the measured table first when there was no baseline, and the trend (folded). */
export function renderReport(v: VerdictDoc, doc: ResultDoc, ctx: ReportContext): string {
  const sections: string[] = [];
  if (ctx.confirmation) sections.push(confirmationSection(ctx.confirmation));
  // With nothing to compare with, the figures measured are the report: first, then what happens next (issue 31).
  const first = ctx.noBaseline ? [`### Measured\n\n${resultTableMd(doc)}`, ...(ctx.next ?? [])] : [];
  // The trend's title and its dashboard link stay in sight; its rows fold away (one screen for the comment, issue 21, item 3).
  if (ctx.trend !== null) {
    const link = /\n\n(\[Dashboard\]\([^)\s]*\))$/.exec(ctx.trend);
    const table = link === null ? ctx.trend : ctx.trend.slice(0, link.index);
    sections.push(foldSection(table, 'the last stored runs of each gated metric: sparkline, latest value, last change point') + (link === null ? '' : `\n\n${link[1]}`));
  }
  // The step note leads the lines under the headline: it is what a reader of a red, or a not quite green, check needs first.
  return renderMarkdown(v, {
    ...reportTopOptions(ctx.stepNote ?? null, ctx.acceptHint ?? null),
    markTop: true,
    // Without a baseline, the verdict's first reason is the note itself, and the report says it once (src/report/markdown.ts).
    context: ctx.noBaseline ? [] : [ctx.baselineNote.replace(/^baseline: /, 'Baseline: ')],
    first,
    sections,
    results: { baseline: ctx.baseline ?? null, candidate: doc },
    runUrl: ctx.runUrl ?? null,
  });
}
