// What the history branch holds, as pure functions: `results/<commit>.json`, one
// file per commit, and `index.json`, a small list of entries, newest first.

export interface HistoryEntry {
  commit: string;
  ref: string | null;
  stored_at: string;
  /** Path on the branch: `results/<commit>.json`. */
  file: string;
  /** A few figures per metric, for trend charts without reading every result. */
  headline: Record<string, number | null>;
}

export const INDEX_FILE = 'index.json';
export const RESULTS_DIR = 'results';

const COMMIT = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export function isCommitId(s: string): boolean {
  return COMMIT.test(s);
}

export function resultFile(commit: string): string {
  return `${RESULTS_DIR}/${commit}.json`;
}

/** The commit a `results/` entry name stands for, or null for a stranger. */
export function commitOfResultName(name: string): string | null {
  const m = /^([0-9a-f]+)\.json$/.exec(name);
  return m?.[1] !== undefined && isCommitId(m[1]) ? m[1] : null;
}

/**
 * index.json from the branch. Malformed entries are dropped rather than fatal:
 * a hand-edited index must not stop every later run from saving.
 */
export function parseIndex(text: string): HistoryEntry[] | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(raw)) return null;
  const out: HistoryEntry[] = [];
  for (const e of raw) {
    if (typeof e !== 'object' || e === null) continue;
    const r = e as Record<string, unknown>;
    if (typeof r.commit !== 'string' || !isCommitId(r.commit)) continue;
    const headline: Record<string, number | null> = {};
    if (typeof r.headline === 'object' && r.headline !== null) {
      for (const [k, v] of Object.entries(r.headline)) {
        if (v === null || (typeof v === 'number' && Number.isFinite(v))) headline[k] = v;
      }
    }
    out.push({
      commit: r.commit,
      ref: typeof r.ref === 'string' ? r.ref : null,
      stored_at: typeof r.stored_at === 'string' ? r.stored_at : '',
      file: resultFile(r.commit),
      headline,
    });
  }
  return out;
}

/** The new entry first, an older entry for the same commit replaced, then cut to `retention`. */
export function addEntry(index: HistoryEntry[], entry: HistoryEntry, retention: number): { index: HistoryEntry[]; pruned: string[] } {
  const rest = index.filter((e) => e.commit !== entry.commit);
  const all = [entry, ...rest];
  return { index: all.slice(0, retention), pruned: all.slice(retention).map((e) => e.commit) };
}

/** Stable, diff-friendly: one entry per line. */
export function renderIndex(index: HistoryEntry[]): string {
  if (index.length === 0) return '[]\n';
  return `[\n${index.map((e) => `  ${JSON.stringify(e)}`).join(',\n')}\n]\n`;
}

/** `git.ref` of a result document, when it is one. */
export function refOfResult(resultJson: string): string | null {
  try {
    const ref = (JSON.parse(resultJson) as { git?: { ref?: unknown } | null }).git?.ref;
    return typeof ref === 'string' ? ref : null;
  } catch {
    return null;
  }
}
