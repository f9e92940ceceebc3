// The one reader of a `/v1/models` answer, for the client's probe of the
// target and for the readiness check of a server we started.
import { clip } from './errors.js';

export type ModelsAnswer =
  | { ok: true; models: string[]; /** The entries as the server described them (first 16, strings clipped). */ entries: unknown[] }
  | { ok: false; problem: string };

/** Reads a 200 answer's body: its model ids, or what is wrong with it. */
export function readModels(body: string): ModelsAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, problem: `not an OpenAI-compatible server: /v1/models returned non-JSON: ${clip(body, 80)}` };
  }
  const data = (parsed as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return { ok: false, problem: 'not an OpenAI-compatible server: /v1/models has no "data" array' };
  const models = data
    .map((m) => (m && typeof m === 'object' ? (m as { id?: unknown }).id : undefined))
    .filter((id): id is string => typeof id === 'string');
  const entries = data.slice(0, 16).map((m) => JSON.parse(JSON.stringify(m, (_k, v) => (typeof v === 'string' ? clip(v, 200) : v))) as unknown);
  return { ok: true, models, entries };
}
