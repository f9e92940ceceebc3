// What to do when the target answers 401 or 403, by what was sent: the key
// of the variable target.api_key_env names (then that key is wrong), no key
// because that variable is empty, or no key at all.
import type { TargetPlan } from '../config/plan.js';

/** How the request carried credentials. */
export type KeyState = 'sent' | 'empty' | 'none';

/** sent: target.api_key_env names a variable with a value; empty: it names one without; none: no key is configured. */
export function keyState(target: Pick<TargetPlan, 'apiKeyEnv'>, apiKey: string | null): KeyState {
  if (target.apiKeyEnv === null) return 'none';
  return apiKey ? 'sent' : 'empty';
}

const hasAuthHeader = (headers: Readonly<Record<string, string>>): boolean =>
  Object.keys(headers).some((h) => h.toLowerCase() === 'authorization' || h.toLowerCase() === 'x-api-key' || h.toLowerCase() === 'api-key');

/** Why the server refused, by what was sent, and what to do. */
export function credentialsRefused(target: Pick<TargetPlan, 'apiKeyEnv' | 'headers'>, state: KeyState): string {
  if (state === 'sent') {
    return `the server refused the key in $${target.apiKeyEnv} (target.api_key_env): check the key, or the key the server was started with (e.g. its --api-key)`;
  }
  if (state === 'empty') {
    return `target.api_key_env names ${target.apiKeyEnv}, but that environment variable is not set or empty: set it to the server's key`;
  }
  if (hasAuthHeader(target.headers)) {
    return 'the server refused the credentials in target.headers: check them, or put the key in an environment variable and name it in target.api_key_env';
  }
  return "no key is configured: put the server's key in an environment variable and name it in target.api_key_env (or give the headers the server needs in target.headers)";
}
