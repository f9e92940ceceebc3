// Reading stored results back in the default branch's commit order.
import { beforeAll, describe, expect, it } from 'vitest';
import { readBranchHistory, readFolderHistory } from '../../src/history/reader.js';
import { DEFAULT_HISTORY_BRANCH } from '../../src/history/defaults.js';
import { saveResult, type HistoryOptions } from '../../src/history/store.js';
import { addRemote, historyFixture, type HistoryFixture } from '../support/history-fixture.js';

let f: HistoryFixture;
let opts: HistoryOptions;
beforeAll(async () => {
  f = await historyFixture(6, {});
  addRemote(f);
  opts = { repoDir: f.repo, remote: 'origin', branch: DEFAULT_HISTORY_BRANCH, retention: 50 };
  // Stored out of order, as concurrent jobs would.
  for (const i of [3, 0, 5, 1, 4, 2]) await saveResult(opts, f.commits[i]!, JSON.stringify(f.docs[i]), {});
}, 60_000);

describe('reading the history in commit order', () => {
  it('from the data branch: oldest first along main, with dates and subjects', async () => {
    const { results, skipped } = await readBranchHistory(opts, { repoDir: f.repo, ref: 'main', maxCommits: 100 });
    expect(results.map((r) => r.commit)).toEqual(f.commits);
    expect(skipped).toEqual([]);
    expect(results[2]!.subject).toBe('change 2 <b>bold</b> & "quoted"');
    expect(results[2]!.date).toBe('2026-10-01T02:00:00.000Z');
    expect(results[2]!.doc.cells[0]!.id).toBe('chat@c=4');
  });

  it('leaves out results of commits off the first-parent line, and says which', async () => {
    const { results, skipped } = await readBranchHistory(opts, { repoDir: f.repo, ref: f.commits[3]!, maxCommits: 100 });
    expect(results.map((r) => r.commit)).toEqual(f.commits.slice(0, 4));
    expect(skipped).toEqual([f.commits[4], f.commits[5]].sort());
  });

  it('from a folder, ordered by start time when there is no repository', async () => {
    const { results } = await readFolderHistory(f.results, { repoDir: null, ref: 'HEAD', maxCommits: 100 });
    expect(results.map((r) => r.commit)).toEqual(f.commits);
    expect(results[0]!.subject).toBeNull();
  });
});
