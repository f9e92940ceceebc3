// One test for "a JSON object" (not null, not an array), for every reader of
// untrusted JSON and YAML: configs, traces, datasets, stored verdicts.

export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
