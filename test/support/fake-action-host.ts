// The action's host with everything in the test's hands: inputs, event, log,
// outputs, state, summary, failures and the cancel signal.
import type { RunEvent } from '../../src/action/event.js';
import type { ActionHost } from '../../src/action/host.js';
import { hostLog, type LogLevel } from '../../src/pipeline/host.js';
import { systemClock } from '../../src/util/clock.js';

export interface Logged {
  level: LogLevel;
  text: string;
  title: string | undefined;
}

export function fakeHost(cwd: string, inputs: Record<string, string>, onLog: (l: Logged, abort: () => void) => void = () => undefined) {
  const logs: Logged[] = [];
  const outputs: Record<string, string> = {};
  const state: Record<string, string> = {};
  const summaries: string[] = [];
  const failures: string[] = [];
  const secrets: string[] = [];
  const ac = new AbortController();
  const event: RunEvent = {
    name: 'push',
    owner: 'acme',
    repo: 'serving',
    sha: 'a'.repeat(40),
    ref: 'refs/heads/feature',
    defaultBranch: 'main',
    isDefaultBranchPush: false,
    pr: null,
    baselineCommit: null,
  };
  const host: ActionHost = {
    log: hostLog({
      write(level, text, title) {
        const l = { level, text, title };
        logs.push(l);
        onLog(l, () => ac.abort());
      },
    }),
    signal: ac.signal,
    clock: systemClock,
    cwd,
    env: {},
    setOutput: (name, value) => void (outputs[name] = value),
    saveState: (name, value) => void (state[name] = value),
    summary: async (markdown) => void summaries.push(markdown),
    input: (name) => inputs[name] ?? '',
    event: () => event,
    secret: (value) => void secrets.push(value),
    fail: (message) => void failures.push(message),
  };
  return { host, logs, outputs, state, summaries, failures, secrets };
}
