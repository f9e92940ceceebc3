// The text of an absolute SLO check, `ttft_ms.p99 <= 2000`, as the config
// writes it (gate.slo) and as it is stored.
import type { SloOp } from './vocabulary.js';

export const SLO_RE = /^\s*([a-z][a-z0-9_]*(?:\.(?:mean|p50|p90|p95|p99))?)\s*(<=|<|>=|>)\s*([0-9.eE+-]+)\s*$/;

/** `ttft_ms.p99 <= 2000` -> parts; null when the text does not parse. */
export function parseSloText(text: string): { metric: string; op: SloOp; bound: number } | null {
  const m = SLO_RE.exec(text);
  if (m === null) return null;
  const bound = Number(m[3]);
  if (!Number.isFinite(bound)) return null;
  return { metric: m[1]!, op: m[2] as SloOp, bound };
}
