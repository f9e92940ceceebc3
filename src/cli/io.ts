// What a command may touch of the outside world, passed in so tests can run
// commands in-process with their own streams, cwd and environment.
import { EXIT } from '../pipeline/exit.js';

export interface OutStream {
  write(s: string): boolean;
  isTTY?: boolean;
  /** A terminal's width (Node sets it on a TTY stream). */
  columns?: number;
}

export interface CliIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: OutStream;
  stderr: OutStream;
  /** Registers a Ctrl-C handler; returns the function that removes it. */
  onInterrupt(handler: () => void): () => void;
}

export function processIo(): CliIo {
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: quietWhenClosed(process.stdout),
    stderr: quietWhenClosed(process.stderr),
    onInterrupt(handler) {
      let count = 0;
      const h = (): void => {
        // A second Ctrl-C means "now": leave without waiting for the file.
        if (++count > 1) process.exit(EXIT.interrupted);
        handler();
      };
      process.on('SIGINT', h);
      process.on('SIGTERM', h);
      return () => {
        process.off('SIGINT', h);
        process.off('SIGTERM', h);
      };
    },
  };
}

/**
 * A process stream whose reader may leave early (`compare ... | head -3`):
 * the write that finds the pipe closed fails with EPIPE, as an 'error' event
 * that, unhandled, ended the process with status 1, the status that means
 * "regression". The command goes on without that output, quietly, and exits
 * with its own status; later writes are dropped.
 */
function quietWhenClosed(stream: NodeJS.WriteStream): OutStream {
  let closed = false;
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') {
      closed = true;
      return;
    }
    throw err;
  });
  return {
    write: (s) => (closed || stream.destroyed ? true : stream.write(s)),
    get isTTY() {
      return stream.isTTY;
    },
    get columns() {
      return stream.columns;
    },
  };
}
