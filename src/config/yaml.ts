// YAML text -> plain value plus a locator from a field path to line:column,
// so every config message can point at the exact place in the file.
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { ConfigError } from '../errors/config-error.js';
import { makeProblem } from './errors.js';

export type Segment = string | number;
export interface Position {
  line: number;
  column: number;
}
/** Position of the node at `segs` (or of its key, for unknown/invalid keys); nearest existing ancestor otherwise. */
export type Locate = (segs: readonly Segment[], atKey?: boolean) => Position | null;

export const NO_LOCATION: Locate = () => null;

export function parseYaml(source: string, file: string | null): { raw: unknown; locate: Locate } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false });
  const at = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  if (doc.errors.length > 0) {
    throw new ConfigError(
      doc.errors.map((e) => {
        const pos = at(e.pos[0]);
        const reason =
          e.code === 'MULTIPLE_DOCS' ? 'the config must be a single YAML document (found another "---")' : e.message;
        return makeProblem({ file, line: pos.line, column: pos.column, path: '', reason });
      }),
    );
  }
  let raw: unknown;
  try {
    raw = doc.toJS();
  } catch (err) {
    // Alias bombs and similar: toJS refuses rather than expanding without bound.
    throw ConfigError.of({ file, path: '', reason: (err as Error).message });
  }
  return { raw, locate: makeLocator(doc, at) };
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
