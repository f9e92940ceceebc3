// The verdict a pull-request comment reports, kept in the comment itself
// (issue 31): a label or a comment command re-judges it without measuring
// again (src/action/rejudge.ts). It travels as one hidden line of gzip and
// base64 in the action's own comment, found by marker and author, so a
// stranger's comment that copies the line is never read.
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Acceptance, VerdictDoc } from '../gate/verdict.js';
import { isRecord } from '../util/record.js';

const FORMAT = 'llm-perf-gate/stored-verdict@1';

/** What a re-judge needs: the verdict as measured (no acceptance) and the acceptance the comment shows now. */
export interface StoredVerdict {
  verdict: VerdictDoc;
  accepted: Acceptance | null;
}

/** Longest line kept (base64 characters): beyond it the comment keeps no verdict, and a re-judge says to re-run the job. */
export const MAX_STORED_CHARS = 24_000;
/** A stored verdict inflates to at most this much: a line is never a way to make the action spend memory. */
const MAX_INFLATED = 8 * 1024 * 1024;

/**
 * The verdict without what a re-judge never reads (ungated metrics'
 * figures and their statistics): the top, the outcome line and the check
 * run's annotations come from the gated metrics, the summary and the SLO checks.
 */
function slim(v: VerdictDoc): VerdictDoc {
  const { accepted: _accepted, ...rest } = v;
  return { ...rest, cells: v.cells.map((c) => ({ ...c, metrics: c.metrics.filter((m) => m.gated) })) };
}

/** The line's payload, or null when it would not fit (a very large matrix): the comment then carries none. */
export function encodeStoredVerdict(v: VerdictDoc): string | null {
  const doc = { format: FORMAT, verdict: slim(v), accepted: v.accepted ?? null };
  const text = gzipSync(Buffer.from(JSON.stringify(doc)), { level: 9 }).toString('base64');
  return text.length <= MAX_STORED_CHARS ? text : null;
}

/** The stored verdict, or a sentence that says why there is none usable. */
export function decodeStoredVerdict(text: string): StoredVerdict | { problem: string } {
  let doc: unknown;
  try {
    doc = JSON.parse(gunzipSync(Buffer.from(text, 'base64'), { maxOutputLength: MAX_INFLATED }).toString('utf8'));
  } catch (err) {
    return { problem: `its stored verdict cannot be read (${err instanceof Error ? err.message : String(err)})` };
  }
  if (!isRecord(doc) || doc.format !== FORMAT) return { problem: `its stored verdict is not ${FORMAT} (written by another version of llm-perf-gate?)` };
  const v = doc.verdict;
  if (!isRecord(v) || typeof v.verdict !== 'string' || !isRecord(v.summary) || !Array.isArray(v.cells) || !Array.isArray(v.slo))
    return { problem: 'its stored verdict lacks the verdict, summary, cells or SLO checks' };
  return { verdict: v as unknown as VerdictDoc, accepted: isRecord(doc.accepted) ? (doc.accepted as unknown as Acceptance) : null };
}
