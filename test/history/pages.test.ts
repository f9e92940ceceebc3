// Publishing the site to a pages branch of a real remote.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PAGES_BRANCH, publishSite } from '../../src/history/pages.js';
import type { HistoryOptions } from '../../src/history/store.js';
import { addRemote, git, historyFixture } from '../support/history-fixture.js';

let remote: string;
let work: string;
beforeEach(async () => {
  const f = await historyFixture(2, {});
  remote = addRemote(f);
  work = f.repo;
});

const opts = (): HistoryOptions => ({ repoDir: work, remote: 'origin', branch: DEFAULT_PAGES_BRANCH, retention: 1 });

describe('publishSite', () => {
  it('creates the branch, then replaces it, always one commit with exactly the site', async () => {
    const first = await publishSite(
      opts(),
      new Map([
        ['index.html', '<p>1</p>'],
        ['.nojekyll', ''],
      ]),
      'site 1',
    );
    expect(git(remote, 'rev-parse', `refs/heads/${DEFAULT_PAGES_BRANCH}`)).toBe(first.commit);
    const second = await publishSite(
      opts(),
      new Map([
        ['index.html', '<p>2</p>'],
        ['.nojekyll', ''],
      ]),
      'site 2',
    );
    expect(second.attempts).toBe(1);
    expect(git(remote, 'rev-list', '--count', `refs/heads/${DEFAULT_PAGES_BRANCH}`)).toBe('1');
    expect(git(remote, 'ls-tree', '--name-only', `refs/heads/${DEFAULT_PAGES_BRANCH}`).split('\n').sort()).toEqual(['.nojekyll', 'index.html']);
    expect(git(remote, 'show', `refs/heads/${DEFAULT_PAGES_BRANCH}:index.html`)).toBe('<p>2</p>');
    // The user's checkout is left alone.
    expect(git(work, 'status', '--porcelain')).toBe('');
  });

  it('refuses paths, naming them', async () => {
    await expect(publishSite(opts(), new Map([['../x', '']]), 'm')).rejects.toThrow("refusing to publish '../x'");
  });
});
