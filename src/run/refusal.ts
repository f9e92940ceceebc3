// A cell in which the server refused every request for its credentials did
// not measure the server at all: the run is unusable (exit 2, as a 401 on
// /v1/models is), not a result with an error rate of 1. This happens with
// servers that serve /v1/models openly but guard the completions.
import type { RequestRecord } from '../load/record.js';
import type { TargetPlan } from '../config/plan.js';
import { TargetError } from '../errors/target-error.js';
import { credentialsRefused, type KeyState } from '../client/credentials.js';

const AUTH_STATUSES = new Set([401, 403]);

/** Throws a TargetError, saying what to do by `keyState` (what the requests carried), when every request of the cell (warm-up included, interrupted ones aside) got 401 or 403. */
export function assertCredentialsAccepted(records: readonly RequestRecord[], target: TargetPlan, cell: string, keyState: KeyState): void {
  const answered = records.filter((r) => !r.cancelled);
  if (answered.length === 0 || !answered.every((r) => r.status !== null && AUTH_STATUSES.has(r.status))) return;
  const statuses = [...new Set(answered.map((r) => r.status))].join('/');
  throw new TargetError(
    `every request of cell ${cell} was refused (HTTP ${statuses}): ${credentialsRefused(target, keyState)}`,
    'POST',
    `${target.url}/v1/${target.api === 'chat' ? 'chat/completions' : 'completions'}`,
  );
}
