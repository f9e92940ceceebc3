// The CLI as a pipeline host: the command's output on stdout, everything
// else (progress, notes, warnings, errors) on stderr, a live progress line on
// a terminal, and Ctrl-C (or SIGTERM) as the cancel signal.
import { hostLog, type Host, type HostLog, type LogSink } from '../pipeline/host.js';
import { systemClock } from '../util/clock.js';
import { colourWanted, paintPrefix, paintStatus } from './colour.js';
import type { CliIo } from './io.js';

const PREFIX = { out: '', info: '', notice: 'note: ', warn: 'warning: ', error: 'error: ' } as const;
const CLEAR_LINE = '\r\x1b[2K';

function cliSink(io: CliIo): LogSink {
  // A live status line is pending on stderr until a newline ends it: clear it before anything else is written.
  let statusShown = false;
  const clear = (): void => {
    if (statusShown) io.stderr.write(CLEAR_LINE);
    statusShown = false;
  };
  const colour = colourWanted(io.stderr.isTTY, io.env);
  const sink: LogSink = {
    write(level, text) {
      clear();
      const prefix = PREFIX[level];
      if (level === 'out') io.stdout.write(`${text}\n`);
      else io.stderr.write(`${colour ? paintPrefix(prefix) : prefix}${text}\n`);
    },
    // Tables fit stdout's terminal; a file or a pipe gets them whole.
    columns: (stream) => {
      const s = stream === 'out' ? io.stdout : io.stderr;
      return s.isTTY === true && typeof s.columns === 'number' && s.columns > 0 ? s.columns : null;
    },
  };
  if (io.stderr.isTTY === true) {
    sink.status = (text) => {
      io.stderr.write(`${CLEAR_LINE}${colour ? paintStatus(text) : text}`);
      statusShown = true;
    };
  }
  return sink;
}

/** The CLI's log, for what is written outside a command's host (usage, errors). */
export function cliLog(io: CliIo): HostLog {
  return hostLog(cliSink(io));
}

/** A host for one command; `what` names the files an interrupted run still finishes. Call `release` when done. */
export function cliHost(io: CliIo, what: string): { host: Host; release: () => void } {
  const log = cliLog(io);
  const ac = new AbortController();
  const release = io.onInterrupt(() => {
    log.warn(`interrupted: finishing ${what} with what was measured`);
    ac.abort();
  });
  const host: Host = {
    log,
    signal: ac.signal,
    clock: systemClock,
    cwd: io.cwd,
    env: io.env,
    // The CLI has no step outputs, later steps or job summary: its files are its outputs.
    setOutput: () => undefined,
    saveState: () => undefined,
    summary: async () => undefined,
  };
  return { host, release };
}
