// YAML text -> plain value plus a locator from a field path to line:column,
// so every config message can point at the exact place in the file.
import { open } from 'node:fs/promises';
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument, visit, type Document, type YAMLError } from 'yaml';
import { ConfigError } from '../errors/config-error.js';
import { makeProblem } from '../config-problem.js';
import { formatPath } from './issues.js';
import type { Segment } from './vocabulary.js';

export interface Position {
  line: number;
  column: number;
}
/** Position of the node at `segs` (or of its key, for unknown/invalid keys); nearest existing ancestor otherwise. */
export type Locate = (segs: readonly Segment[], atKey?: boolean) => Position | null;

export const NO_LOCATION: Locate = () => null;

/**
 * A config is a few kilobytes (the commented example: 3 KB). Parsing YAML
 * costs up to 3.3 s and 320 MB for 256 KiB of flow list, and a 10 MB file took
 * 14 s and 1.8 GB just to be refused. Anything above 64 KiB is refused before
 * it is parsed, or read whole.
 */
export const MAX_CONFIG_BYTES = 64 * 1024;

/** Reads a config file, refusing (code EFBIG) one over MAX_CONFIG_BYTES without reading more than that. */
export async function readConfigText(abs: string): Promise<string> {
  const handle = await open(abs, 'r');
  try {
    // Read one byte past the cap instead of trusting stat: a FIFO or a device reports size 0.
    const buf = Buffer.alloc(MAX_CONFIG_BYTES + 1);
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buf, filled, buf.length - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled === buf.length) {
        const err = new Error(`it is larger than ${MAX_CONFIG_BYTES / 1024} KiB, the most a config may be`) as NodeJS.ErrnoException;
        err.code = 'EFBIG';
        throw err;
      }
    }
    return buf.toString('utf8', 0, filled);
  } finally {
    await handle.close();
  }
}

export function parseYaml(source: string, file: string | null): { raw: unknown; locate: Locate } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false });
  const at = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  if (doc.errors.length > 0) {
    throw new ConfigError(doc.errors.map((e) => syntaxProblem(doc, e, file, at)));
  }
  let raw: unknown;
  try {
    raw = doc.toJS();
  } catch (err) {
    // Alias bombs: toJS refuses rather than expanding without bound, but says
    // nowhere where; point at the first alias, which is where the expansion starts.
    const first = firstAlias(doc);
    const pos = first === null ? null : at(first.offset);
    throw ConfigError.of({
      file,
      line: pos?.line ?? null,
      column: pos?.column ?? null,
      path: first === null ? '' : formatPath(first.segs),
      reason: `YAML aliases (*name) expand beyond what a config needs: ${(err as Error).message}`,
    });
  }
  return { raw, locate: makeLocator(doc, at) };
}

function syntaxProblem(doc: Document, e: YAMLError, file: string | null, at: (offset: number) => Position): ReturnType<typeof makeProblem> {
  const pos = at(e.pos[0]);
  if (e.code === 'MULTIPLE_DOCS') {
    return makeProblem({ file, line: pos.line, column: pos.column, path: '', reason: 'the config must be a single YAML document (found another "---")' });
  }
  if (e.code === 'DUPLICATE_KEY') {
    const segs = keyPathAt(doc.contents, e.pos[0], []);
    if (segs !== null) {
      const name = segs[segs.length - 1]!;
      return makeProblem({ file, line: pos.line, column: pos.column, path: formatPath(segs), reason: `duplicate key '${String(name)}': each key may appear once in a mapping` });
    }
  }
  return makeProblem({ file, line: pos.line, column: pos.column, path: '', reason: e.message });
}

/** The field path of the mapping key whose node starts at `offset`, or null. */
function keyPathAt(node: unknown, offset: number, segs: readonly Segment[]): Segment[] | null {
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      const start = (pair.key as { range?: [number, number, number] | null } | null)?.range?.[0];
      if (start === offset) return [...segs, key];
      const inner = keyPathAt(pair.value, offset, [...segs, key]);
      if (inner !== null) return inner;
    }
  } else if (isSeq(node)) {
    for (const [i, item] of node.items.entries()) {
      const inner = keyPathAt(item, offset, [...segs, i]);
      if (inner !== null) return inner;
    }
  }
  return null;
}

/** The first alias node in document order, with its field path. */
function firstAlias(doc: Document): { offset: number; segs: Segment[] } | null {
  let found: { offset: number; segs: Segment[] } | null = null;
  visit(doc, {
    Alias(_key, node, path) {
      const segs: Segment[] = [];
      for (let i = 0; i < path.length; i++) {
        const parent = path[i];
        const child = path[i + 1] ?? node;
        if (isMap(parent) && child !== undefined) {
          const pair = child as { key?: unknown };
          if (pair.key !== undefined) segs.push(isScalar(pair.key) ? String(pair.key.value) : String(pair.key));
        } else if (isSeq(parent)) {
          segs.push(parent.items.indexOf(child as never));
        }
      }
      found = { offset: node.range?.[0] ?? 0, segs };
      return visit.BREAK;
    },
  });
  return found;
}

function makeLocator(doc: Document, at: (offset: number) => Position): Locate {
  return (segs, atKey = false) => {
    let node: unknown = doc.contents;
    let best: Position | null = rangeStart(node, at);
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i];
      if (isAlias(node)) node = node.resolve(doc);
      let keyNode: unknown = null;
      if (isMap(node)) {
        const pair = node.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === String(seg));
        if (pair === undefined) return best;
        keyNode = pair.key;
        node = pair.value;
      } else if (isSeq(node) && typeof seg === 'number') {
        if (seg >= node.items.length) return best;
        node = node.items[seg];
      } else {
        return best;
      }
      const last = i === segs.length - 1;
      // A key with no value (`url:`) has no value node to point at: use the key.
      const pos = (last && atKey ? null : rangeStart(node, at)) ?? rangeStart(keyNode, at);
      if (pos !== null) best = pos;
    }
    return best;
  };
}

function rangeStart(node: unknown, at: (offset: number) => Position): Position | null {
  if (node === null || typeof node !== 'object' || !('range' in node)) return null;
  const range = (node as { range?: [number, number, number] | null }).range;
  return range ? at(range[0]) : null;
}
