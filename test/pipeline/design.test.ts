// The run design, decided once by a pure function: every combination of the
// action's choices that changes what is measured, where the baseline comes
// from, the fallback, confirmation and storing.
import { describe, expect, it } from 'vitest';
import { describeDesign, designRun, type DesignChoices } from '../../src/pipeline/design.js';

const BASE = 'b'.repeat(40);
const choices = (over: Partial<DesignChoices> = {}): DesignChoices => ({
  mode: 'run',
  baseline: { kind: 'stored' },
  baselineServer: false,
  pairs: 'always',
  confirm: true,
  historyRuns: 10,
  baselineCommit: BASE,
  save: 'auto',
  isDefaultBranchPush: false,
  ...over,
});

describe('designRun', () => {
  it('a pull request with the defaults: the candidate alone against up to 10 stored runs of the base, a failure measured again, nothing stored', () => {
    expect(designRun(choices())).toEqual({
      first: { kind: 'candidate' },
      baseline: { kind: 'stored', commit: BASE, runs: 10 },
      fallback: 'none',
      confirm: 'repeat',
      store: { save: false, afterStore: false },
    });
  });

  it('a baseline server with pairs always: pairs decide, nothing to fall back on or confirm', () => {
    const d = designRun(choices({ baselineServer: true }));
    expect(d).toMatchObject({ first: { kind: 'pairs' }, baseline: { kind: 'pairs' }, fallback: 'none', confirm: 'off' });
  });

  it('a baseline server with pairs on confirm: stored first, pairs when none is found and to confirm a failure', () => {
    const d = designRun(choices({ baselineServer: true, pairs: 'confirm' }));
    expect(d).toMatchObject({ first: { kind: 'candidate' }, baseline: { kind: 'stored' }, fallback: 'pairs', confirm: 'pairs' });
    expect(designRun(choices({ baselineServer: true, pairs: 'confirm', confirm: false })).confirm).toBe('off');
  });

  it('confirm off measures once', () => {
    expect(designRun(choices({ confirm: false })).confirm).toBe('off');
  });

  it('an event without a baseline commit has no stored baseline, and says why', () => {
    expect(designRun(choices({ baselineCommit: null })).baseline).toEqual({ kind: 'none', why: 'no baseline commit for this event (only pull requests and pushes have one)' });
  });

  it('a file and none are taken as given', () => {
    expect(designRun(choices({ baseline: { kind: 'file', path: 'base.json' } })).baseline).toEqual({ kind: 'file', path: 'base.json' });
    expect(designRun(choices({ baseline: { kind: 'none', why: 'none asked for' } })).baseline).toEqual({ kind: 'none', why: 'none asked for' });
  });

  it('stores on a push to the default branch (auto), always (true), never (false)', () => {
    expect(designRun(choices({ isDefaultBranchPush: true })).store).toEqual({ save: true, afterStore: true });
    expect(designRun(choices({ save: 'true' })).store).toEqual({ save: true, afterStore: false });
    expect(designRun(choices({ save: 'false', isDefaultBranchPush: true })).store).toEqual({ save: false, afterStore: true });
  });

  it('report mode reads the result, never measures, confirms or stores, whatever else is asked', () => {
    const d = designRun(choices({ mode: 'report', resultPath: '/w/r.json', baselineServer: true, save: 'true', isDefaultBranchPush: true }));
    expect(d).toEqual({
      first: { kind: 'read', path: '/w/r.json' },
      baseline: { kind: 'stored', commit: BASE, runs: 10 },
      fallback: 'none',
      confirm: 'off',
      store: { save: false, afterStore: false },
    });
    expect(() => designRun(choices({ mode: 'report' }))).toThrow(/report mode needs a result file/);
  });

  it('says the design in one line for the log', () => {
    expect(describeDesign(designRun(choices({ baselineServer: true, pairs: 'confirm', isDefaultBranchPush: true })))).toBe(
      'run design: measure the candidate, against up to 10 stored results of bbbbbbb or its ancestors; pairs against the baseline server if no baseline is found; a failure confirmed by pairs against the baseline server; the result stored in the history',
    );
    expect(describeDesign(designRun(choices({ baselineServer: true })))).toBe('run design: measure the candidate and the baseline server in pairs, paired against the baseline server');
  });
});
