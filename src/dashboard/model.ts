// What the dashboard shows, as one plain JSON value: commits in order, and per
// cell and metric the values, the trials' range, the gate threshold around the
// latest result, the change points and a summary row. Pure: no I/O. The page
// only draws this; it recomputes nothing.
import type { AcceptedStep, ChangePoint, MetricSeries } from '../changes/series.js';
import { mirrorThreshold } from '../gate/outcome.js';
import { ratioThreshold } from '../gate/policy.js';
import type { StoredGate } from '../result/types.js';

/** The gate of the push that stored a commit's result, as the page shows it. */
export interface DashboardGate {
  verdict: StoredGate['verdict'];
  /** Gated metrics that regressed against the baseline. */
  regressed: number;
  /** The regression was accepted on purpose in the pull request the commit was merged from. */
  accepted: StoredGate['accepted'];
  /** The pull request the commit was merged from, when the action found it. */
  pullRequest: number | null;
}

export interface DashboardCommit {
  commit: string;
  /** Committer date when the repository the page was built in has the commit; else when the result was measured. */
  date: string;
  /** When the result was measured (the result's start time). */
  measuredAt: string;
  subject: string | null;
  /** null: the stored result carries no gate (stored before gates were kept, or not by the action on a push). */
  gate: DashboardGate | null;
  /** What the charts mark on this commit's points: a failed gate (red) or an accepted regression; null: nothing. */
  mark: 'fail' | 'accepted' | null;
}

interface DashboardChange {
  /** Index into `commits` of the first commit after the change. */
  at: number;
  commit: string;
  relative: number;
  interval: [number, number];
  pValue: number;
  worse: boolean;
  /** A step for the worse that the pull request it came from accepted as intended. */
  accepted: AcceptedStep | null;
}

export interface DashboardSeries {
  cell: string;
  metric: string;
  unit: string;
  direction: 'higher' | 'lower';
  gated: boolean;
  /** One entry per commit of `commits` (null where this series has no value). */
  values: (number | null)[];
  lo: (number | null)[];
  hi: (number | null)[];
  /**
   * What the next pull request is judged against, around the latest value:
   * the gate's threshold on the bad side (tolerance, or the floor where that
   * is wider) and its mirror on the good side (src/gate/policy.ts).
   */
  band: { commit: string; value: number; lo: number; hi: number } | null;
  changes: DashboardChange[];
  summary: {
    latest: number | null;
    latestCommit: string | null;
    /** The last change point, if any. */
    lastChange: DashboardChange | null;
    /** Latest value / mean of the level before the last change point − 1 (the whole series' mean without one). */
    sinceChange: number | null;
    /** Least-squares slope since the last change point (at most 20 points), relative to their mean, per commit. */
    trendPerCommit: number | null;
  };
}

export interface DashboardData {
  title: string;
  generatedAt: string;
  /** `https://github.com/owner/repo`; null: commits are shown without links. */
  repoUrl: string | null;
  commits: DashboardCommit[];
  series: DashboardSeries[];
  /** Settings the change points were found with, shown in the footer. */
  detection: { significance: number; minRelativeChange: number; permutations: number };
  notes: string[];
}

const TREND_POINTS = 20;

function slopePerCommit(ys: number[]): number | null {
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

function bandAround(s: MetricSeries, last: { commit: string; value: number }): DashboardSeries['band'] {
  const thr = ratioThreshold(s.direction, s.tolerance, s.floor, last.value);
  const [a, b] = [last.value * thr, last.value * mirrorThreshold(thr)];
  return { commit: last.commit, value: last.value, lo: Math.min(a, b), hi: Math.max(a, b) };
}

export function dashboardSeries(s: MetricSeries, changes: readonly ChangePoint[], commits: readonly DashboardCommit[]): DashboardSeries {
  const at = new Map(commits.map((c, i) => [c.commit, i]));
  const values: (number | null)[] = commits.map(() => null);
  const lo: (number | null)[] = commits.map(() => null);
  const hi: (number | null)[] = commits.map(() => null);
  for (const p of s.points) {
    const i = at.get(p.commit);
    if (i === undefined) continue;
    values[i] = p.value;
    lo[i] = p.trialRange?.[0] ?? null;
    hi[i] = p.trialRange?.[1] ?? null;
  }
  const mine = changes
    .filter((c) => c.cell === s.cell && c.metric === s.metric && at.has(c.commit))
    .map((c) => ({ at: at.get(c.commit)!, commit: c.commit, relative: c.relative, interval: c.interval, pValue: c.pValue, worse: c.worse, accepted: c.accepted }))
    .sort((a, b) => a.at - b.at);
  const last = s.points.at(-1) ?? null;
  const lastChange = mine.at(-1) ?? null;
  const since = lastChange === null ? s.points : s.points.filter((p) => (at.get(p.commit) ?? -1) >= lastChange.at);
  // The level before the last change point: back to the one before it, or the series' start.
  const from = mine.length >= 2 ? mine.at(-2)!.at : 0;
  const before =
    lastChange === null
      ? []
      : s.points.filter((p) => {
          const i = at.get(p.commit) ?? -1;
          return i >= from && i < lastChange.at;
        });
  const beforeMean = before.length ? before.reduce((a, p) => a + p.value, 0) / before.length : null;
  // With no change point the latest value is set against the series' mean.
  const reference = lastChange === null ? (s.points.length ? s.points.reduce((a, p) => a + p.value, 0) / s.points.length : null) : beforeMean;
  return {
    cell: s.cell,
    metric: s.metric,
    unit: s.unit,
    direction: s.direction,
    gated: s.gated,
    values,
    lo,
    hi,
    band: last === null || s.metric === 'error_rate' ? null : bandAround(s, last),
    changes: mine,
    summary: {
      latest: last?.value ?? null,
      latestCommit: last?.commit ?? null,
      lastChange,
      sinceChange: last === null || reference === null || reference === 0 ? null : last.value / reference - 1,
      trendPerCommit: slopePerCommit(since.slice(-TREND_POINTS).map((p) => p.value)),
    },
  };
}

/** The stored gate as the page shows it; null for a result without one. */
export function dashboardGate(gate: StoredGate | undefined): DashboardGate | null {
  return gate === undefined ? null : { verdict: gate.verdict, regressed: gate.regressed, accepted: gate.accepted, pullRequest: gate.pull_request };
}

/** An accepted regression is marked as such whatever the verdict; a failed gate otherwise; nothing else is marked. */
export function gateMark(gate: DashboardGate | null): DashboardCommit['mark'] {
  if (gate === null) return null;
  if (gate.accepted !== null) return 'accepted';
  return gate.verdict === 'fail' ? 'fail' : null;
}

/** `https://github.com/o/r` from a remote URL (https or ssh form); null for anything else. */
export function repoUrlOf(remoteUrl: string): string | null {
  const m = /^(?:https:\/\/(?:[^@/]+@)?github\.com\/|git@github\.com:|ssh:\/\/git@github\.com\/)([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?\/?$/.exec(remoteUrl.trim());
  return m ? `https://github.com/${m[1]}/${m[2]}` : null;
}
