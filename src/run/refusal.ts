// A cell in which the server refused every request for its credentials did
// not measure the server at all: the run is unusable (exit 2, as a 401 on
// /v1/models is), not a result with an error rate of 1. This happens with
// servers that serve /v1/models openly but guard the completions.
// firstFailuresError: the run's first requests all refused alike
// (src/load/first-failures.ts) end the run early, saying what the server
// serves and what to change.
import type { RequestRecord } from '../load/record.js';
import type { TargetPlan } from '../config/plan.js';
import { TargetError } from '../errors/target-error.js';
import { credentialsRefused, type KeyState } from '../client/credentials.js';
import type { FirstFailures } from '../load/first-failures.js';

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

/** Model ids named in a message, at most this many (a server may list hundreds). */
const MODELS_SHOWN = 10;

/** The server's own words in a refused request's message (`HTTP 404: {"message": ...}`), else the message as it is. */
export function refusalText(message: string | null): string | null {
  if (message === null) return null;
  const body = message.replace(/^HTTP \d{3}: /, '');
  try {
    const j = JSON.parse(body) as { message?: unknown; error?: { message?: unknown } | string; detail?: unknown };
    const said = typeof j.error === 'string' ? j.error : (j.error?.message ?? j.message ?? j.detail);
    if (typeof said === 'string' && said.trim() !== '') return said.trim();
  } catch {
    // Not JSON (a text body, or one clipped mid-way): as it is.
  }
  return body.trim() === '' ? null : body.trim();
}

/** What the server serves, for a message: `a, b (and 3 more)`, or null when it listed none. */
function servedList(models: readonly string[]): string | null {
  if (models.length === 0) return null;
  const shown = models.slice(0, MODELS_SHOWN).join(', ');
  return models.length > MODELS_SHOWN ? `${shown} (and ${models.length - MODELS_SHOWN} more)` : shown;
}

/** The side of a run whose first requests were refused: what it asked for and what its server listed. */
interface RefusedSide {
  target: TargetPlan;
  /** The model asked for (target.model, or the server's first when unset). */
  model: string;
  /** GET /v1/models' ids. */
  served: readonly string[];
  /** Where it was measured, e.g. "[candidate] "; '' for a single target. */
  label: string;
  keyState: KeyState;
}

/**
 * The error that stops a run whose first requests were all refused alike
 * (src/load/first-failures.ts): the status and the server's words, what it
 * serves against what was asked for, and what to change. Exit 2, as for a
 * target that cannot be used at all.
 */
export function firstFailuresError(stop: FirstFailures, side: RefusedSide): TargetError {
  const said = refusalText(stop.message);
  const first = stop.count === 1 ? 'the first request' : `the first ${stop.count} requests`;
  const head = `${side.label}${first} ${stop.count === 1 ? 'was' : 'were all'} refused with HTTP ${stop.status}${said === null ? '' : ` (${said})`}, so the run stopped early`;
  const served = servedList(side.served);
  const asked = side.target.model === null ? `the run asked for '${side.model}', the first it lists` : `target.model is '${side.model}'`;
  const listed = served === null ? `GET /v1/models lists no model; ${asked}` : `the server serves: ${served}; ${asked}`;
  let advice: string;
  if (AUTH_STATUSES.has(stop.status)) advice = credentialsRefused(side.target, side.keyState);
  else if (!side.served.includes(side.model)) advice = `set target.model (or --model) to ${side.served.length === 1 ? 'it' : 'one of those'}`;
  else advice = "the model is listed, so the server refuses the requests themselves: check target.api, target.headers and the scenario's lengths against what the server accepts";
  return new TargetError(`${head}: ${listed}. ${advice[0]!.toUpperCase()}${advice.slice(1)}`, 'POST', `${side.target.url}/v1/${side.target.api === 'chat' ? 'chat/completions' : 'completions'}`);
}
