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
    stdout: process.stdout,
    stderr: process.stderr,
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
