// The first-parent ancestry of a commit in the user's checkout, fetching what a
// shallow checkout (actions/checkout's default depth 1) lacks.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Git } from './git.js';

/** Deepening rounds before settling for what we have; each adds maxWalk generations. */
const DEEPEN_ROUNDS = 3;

/**
 * Up to maxWalk commits: `base`, its first parent, and so on. [] when the commit
 * cannot be had at all (gone from the remote after a force-push, say).
 * `--deepen` only ever adds history; `--depth` could cut the user's own history shorter.
 */
export async function firstParentAncestors(git: Git, fetchFlags: string[], base: string, maxWalk: number): Promise<string[]> {
  const shallow = (await git.run('checking for a shallow checkout', ['rev-parse', '--is-shallow-repository'])).stdout.trim() === 'true';
  const deepen = async (): Promise<boolean> => {
    const args = ['fetch', ...fetchFlags, ...(shallow ? [`--deepen=${maxWalk}`] : []), git.remote, base];
    return (await git.run(`fetching the ancestry of ${base}`, args, { ok: [1, 128], network: true })).code === 0;
  };
  if (!(await present(git, base)) && !((await deepen()) && (await present(git, base)))) return [];

  let list: string[] = [];
  for (let round = 0; ; round++) {
    const r = await git.run(`walking the ancestry of ${base}`, ['rev-list', '--first-parent', `--max-count=${maxWalk}`, base]);
    const next = r.stdout.split('\n').filter(Boolean);
    // Stop when the walk is long enough, reached a real root, or deepening brought nothing.
    if (next.length >= maxWalk || !shallow || next.length <= list.length) return next;
    list = next;
    const last = list[list.length - 1];
    if (last === undefined || !(await shallowBoundary(git)).has(last)) return list;
    if (round >= DEEPEN_ROUNDS || !(await deepen())) return list;
  }
}

async function present(git: Git, commit: string): Promise<boolean> {
  return (await git.run('looking up a commit', ['cat-file', '-e', `${commit}^{commit}`], { ok: [1, 128] })).code === 0;
}

/** Commits whose parents a shallow checkout does not have. */
async function shallowBoundary(git: Git): Promise<Set<string>> {
  const path = (await git.run('locating the shallow file', ['rev-parse', '--git-path', 'shallow'])).stdout.trim();
  try {
    return new Set((await readFile(resolve(git.repoDir, path), 'utf8')).split('\n').filter(Boolean));
  } catch {
    return new Set();
  }
}
