// The seam between the pipeline and where it runs. The CLI and the action are
// two hosts: each supplies a Host, and every stage (measure, judge, report,
// publish) talks to the outside only through it, as actions/cache passes a
// StateProvider into restoreImpl. A fake host in tests sees everything a
// stage logs, outputs, saves and summarises.

import type { Clock } from '../util/clock.js';
import { forLog } from '../util/safe-text.js';

export type { Clock };

export type LogLevel = 'out' | 'info' | 'notice' | 'warn' | 'error';

/**
 * What a host writes with: stdout/stderr for the CLI, @actions/core for the
 * action. `level` decides the stream or workflow command; `title` is the
 * annotation title of a notice, warning or error.
 */
export interface LogSink {
  write(level: LogLevel, text: string, title?: string): void;
  /** A progress line that replaces the previous one (a terminal); absent: progress goes to `write('info')`. */
  status?(text: string): void;
  /** Opens (a title) or closes (null) a collapsible group of lines (the action's log); absent: the title is an info line. */
  group?(title: string | null): void;
  /** The width in columns of the terminal `out` or status lines go to, now; absent or null: not a terminal (no width to fit). */
  columns?(stream: 'out' | 'status'): number | null;
}

export interface HostLog {
  /** The command's own output: tables, file paths (the CLI's stdout; the action's log). */
  out(text: string): void;
  info(text: string): void;
  notice(text: string): void;
  warn(text: string, title?: string): void;
  error(text: string, title?: string): void;
  /** A progress line: redrawn in place on a terminal, a plain line elsewhere. */
  status(text: string): void;
  /** Lines logged while `fn` runs, under `title`, collapsed where the host can. */
  group<T>(title: string, fn: () => Promise<T>): Promise<T>;
  /** True when status lines redraw in place, so they may come often. */
  readonly live: boolean;
  /** The terminal's width for `out` (tables) or status lines, now; null: no terminal, nothing to fit (a CI log). */
  columns(stream: 'out' | 'status'): number | null;
}

/**
 * The one place log text passes from the pipeline to a host's sink. Text here
 * can hold what a server or a result file said (model ids, error messages):
 * whatever must be done to untrusted text before it reaches a terminal or a
 * workflow log is done here, once, for both hosts: a 100 MB model name read
 * from a result file reaches a terminal as a marked head, not as 100 MB.
 */
export function hostLog(sink: LogSink): HostLog {
  // forLog: bounded (at most MAX_LOG_TEXT_CHARS, each line MAX_LOG_LINE_CHARS,
  // cuts marked with the original length, before any other work), control
  // characters escaped, no line a workflow command, registered secrets scrubbed.
  const emit = (level: LogLevel, text: string, title?: string): void => sink.write(level, forLog(text), title === undefined ? undefined : forLog(title));
  const status = sink.status;
  return {
    out: (text) => emit('out', text),
    info: (text) => emit('info', text),
    notice: (text) => emit('notice', text),
    warn: (text, title) => emit('warn', text, title),
    error: (text, title) => emit('error', text, title),
    status: status === undefined ? (text) => emit('info', text) : (text) => status.call(sink, forLog(text)),
    async group(title, fn) {
      if (sink.group === undefined) {
        emit('info', title);
        return fn();
      }
      sink.group(forLog(title));
      try {
        return await fn();
      } finally {
        sink.group(null);
      }
    },
    live: status !== undefined,
    columns: (stream) => sink.columns?.(stream) ?? null,
  };
}

export interface Host {
  readonly log: HostLog;
  /** Aborted when the user or the runner interrupts (Ctrl-C, SIGTERM, a cancelled job): stages finish their files with what was measured. */
  readonly signal: AbortSignal;
  readonly clock: Clock;
  /** Directory that relative paths are resolved against. */
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** A named output for what runs next (the action's step outputs; nothing in the CLI). */
  setOutput(name: string, value: string): void;
  /** State for a later step (the action's post step; nothing in the CLI). */
  saveState(name: string, value: string): void;
  /** The report where people look first (the job summary; nothing in the CLI). */
  summary(markdown: string): Promise<void>;
}
