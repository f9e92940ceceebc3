// The run design, decided once, before anything is measured: what is
// measured first (a result file read, the candidate alone, or the candidate
// and a baseline server in pairs), where the baseline comes from, what
// happens when a stored baseline turns out to be missing, how a failing
// unpaired verdict is confirmed, and whether the result is stored. Both hosts
// map their own words onto these choices (the action's inputs, the CLI's
// flags and its config's `ab` section); src/pipeline/run.ts carries a design
// out through ports. Pure: no I/O, so every combination is tested in
// milliseconds (test/pipeline/design.test.ts).

/** The baseline a host asks for, in its own words mapped to one vocabulary. */
/** none: `why` is the report's line saying so in the host's words (an input, a flag). */
export type BaselineChoice = { kind: 'stored' } | { kind: 'none'; why: string } | { kind: 'file'; path: string };

export interface DesignChoices {
  /** run: measure now; report: judge a result file measured elsewhere (the action's fork-safe second workflow). */
  mode: 'run' | 'report';
  /** report mode: the result file to judge. */
  resultPath?: string | null;
  baseline: BaselineChoice;
  /** A baseline server can be measured beside the candidate in this job (same-job A/B). */
  baselineServer: boolean;
  /** With a baseline server: always: pairs decide every run; confirm: only when the stored baseline is missing or a failure needs confirming. */
  pairs: 'always' | 'confirm';
  /** Measure again in this job before an unpaired verdict fails. */
  confirm: boolean;
  /** Stored runs to judge against (1: the newest alone). */
  historyRuns: number;
  /** The commit whose stored results are the baseline (a pull request's base, the commit before a push); null: the event has none. */
  baselineCommit: string | null;
  /** Store the result on the history branch: true, false, or auto (on a push to the default branch). */
  save: 'auto' | 'true' | 'false';
  isDefaultBranchPush: boolean;
}

export type BaselineSource =
  /** Measured in this job beside the candidate, in pairs. */
  | { kind: 'pairs' }
  | { kind: 'file'; path: string }
  /** The last `runs` stored results along `commit`'s first-parent ancestry. */
  | { kind: 'stored'; commit: string; runs: number }
  | { kind: 'none'; why: string };

export interface RunDesign {
  /** What is measured (or read) first. */
  first: { kind: 'read'; path: string } | { kind: 'candidate' } | { kind: 'pairs' };
  baseline: BaselineSource;
  /** When a file or stored baseline yields nothing: measure pairs instead, or judge without a baseline. */
  fallback: 'pairs' | 'none';
  /** How a failing unpaired verdict is measured again: off, the failing cells once more, or pairs against the baseline server. */
  confirm: 'off' | 'repeat' | 'pairs';
  /** Store a complete result on the history branch; afterStore: then change points, dashboard and compaction (a push to the default branch). */
  store: { save: boolean; afterStore: boolean };
}

export function designRun(c: DesignChoices): RunDesign {
  if (c.mode === 'report') {
    if (!c.resultPath) throw new Error('report mode needs a result file');
    // A result measured elsewhere: no server of this job can be measured beside it, and nothing is stored from it.
    return { first: { kind: 'read', path: c.resultPath }, baseline: baselineSource(c), fallback: 'none', confirm: 'off', store: { save: false, afterStore: false } };
  }
  const store = { save: c.save === 'true' || (c.save === 'auto' && c.isDefaultBranchPush), afterStore: c.isDefaultBranchPush };
  if (c.baselineServer && c.pairs === 'always') {
    // A paired verdict was measured in this job already: there is nothing another job's noise could have caused to confirm.
    return { first: { kind: 'pairs' }, baseline: { kind: 'pairs' }, fallback: 'none', confirm: 'off', store };
  }
  return {
    first: { kind: 'candidate' },
    baseline: baselineSource(c),
    fallback: c.baselineServer ? 'pairs' : 'none',
    confirm: !c.confirm ? 'off' : c.baselineServer ? 'pairs' : 'repeat',
    store,
  };
}

function baselineSource(c: DesignChoices): BaselineSource {
  if (c.baseline.kind === 'none') return { kind: 'none', why: c.baseline.why };
  if (c.baseline.kind === 'file') return { kind: 'file', path: c.baseline.path };
  if (c.baselineCommit === null) return { kind: 'none', why: 'no baseline commit for this event (only pull requests and pushes have one)' };
  return { kind: 'stored', commit: c.baselineCommit, runs: c.historyRuns };
}

/** One line for the log: the design in words, so a reader of the job log knows what was decided before minutes of load. */
export function describeDesign(d: RunDesign): string {
  const first = d.first.kind === 'read' ? `judge the result file \`${d.first.path}\`` : d.first.kind === 'pairs' ? 'measure the candidate and the baseline server in pairs' : 'measure the candidate';
  const baseline =
    d.baseline.kind === 'pairs'
      ? 'paired against the baseline server'
      : d.baseline.kind === 'file'
        ? `against the file \`${d.baseline.path}\``
        : d.baseline.kind === 'stored'
          ? `against ${d.baseline.runs === 1 ? 'the newest stored result' : `up to ${d.baseline.runs} stored results`} of ${d.baseline.commit.slice(0, 7)} or its ancestors`
          : 'without a baseline';
  const parts = [`run design: ${first}, ${baseline}`];
  if (d.fallback === 'pairs') parts.push('pairs against the baseline server if no baseline is found');
  if (d.confirm !== 'off') parts.push(`a failure confirmed by ${d.confirm === 'pairs' ? 'pairs against the baseline server' : 'measuring the failing cells again'}`);
  if (d.store.save) parts.push('the result stored in the history');
  return parts.join('; ');
}
