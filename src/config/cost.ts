// `cost:`: what the measured deployment costs per hour, so a cell's
// throughput can be read as cost per million tokens (docs/config.md, "cost";
// docs/metrics.md, "Cost and energy"). Either a price per GPU-hour and the
// GPU count, or one price per node-hour. The schema checks each field's
// type and range; the rules across its fields are here.
import { isRecord } from '../util/record.js';
import type { Issue } from './vocabulary.js';

const has = (o: Record<string, unknown>, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

export interface RawCost {
  gpu_hour_usd?: number;
  gpus?: number;
  node_hour_usd?: number;
}

/** As written, both forms kept apart, so a reader can say what the price was made of. */
export type NormalCost = { readonly gpu_hour_usd: number; readonly gpus: number } | { readonly node_hour_usd: number };

/** gpus when gpu_hour_usd is given without it. */
const DEFAULT_GPUS = 1;

export function normaliseCost(c: RawCost): NormalCost {
  if (c.node_hour_usd !== undefined) return { node_hour_usd: c.node_hour_usd };
  return { gpu_hour_usd: c.gpu_hour_usd!, gpus: c.gpus ?? DEFAULT_GPUS };
}

/** US dollars per hour of the whole deployment. */
export function hourlyUsd(c: NormalCost): number {
  return 'node_hour_usd' in c ? c.node_hour_usd : c.gpu_hour_usd * c.gpus;
}

/** The price as one line, for reports and the gate's notes. */
export function describeCost(c: NormalCost): string {
  return 'node_hour_usd' in c ? `$${c.node_hour_usd}/node-hour` : `$${c.gpu_hour_usd}/GPU-hour x ${c.gpus} GPU${c.gpus === 1 ? '' : 's'}`;
}

/** The rules across cost's fields: one form of price, and the GPU count only with a GPU price. */
export function costIssues(raw: unknown): Issue[] {
  if (!isRecord(raw) || !isRecord(raw.cost)) return [];
  const c = raw.cost;
  const issues: Issue[] = [];
  if (has(c, 'node_hour_usd') && has(c, 'gpu_hour_usd')) {
    issues.push({ segs: ['cost', 'node_hour_usd'], reason: 'give one price: node_hour_usd, or gpu_hour_usd with gpus, not both', echo: false, atKey: true });
  } else if (has(c, 'node_hour_usd') && has(c, 'gpus')) {
    issues.push({ segs: ['cost', 'gpus'], reason: 'goes with gpu_hour_usd; node_hour_usd is the price of the whole node', echo: false, atKey: true });
  } else if (!has(c, 'node_hour_usd') && !has(c, 'gpu_hour_usd')) {
    issues.push({ segs: ['cost'], reason: 'needs a price: gpu_hour_usd (with gpus) or node_hour_usd', echo: false, atKey: true });
  }
  return issues;
}
