// Many blobs of the data branch through one `git cat-file --batch` process
// (issue 19, item 8): one git process per stored result cost ~45 ms each, 456 s
// for 10,000 results. Answers are parsed as they stream in ("<oid> <type>
// <size>\n<content>\n", or "<name> missing\n"); a blob larger than the
// caller's limit is passed over byte by byte, never held, so one huge file
// costs its transfer and nothing more, and cannot fail the read.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { HistoryError } from '../errors/history-error.js';
import type { Git } from './git.js';

type BlobAnswer =
  | { kind: 'blob'; data: Buffer }
  /** No such object, or the name does not resolve to one. */
  | { kind: 'missing' }
  /** Larger than the limit the caller set: its content was skipped, not read. */
  | { kind: 'too-large'; size: number }
  /** A tree or a commit where a file was expected. */
  | { kind: 'not-blob'; type: string };

interface Pending {
  name: string;
  limit: number;
  resolve: (a: BlobAnswer) => void;
  reject: (e: Error) => void;
}

/** No byte from git for this long while an answer is awaited: it is stuck, and the read fails. */
const IDLE_MS = 300_000;
/** A header line is "<oid> <type> <size>": anything longer is not git's answer. */
const MAX_HEADER = 1024;

export class BlobBatch {
  private child: ChildProcessWithoutNullStreams | null = null;
  private readonly pending: Pending[] = [];
  private failure: Error | null = null;
  private closed = false;
  private stderr = '';
  private timer: NodeJS.Timeout | null = null;
  // The answer being parsed.
  private state: 'header' | 'body' | 'lf' = 'header';
  private header: Buffer[] = [];
  private headerBytes = 0;
  private body: Buffer | null = null;
  private filled = 0;
  private remaining = 0;
  private answer: BlobAnswer | null = null;

  constructor(
    private readonly git: Git,
    /** What is read, for messages: "reading results from 'llm-perf-history'". */
    private readonly what: string,
  ) {}

  /** The object `name` (an object id, or `<tree-ish>:<path>`) if it is a blob of at most `limit` bytes. */
  read(name: string, limit: number): Promise<BlobAnswer> {
    if (/[\n\r]/.test(name) || name === '') return Promise.reject(new HistoryError(`history: '${name}' cannot be asked of git cat-file`));
    if (this.failure !== null) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new HistoryError(`history: ${this.what}: asked after the reading ended`));
    const child = this.start();
    return new Promise((resolve, reject) => {
      this.pending.push({ name, limit, resolve, reject });
      this.arm();
      child.stdin.write(`${name}\n`);
    });
  }

  /** Ends the process: it exits once it has answered what was asked. */
  close(): void {
    this.closed = true;
    if (this.child === null) return;
    this.child.stdin.end();
    if (this.pending.length === 0) this.disarm();
  }

  private start(): ChildProcessWithoutNullStreams {
    if (this.child !== null) return this.child;
    const child = this.git.spawn(['cat-file', '--batch']);
    this.child = child;
    child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-2000);
    });
    // EPIPE when git died: its exit says why.
    child.stdin.on('error', () => {});
    child.on('error', (err) => this.fail(`cannot run git cat-file: ${err.message}`));
    child.on('close', (code, signal) => {
      this.disarm();
      if (this.pending.length > 0 || this.state !== 'header') {
        const tail = this.git.redact(this.stderr.trim().split('\n').slice(-3).join(' | '));
        this.fail(`git cat-file --batch ${signal ? `was killed by ${signal}` : `exited with code ${code}`} before it answered${tail ? `: ${tail}` : ''}`);
      }
    });
    return child;
  }

  private arm(): void {
    this.disarm();
    this.timer = setTimeout(() => {
      this.fail(`no answer from git cat-file after ${IDLE_MS / 1000} s`);
      this.child?.kill();
    }, IDLE_MS);
  }

  private disarm(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private fail(why: string): void {
    if (this.failure === null) this.failure = new HistoryError(`history: ${this.what} failed: ${why}`);
    this.disarm();
    for (const p of this.pending.splice(0)) p.reject(this.failure);
    if (this.child !== null && this.child.exitCode === null) this.child.kill();
  }

  private onData(chunk: Buffer): void {
    if (this.failure !== null) return;
    if (this.pending.length > 0) this.arm();
    let off = 0;
    while (off < chunk.length) {
      if (this.state === 'header') {
        const nl = chunk.indexOf(0x0a, off);
        const end = nl < 0 ? chunk.length : nl;
        this.header.push(chunk.subarray(off, end));
        this.headerBytes += end - off;
        if (this.headerBytes > MAX_HEADER) return this.fail('an answer git cat-file gave is not one it gives');
        if (nl < 0) return;
        off = nl + 1;
        const line = Buffer.concat(this.header).toString('utf8');
        this.header = [];
        this.headerBytes = 0;
        if (!this.onHeader(line)) return;
      } else if (this.state === 'body') {
        const n = Math.min(this.remaining, chunk.length - off);
        if (this.body !== null) chunk.copy(this.body, this.filled, off, off + n);
        this.filled += n;
        this.remaining -= n;
        off += n;
        if (this.remaining === 0) this.state = 'lf';
      } else {
        if (chunk[off] !== 0x0a) return this.fail('an answer of git cat-file does not end where its size says');
        off++;
        this.state = 'header';
        const answer = this.answer!;
        this.answer = null;
        this.body = null;
        this.settle(answer);
      }
    }
  }

  /** False when the line is not an answer (the batch has then failed). */
  private onHeader(line: string): boolean {
    const asked = this.pending[0];
    if (asked === undefined) {
      this.fail(`git cat-file answered what was not asked: ${JSON.stringify(line.slice(0, 100))}`);
      return false;
    }
    if (line === `${asked.name} missing` || line === `${asked.name} ambiguous`) {
      this.settle({ kind: 'missing' });
      return true;
    }
    const m = /^[0-9a-f]{40,64} (\S+) (\d+)$/.exec(line);
    if (m === null) {
      this.fail(`git cat-file answered ${JSON.stringify(line.slice(0, 100))} for ${asked.name}`);
      return false;
    }
    const type = m[1]!;
    const size = Number(m[2]);
    this.remaining = size;
    this.filled = 0;
    if (type !== 'blob') this.answer = { kind: 'not-blob', type };
    else if (size > asked.limit) this.answer = { kind: 'too-large', size };
    else {
      this.body = Buffer.allocUnsafe(size);
      this.answer = { kind: 'blob', data: this.body };
    }
    this.state = size === 0 ? 'lf' : 'body';
    return true;
  }

  private settle(answer: BlobAnswer): void {
    const p = this.pending.shift()!;
    if (this.pending.length === 0) this.disarm();
    p.resolve(answer);
  }
}

export interface BlobWanted {
  /** Object id or `<tree-ish>:<path>`. */
  name: string;
  /** Listed size (ls-tree -l), or null when unknown: bounds how far ahead reads go. */
  size: number | null;
}

/** Answers held at once ahead of the one being used: by count, and by their listed bytes. */
const AHEAD_COUNT = 64;
const AHEAD_BYTES = 16 * 1024 * 1024;

/** Times a dead `cat-file` is started again for the rest: past them every answer left is the last failure. */
const MAX_RESTARTS = 3;

/**
 * Each of `wanted` with its answer, in order, through one process: a few
 * are asked ahead so git never waits on us, but only so many bytes, so that
 * memory stays that of a few results however many are read. Stopping the
 * loop early (break) stops asking; the process ends either way. When git
 * dies on an object (a corrupt one), that object is answered `failed` and a
 * new process reads on: one bad object must not fail every later read.
 */
export async function* readBlobs<T extends BlobWanted>(git: Git, what: string, wanted: readonly T[], limit: number): AsyncGenerator<[T, BlobAnswer | { kind: 'failed'; why: string }]> {
  let batch = new BlobBatch(git, what);
  let restarts = 0;
  let dead: string | null = null;
  let ahead: { item: T; bytes: number; answer: Promise<BlobAnswer> }[] = [];
  let bytes = 0;
  let next = 0;
  const ask = (item: T): Promise<BlobAnswer> => {
    // Sized before it is read: a blob listed over the limit is never asked for, so git never sends it.
    const answer: Promise<BlobAnswer> = item.size !== null && item.size > limit ? Promise.resolve({ kind: 'too-large', size: item.size }) : batch.read(item.name, limit);
    // Rejections are seen when their turn comes; none goes unhandled before.
    answer.catch(() => {});
    return answer;
  };
  try {
    while (next < wanted.length || ahead.length > 0) {
      while (next < wanted.length && ahead.length < AHEAD_COUNT) {
        const item = wanted[next]!;
        // Unknown sizes count as the limit: one such read at a time. Those over it are not read.
        const cost = item.size !== null && item.size > limit ? 0 : Math.min(item.size ?? limit, limit);
        if (ahead.length > 0 && bytes + cost > AHEAD_BYTES) break;
        ahead.push({ item, bytes: cost, answer: ask(item) });
        bytes += cost;
        next++;
      }
      const head = ahead.shift()!;
      bytes -= head.bytes;
      if (dead !== null) {
        yield [head.item, { kind: 'failed', why: dead }];
        continue;
      }
      let answer: BlobAnswer;
      try {
        answer = await head.answer;
      } catch (err) {
        if (!(err instanceof HistoryError)) throw err;
        yield [head.item, { kind: 'failed', why: err.message }];
        batch.close();
        if (++restarts > MAX_RESTARTS) dead = err.message;
        else {
          // Those asked ahead died with it: asked again of a new process.
          batch = new BlobBatch(git, what);
          ahead = ahead.map((a) => ({ ...a, answer: ask(a.item) }));
        }
        continue;
      }
      yield [head.item, answer];
    }
  } finally {
    batch.close();
  }
}
