// The action as a pipeline host: @actions/core for the log, annotations,
// outputs, state and job summary; the event payload; SIGINT and SIGTERM (a
// cancelled job: the runner sends SIGINT, then SIGTERM) as the cancel signal,
// so a cancelled run still leaves a finished result file, never one marked
// `running`.
import * as core from '@actions/core';
import type { Host } from '../pipeline/host.js';
import { fitBytes } from '../util/bytes.js';
import { systemClock } from '../util/clock.js';
import { readEvent, type RunEvent } from './event.js';
import { actionLog } from './log.js';

/** A job summary's limit: 1 MiB, in bytes. */
const MAX_SUMMARY_BYTES = 1024 * 1024;

export interface ActionHost extends Host {
  /** An input as the runner passes it ('' when not set). */
  input(name: string): string;
  /** What the workflow run is about. */
  event(): RunEvent;
  /** Never show this value in the log. */
  secret(value: string): void;
  /** Ends the step as failed with this message (exit status 1). */
  fail(message: string): void;
}

export function createActionHost(): ActionHost {
  const log = actionLog();
  const ac = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (ac.signal.aborted) return;
    log.warn(`${signal}: finishing the result file with what was measured`);
    ac.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    log,
    signal: ac.signal,
    clock: systemClock,
    cwd: process.env.GITHUB_WORKSPACE ?? process.cwd(),
    env: process.env,
    setOutput: (name, value) => core.setOutput(name, value),
    saveState: (name, value) => core.saveState(name, value),
    // The job summary is a copy of what the step already logged and commented:
    // a runner without one (GITHUB_STEP_SUMMARY unset, or a file that is gone
    // or not writable, as on some self-hosted and act runners) must not fail a
    // measured step: a warning says so, and the step goes on.
    async summary(markdown) {
      const file = process.env.GITHUB_STEP_SUMMARY;
      if (!file) {
        log.warn('no job summary: GITHUB_STEP_SUMMARY is not set; the report file has the report');
        return;
      }
      try {
        // GitHub shows a step's summary up to 1 MiB (of UTF-8) and drops a longer one whole.
        await core.summary.addRaw(fitBytes(markdown, MAX_SUMMARY_BYTES - 1, "\n\n… (cut at GitHub's 1 MiB limit for a job summary; the report file has it all)"), true).write();
      } catch (err) {
        // What was buffered is dropped, so a later summary does not carry this one.
        core.summary.emptyBuffer();
        log.warn(`no job summary: ${(err as Error).message}; the report file has the report`);
      }
    },
    input: (name) => core.getInput(name),
    event: () => readEvent(),
    secret: (value) => core.setSecret(value),
    // What core.setFailed does, with the message through the one log seam like every other line.
    fail(message) {
      log.error(message);
      process.exitCode = 1;
    },
  };
}
