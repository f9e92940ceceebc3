// Hostile result files: what a fork could put in an artifact or on the history
// branch. Built from a genuine synthetic result, changed in one field.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as hdr from 'hdr-histogram-js';
import type { ResultDoc } from '../../src/result/types.js';
import { syntheticResult } from './synthetic.js';

/**
 * A histogram claiming 5 significant digits and a 2^52 range with one value
 * near the top: 56 characters whose 4.8 million buckets take minutes to walk.
 */
export function wideHistogram(): string {
  const h = hdr.build({ bitBucketSize: 'packed', numberOfSignificantValueDigits: 5, highestTrackableValue: 2 ** 52, autoResize: false });
  h.recordValue(2 ** 51);
  const enc = hdr.encodeIntoCompressedBase64(h);
  h.destroy();
  return enc;
}

/** A genuine result with `change` applied to a deep copy. */
export function craftedResult(change: (doc: ResultDoc) => void, seed = 'crafted'): ResultDoc {
  const doc = structuredClone(syntheticResult(seed));
  change(doc);
  return doc;
}

export async function writeJson(dir: string, name: string, doc: unknown): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(doc));
  return file;
}
