// The data branch through git plumbing: fetched into a private ref, read with
// cat-file, extended with hash-object/mktree/commit-tree, pushed by sha.
import { MAX_RESULT_BYTES } from '../result/limits.js';
import { BlobBatch } from './batch.js';
import type { Git } from './git.js';
import { HistoryError } from '../errors/history-error.js';
import { commitOfResultName, INDEX_FILE, parseIndex, RESULTS_DIR, type HistoryEntry } from './layout.js';

interface TreeEntry {
  mode: string;
  type: string;
  sha: string;
  name: string;
}

/** A result file on the branch: its blob and size (bytes), as `ls-tree -l` lists them. */
export interface StoredFile {
  commit: string;
  /** Path on the branch: `results/<commit>.json`. */
  path: string;
  sha: string;
  /** Null when git listed none (not a blob). */
  size: number | null;
}

type PushOutcome = 'pushed' | 'rejected';

export class HistoryBranch {
  /** Outside refs/heads and refs/remotes: no branch list, `git log --all` aside, shows it. */
  readonly privateRef: string;

  constructor(
    readonly git: Git,
    readonly branch: string,
  ) {
    this.privateRef = `refs/llm-perf/${git.remote.replace(/[^A-Za-z0-9._-]/g, '_')}/${branch}`;
  }

  /** Brings the branch's tip into the private ref; null when the remote has no such branch. */
  async fetchTip(): Promise<string | null> {
    const ls = await this.git.run(`looking for branch '${this.branch}' on ${this.git.remote}`, ['ls-remote', '--exit-code', this.git.remote, `refs/heads/${this.branch}`], { ok: [2], network: true });
    const line = ls.stdout.split('\n').find((l) => l.endsWith(`\trefs/heads/${this.branch}`));
    const tip = line?.split('\t')[0] ?? null;
    if (ls.code === 2 || tip === null) {
      await this.git.run('dropping a stale private ref', ['update-ref', '-d', this.privateRef]);
      return null;
    }
    const have = await this.git.run('reading the private ref', ['rev-parse', '--verify', '-q', this.privateRef], { ok: [1] });
    if (have.stdout.trim() !== tip) {
      await this.git.run(`fetching branch '${this.branch}' from ${this.git.remote}`, ['fetch', ...(await this.quietFetch()), this.git.remote, `+refs/heads/${this.branch}:${this.privateRef}`], {
        network: true,
      });
    }
    return tip;
  }

  /** Flags every fetch gets: nothing beyond the named refs, and FETCH_HEAD left alone where git allows it. */
  async quietFetch(): Promise<string[]> {
    const [major, minor] = await this.git.gitVersion();
    const noFetchHead = major > 2 || (major === 2 && minor >= 29) ? ['--no-write-fetch-head'] : [];
    // An empty --refmap keeps fetch from also updating refs/remotes/<remote>/*.
    return ['--no-tags', '--no-recurse-submodules', '--quiet', '--refmap=', ...noFetchHead];
  }

  /** A file's text; null when there is no such file, or it is larger than `limit` bytes (its content is then never held). */
  async readBlob(tip: string, path: string, limit = MAX_RESULT_BYTES): Promise<string | null> {
    const batch = new BlobBatch(this.git, `reading ${path} from '${this.branch}'`);
    try {
      const a = await batch.read(`${tip}:${path}`, limit);
      return a.kind === 'blob' ? a.data.toString('utf8') : null;
    } finally {
      batch.close();
    }
  }

  /** The commits that have a result file on the branch. */
  async storedCommits(tip: string): Promise<Set<string>> {
    return new Set((await this.resultFiles(tip)).keys());
  }

  /** The result files on the branch with their blobs and sizes, by commit: one `ls-tree`, no file read. */
  async resultFiles(tip: string): Promise<Map<string, StoredFile>> {
    const out = new Map<string, StoredFile>();
    for (const e of await this.lsTree(`${tip}:${RESULTS_DIR}`, true, true)) {
      const c = commitOfResultName(e.name);
      if (c) out.set(c, { commit: c, path: `${RESULTS_DIR}/${e.name}`, sha: e.sha, size: e.size ?? null });
    }
    return out;
  }

  /**
   * index.json reconciled with the files: entries without a file are dropped, and
   * files the index lost (a hand edit, a corrupt index) come back as oldest entries,
   * so retention still reaches them. `files`: resultFiles(tip), when the caller has it.
   */
  async index(tip: string, files?: Map<string, StoredFile>): Promise<HistoryEntry[]> {
    const stored = files ?? (await this.resultFiles(tip));
    // An index git cannot hand over (a corrupt object) is an index lost: the files are the truth.
    const text = await this.readBlob(tip, INDEX_FILE).catch((err: unknown) => {
      if (err instanceof HistoryError) return null;
      throw err;
    });
    const parsed = (text === null ? null : parseIndex(text)) ?? [];
    const listed = parsed.filter((e) => stored.has(e.commit));
    const seen = new Set(listed.map((e) => e.commit));
    const strays = [...stored.keys()].filter((c) => !seen.has(c)).sort();
    return [...listed, ...strays.map((commit) => ({ commit, ref: null, stored_at: '', file: `${RESULTS_DIR}/${commit}.json`, headline: {} }))];
  }

  /** A new commit on top of `tip` (an orphan when null) with the given files written and removed. */
  async commit(tip: string | null, write: Map<string, string>, removeResults: Set<string>, message: string): Promise<string> {
    const root = tip ? await this.lsTree(tip) : [];
    const resultsTree = root.find((e) => e.name === RESULTS_DIR && e.type === 'tree');
    const results = new Map<string, TreeEntry>();
    if (resultsTree) for (const e of await this.lsTree(resultsTree.sha)) results.set(e.name, e);
    const top = new Map(root.filter((e) => e.name !== RESULTS_DIR).map((e) => [e.name, e]));

    for (const name of removeResults) results.delete(name);
    for (const [path, content] of write) {
      const sha = (await this.git.run(`storing ${path}`, ['hash-object', '-w', '--stdin'], { input: content })).stdout.trim();
      const entry = { mode: '100644', type: 'blob', sha, name: path.slice(path.lastIndexOf('/') + 1) };
      if (path.startsWith(`${RESULTS_DIR}/`)) results.set(entry.name, entry);
      else if (path === INDEX_FILE) top.set(entry.name, entry);
      else throw new HistoryError(`history: refusing to write ${path} on the branch`);
    }
    if (results.size > 0) {
      const sha = await this.mktree([...results.values()]);
      top.set(RESULTS_DIR, { mode: '040000', type: 'tree', sha, name: RESULTS_DIR });
    }
    const tree = await this.mktree([...top.values()]);
    const parent = tip ? ['-p', tip] : [];
    const r = await this.git.run('creating the history commit', ['commit-tree', '--no-gpg-sign', tree, ...parent, '-m', message]);
    return r.stdout.trim();
  }

  /** 'rejected' when someone else moved the branch first (retry on the new tip); throws on anything else. A lease allows a non-fast-forward from that tip only. */
  async push(sha: string, lease?: string): Promise<PushOutcome> {
    // To the remote's URL, not its name: pushing to a name also creates
    // refs/remotes/<remote>/<branch>, a branch the user would see in `git branch -a`.
    const url = await this.git.run('reading the push URL', ['remote', 'get-url', '--push', this.git.remote], { ok: [2, 128] });
    const target = url.code === 0 ? url.stdout.trim() : this.git.remote;
    // With a lease the push may replace history, but only if the branch is still at `lease`.
    const force = lease === undefined ? [] : [`--force-with-lease=refs/heads/${this.branch}:${lease}`];
    const args = ['push', '--porcelain', '--no-verify', '--no-follow-tags', '--recurse-submodules=no', ...force, target, `${sha}:refs/heads/${this.branch}`];
    const r = await this.git.run(`pushing to '${this.branch}'`, args, { ok: [1, 128], network: true });
    if (r.code === 0) {
      await this.git.run('moving the private ref', ['update-ref', this.privateRef, sha]);
      return 'pushed';
    }
    const status = r.stdout.split('\n').find((l) => l.startsWith('!\t'));
    const summary = status?.split('\t')[2] ?? '';
    if (/^\[rejected\]/.test(summary) || /^\[remote rejected\].*(lock|incorrect old value|failed to update ref|stale)/i.test(summary)) return 'rejected';
    throw new HistoryError(`history: pushing to '${this.branch}' failed${summary ? ` (${this.git.redact(summary)})` : ''}: ${this.git.describe(args, r)}`);
  }

  /** Entries of a tree; [] when `missingOk` and the tree does not exist. `long`: with each blob's size. */
  private async lsTree(treeish: string, missingOk = false, long = false): Promise<(TreeEntry & { size?: number | null })[]> {
    const r = await this.git.run('listing the history tree', ['ls-tree', '-z', ...(long ? ['-l'] : []), treeish], { ok: missingOk ? [128] : [] });
    if (r.code !== 0) return [];
    return r.stdout
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const tab = line.indexOf('\t');
        // "<mode> <type> <object>" then, with -l, spaces and the size ("-" for a tree).
        const [mode = '', type = '', sha = '', size] = line.slice(0, tab).split(/ +/);
        const entry = { mode, type, sha, name: line.slice(tab + 1) };
        return long ? { ...entry, size: size !== undefined && /^\d+$/.test(size) ? Number(size) : null } : entry;
      });
  }

  async mktree(entries: TreeEntry[]): Promise<string> {
    const input = entries.map((e) => `${e.mode} ${e.type} ${e.sha}\t${e.name}\0`).join('');
    return (await this.git.run('writing a history tree', ['mktree', '-z'], { input })).stdout.trim();
  }
}
