// Baseline selection from the history branch, against real git: a stored run
// whose requests mostly failed is never the baseline; the selection walks on
// to the next ancestor and the note says which runs it skipped and why
// (issue 23, item 3).
import { beforeAll, describe, expect, it } from 'vitest';
import { rejectStored, skippedNote, storedBaseline } from '../../src/action/baseline.js';
import type { RunEvent } from '../../src/action/event.js';
import { readInputs, type ActionInputs } from '../../src/action/inputs.js';
import { failedTooMuch } from '../../src/history/comparable.js';
import { saveResult } from '../../src/history/store.js';
import type { CellRun } from '../../src/load/run-cell.js';
import { emptyOutcome, newRecord } from '../../src/load/record.js';
import type { ResultDoc } from '../../src/result/types.js';
import { assembleCell, type TrialOutcome } from '../../src/run/cell-result.js';
import { addRemote, historyFixture, type HistoryFixture } from '../support/history-fixture.js';

/** `doc` with its one cell measured again through the real metrics pipeline, `failed` of each trial's 20 requests failing (HTTP 500). */
function failing(doc: ResultDoc, failed: number): ResultDoc {
  const trials: TrialOutcome[] = [0, 1, 2].map((index) => {
    const records = Array.from({ length: 20 }, (_, i) => {
      const send = i * 100;
      if (i < failed) return newRecord(i, false, send, 32, { ...emptyOutcome(send), tDone: send + 5, status: 500, failure: 'http-5xx', message: 'boom' });
      const gaps = Array.from({ length: 31 }, () => 2);
      return newRecord(i, false, send, 32, {
        ...emptyOutcome(send),
        tFirst: send + 20,
        gaps,
        tLast: send + 82,
        tDone: send + 83,
        outputEvents: 32,
        nOut: 32,
        nIn: 256,
        tokenSource: 'server',
        status: 200,
      });
    });
    const run: CellRun = { records, notSent: 0, stoppedBy: 'count', loopDelay: { p99Ms: 11, maxMs: 12 }, dispatchLagMs: [], plannedRps: null };
    return { index, pair: null, run, startedAt: doc.started_at, durationS: 2 };
  });
  const c = doc.cells[0]!;
  const scenario = { name: c.scenario.name, inputTokens: c.scenario.input_tokens, outputTokens: c.scenario.output_tokens, sharedPrefixTokens: 0, dataset: null };
  const load = { shape: 'concurrency' as const, label: 'c=4', concurrency: 4 };
  const cell = assembleCell({ id: c.id, scenario, datasetLabel: null, load, slos: { ttftMs: null, tpotMs: null, e2eMs: null }, workloadHash: c.workload_hash, trials });
  return { ...doc, cells: [cell] };
}

const short = (c: string): string => c.slice(0, 7);

/** The stored baseline as the run design asks for it: the event's baseline commit, history-runs of the inputs. */
const loadBaseline = (i: ActionInputs, e: RunEvent, repo: string, candidate: ResultDoc) => storedBaseline(i, repo, e.baselineCommit!, i.historyRuns, candidate);

let f: HistoryFixture;
/** The stored docs, by commit index. */
let stored: ResultDoc[];

beforeAll(async () => {
  f = await historyFixture(7, {});
  addRemote(f);
  // Newest first: 6 every request failed, 5 10% failed, 4 fine, 3 another machine, 2..0 fine.
  stored = f.docs.map((d, i) => (i === 6 ? failing(d, 20) : i === 5 ? failing(d, 2) : d));
  stored[3] = { ...stored[3]!, machine: { ...stored[3]!.machine, cpu_model: 'another cpu' } };
  const opts = { repoDir: f.repo, remote: 'origin', branch: 'llm-perf-history', retention: 50 };
  for (let i = 0; i < stored.length; i++) await saveResult(opts, f.commits[i]!, JSON.stringify(stored[i]), {});
}, 120_000);

const event = (base: string): RunEvent => ({
  name: 'pull_request',
  owner: 'acme',
  repo: 'serving',
  sha: 'f'.repeat(40),
  ref: 'refs/pull/1/merge',
  defaultBranch: 'main',
  isDefaultBranchPush: false,
  pr: null,
  baselineCommit: base,
});
const inputs = (runs: number) =>
  readInputs(
    (name) => ({ 'history-runs': String(runs) })[name] ?? '',
    () => {},
  );
const withLimit = (doc: ResultDoc, limit: number): ResultDoc => ({ ...doc, config: { ...doc.config, gate: { ...doc.config.gate, error_rate_limit: limit } } });

describe('failedTooMuch', () => {
  it('names the cell with no completed request, or with an error rate over the limit', () => {
    const doc = f.docs[0]!;
    expect(failedTooMuch(doc, 0.05)).toBeNull();
    expect(failedTooMuch(failing(doc, 20), 0.05)).toBe('chat@c=4: no request completed (60 sent)');
    expect(failedTooMuch(failing(doc, 2), 0.05)).toBe('chat@c=4: 10.0% of requests failed (6 of 60), over gate.error_rate_limit 5.0%');
    // At the limit is within it; a few failures under it are no reason to skip.
    expect(failedTooMuch(failing(doc, 2), 0.1)).toBeNull();
    expect(failedTooMuch(failing(doc, 1), 0.05)).toBeNull();
  });

  it('is checked before the environment, and the environment only with several runs', () => {
    const cand = f.docs[0]!;
    const other = { ...cand, machine: { ...cand.machine, cpus: 64 } };
    expect(rejectStored(failing(other, 3), cand, { errorRateLimit: 0.05, sameEnvironment: true })?.kind).toBe('failed');
    expect(rejectStored(other, cand, { errorRateLimit: 0.05, sameEnvironment: true })?.kind).toBe('environment');
    expect(rejectStored(other, cand, { errorRateLimit: 0.05, sameEnvironment: false })).toBeNull();
  });

  it('lists a few skipped runs, then a count', () => {
    const runs = ['1', '2', '3', '4', '5'].map((d) => ({ commit: d.repeat(40), kind: 'failed' as const, why: `why ${d}` }));
    expect(skippedNote([])).toBe('');
    expect(skippedNote(runs.slice(0, 1))).toBe('; skipped 1 stored run whose requests failed: `1111111` (why 1)');
    expect(skippedNote(runs)).toBe('; skipped 5 stored runs whose requests failed: `1111111` (why 1), `2222222` (why 2), `3333333` (why 3) and 2 more');
  });
});

describe('loadBaseline from the history branch', () => {
  it('history-runs 1: walks past the runs whose requests failed to the newest usable ancestor, and says so', async () => {
    const b = await loadBaseline(inputs(1), event(f.commits[6]!), f.repo, f.docs[0]!);
    expect(b.commit).toBe(f.commits[4]);
    expect(b.doc?.cells[0]!.metrics.error_rate).toBe(0);
    expect(b.history).toEqual([]);
    expect(b.note).toMatch(
      new RegExp(
        `^baseline: the base commit \`${short(f.commits[6]!)}\` has no usable stored result; compared with its newest usable stored ancestor \`${short(f.commits[4]!)}\`; ` +
          `skipped 2 stored runs whose requests failed: \`${short(f.commits[6]!)}\` \\(chat@c=4: no request completed \\(\\d+ sent\\)\\), \`${short(f.commits[5]!)}\` \\(chat@c=4: \\d+\\.\\d% of requests failed`,
      ),
    );
  });

  it('a usable base commit is the baseline, as before', async () => {
    const b = await loadBaseline(inputs(1), event(f.commits[4]!), f.repo, f.docs[0]!);
    expect(b).toMatchObject({ commit: f.commits[4], note: `baseline: stored result of the base commit \`${short(f.commits[4]!)}\`` });
  });

  it("the candidate's gate.error_rate_limit decides what failed too much", async () => {
    const b = await loadBaseline(inputs(1), event(f.commits[6]!), f.repo, withLimit(f.docs[0]!, 0.1));
    expect(b.commit).toBe(f.commits[5]);
    expect(b.note).toContain(`skipped 1 stored run whose requests failed: \`${short(f.commits[6]!)}\` (chat@c=4: no request completed`);
  });

  it('history-runs 3: skips failed runs and another environment, walking on until 3 are found', async () => {
    const b = await loadBaseline(inputs(3), event(f.commits[6]!), f.repo, f.docs[0]!);
    expect(b.commit).toBe(f.commits[4]);
    expect(b.history.map((d) => d.started_at)).toEqual([4, 2, 1].map((i) => f.docs[i]!.started_at));
    expect(b.note).toContain(`baseline: 3 stored results of the default branch (of 3 asked for), newest its newest stored ancestor \`${short(f.commits[4]!)}\``);
    expect(b.note).toContain(`; skipped 2 stored runs whose requests failed: \`${short(f.commits[6]!)}\``);
    expect(b.note).toContain(`; skipped 1 stored run of another environment: \`${short(f.commits[3]!)}\` (machine 2 x another cpu -> 2 x cpu)`);
  });

  it('with no usable run, no baseline, and the note says why', async () => {
    const b = await loadBaseline(inputs(1), event(f.commits[6]!), f.repo, f.docs[0]!);
    expect(b.doc).not.toBeNull();
    // Only the failed runs are on the walk from commit 6 when the walk starts at 6 and every other run is of another environment.
    const cand = { ...f.docs[0]!, machine: { ...f.docs[0]!.machine, cpus: 64 } };
    const none = await loadBaseline(inputs(2), event(f.commits[6]!), f.repo, cand);
    expect(none.doc).toBeNull();
    expect(none.history).toEqual([]);
    expect(none.note).toMatch(
      new RegExp(
        `^no usable stored result of this environment for ${short(f.commits[6]!)} or its ancestors on branch 'llm-perf-history' yet; skipped 2 stored runs whose requests failed: .*; skipped 5 stored runs of another environment: .* and 2 more$`,
      ),
    );
  });
});

describe('unreadable stored results (issue 19, item 1)', () => {
  it('are walked past with a note, never failing the step: another schema, a refused figure, a run still running, nesting 200,000 deep', async () => {
    const h = await historyFixture(5, {});
    addRemote(h);
    const opts = { repoDir: h.repo, remote: 'origin', branch: 'llm-perf-history', retention: 50 };
    const refused = structuredClone(h.docs[3]!);
    (refused.cells[0]!.trials[0]!.metrics as { rps: number }).rps = 1e13;
    const files = [
      JSON.stringify(h.docs[0]),
      `{"x":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
      JSON.stringify({ ...h.docs[2], status: 'running' }),
      JSON.stringify(refused),
      JSON.stringify({ schema: 'llm-perf-gate/result@2' }),
    ];
    for (let i = 0; i < files.length; i++) await saveResult(opts, h.commits[i]!, files[i]!, {});
    // Before: loadBaseline threw the reader's ResultFileError, and the action's step failed with exit 1 on every pull request.
    const b = await loadBaseline(inputs(1), event(h.commits[4]!), h.repo, h.docs[0]!);
    expect(b.commit).toBe(h.commits[0]);
    expect(b.note).toContain(`compared with its newest usable stored ancestor \`${short(h.commits[0]!)}\``);
    expect(b.note).toContain(
      `; skipped 4 stored runs that cannot be read: \`${short(h.commits[4]!)}\` (schema is "llm-perf-gate/result@2", this tool reads llm-perf-gate/result@1 only), \`${short(h.commits[3]!)}\` (`,
    );
    expect(b.note).toMatch(/is beyond ±1000000000000\), .* and 1 more$/);
    const three = await loadBaseline(inputs(3), event(h.commits[4]!), h.repo, h.docs[0]!);
    expect(three.history.map((d) => d.started_at)).toEqual([h.docs[0]!.started_at]);
    expect(three.note).toContain('skipped 4 stored runs that cannot be read');
  }, 120_000);

  it("warns when a stored result's content claims another commit than its place", async () => {
    const h = await historyFixture(3, {});
    addRemote(h);
    const opts = { repoDir: h.repo, remote: 'origin', branch: 'llm-perf-history', retention: 50 };
    await saveResult(opts, h.commits[0]!, JSON.stringify(h.docs[0]), {});
    // Commit 1's place holds commit 0's result.
    await saveResult(opts, h.commits[1]!, JSON.stringify(h.docs[0]), {});
    const b = await loadBaseline(inputs(1), event(h.commits[1]!), h.repo, h.docs[0]!);
    expect(b.commit).toBe(h.commits[1]);
    expect(b.note).toContain(`; warning: the stored result of \`${short(h.commits[1]!)}\` says it measured \`${short(h.commits[0]!)}\` (its file and its content disagree: check who wrote it)`);
    // A result in its own place: no warning.
    expect((await loadBaseline(inputs(1), event(h.commits[0]!), h.repo, h.docs[0]!)).note).not.toContain('warning');
  }, 120_000);
});
