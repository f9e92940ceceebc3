// The terminal's live progress line as pure functions (issue 21, item 5):
// the bar, the durations, the run's time left, and the fit to 80 and 120
// columns.
import { describe, expect, it } from 'vitest';
import { bar, formatDuration, liveLine, runLeft, stepLabel, type LiveState } from '../../src/pipeline/progress-line.js';

const state = (over: Partial<LiveState> = {}): LiveState => ({
  label: 'cell 2/4, trial 1/3 chat-long-context@c=16',
  phase: 'measure',
  warmDone: 0,
  warmPlanned: 0,
  warmAuto: false,
  done: 104,
  planned: 200,
  failed: 0,
  rate: 38.25,
  elapsedS: 3,
  cellLeftS: 2.5,
  runLeftS: 80,
  ...over,
});

describe('the parts', () => {
  it('labels a step by cell and trial, the trial only when there are several', () => {
    expect(stepLabel({ cell: 1, cells: 4, trial: 0, trials: 3, side: '', id: 'chat@c=8' })).toBe('cell 2/4, trial 1/3 chat@c=8');
    expect(stepLabel({ cell: 0, cells: 1, trial: 0, trials: 1, side: '[candidate] ', id: 'chat@c=8' })).toBe('cell 1/1 [candidate] chat@c=8');
  });
  it('writes durations in s, m and h', () => {
    expect([0, 7.4, 59.6, 65, 3599, 3600, 7380].map(formatDuration)).toEqual(['0s', '7s', '1m00s', '1m05s', '59m59s', '1h00m', '2h03m']);
  });
  it('draws a bar clamped to its width', () => {
    expect(bar(0, 10, 10)).toBe('░░░░░░░░░░');
    expect(bar(5, 10, 10)).toBe('█████░░░░░');
    expect(bar(12, 10, 10)).toBe('██████████');
    expect(bar(3, 0, 4)).toBe('░░░░');
  });
  it("takes the run's time left as this step's and the mean finished step for each after it", () => {
    expect(runLeft(3, 10, 5, [])).toBe(10 + 3 * 15);
    expect(runLeft(3, 10, 5, [20, 40])).toBe(10 + 3 * 30);
    expect(runLeft(3, null, 5, [20])).toBeNull();
  });
});

describe('liveLine', () => {
  it('in full where there is room', () => {
    expect(liveLine(state(), 140)).toBe('cell 2/4, trial 1/3 chat-long-context@c=16  ██████████░░░░░░░░░░  52%  104/200 req  ETA 3s  0 failed  38.3 req/s  run ETA 1m20s  3s');
  });
  it('at 120 columns: without the elapsed time, a shorter bar', () => {
    const line = liveLine(state(), 120);
    expect(line).toBe('cell 2/4, trial 1/3 chat-long-context@c=16  ██████░░░░░░  52%  104/200 req  ETA 3s  0 failed  38.3 req/s  run ETA 1m20s');
    expect(line.length).toBeLessThanOrEqual(119);
  });
  it('at 80 columns: "0 failed", the rate and the run\'s ETA go, the bar shrinks; failures stay over the bar', () => {
    expect(liveLine(state({ label: 'cell 1/2, trial 1/2 chat@c=2' }), 80)).toBe('cell 1/2, trial 1/2 chat@c=2  ███░░░  52%  104/200 req  ETA 3s  run ETA 1m20s');
    const line = liveLine(state(), 80);
    expect(line).toBe('cell 2/4, trial 1/3 chat-long-context@c=16  ███░░░  52%  104/200 req  ETA 3s');
    expect(line.length).toBeLessThanOrEqual(79);
    expect(liveLine(state({ failed: 3 }), 80)).toBe('cell 2/4, trial 1/3 chat-long-context@c=16  104/200 req  ETA 3s  3 failed');
  });
  it("shows the warm-up with its own count, and an auto warm-up's bound", () => {
    expect(liveLine(state({ phase: 'warmup', warmDone: 4, warmPlanned: 16, cellLeftS: null, runLeftS: null }), 120)).toBe(
      'cell 2/4, trial 1/3 chat-long-context@c=16  █████░░░░░░░░░░░░░░░  25%  warm-up 4/16  ETA ?  0 failed  38.3 req/s  3s',
    );
    expect(liveLine(state({ phase: 'warmup', warmDone: 8, warmPlanned: 64, warmAuto: true, runLeftS: null }), 120)).toContain('warm-up 8/≤64');
  });
  it('cuts a label too long for the terminal, marked', () => {
    const line = liveLine(state({ label: `cell 1/1 ${'x'.repeat(100)}` }), 40);
    expect(line).toHaveLength(39);
    expect(line.endsWith('…')).toBe(true);
  });
  it('is whole without a width', () => {
    expect(liveLine(state(), null)).toBe(liveLine(state(), 1000));
  });
});
