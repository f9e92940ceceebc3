import { UserError } from './user-error.js';

/**
 * Thrown when the inference server the tool was asked to start (action input
 * `server-command`, an `ab` side's `server_command`) does not become ready:
 * something already listens on its port, the command cannot be spawned, it
 * exits, or it is not ready in time. The message ends with the last lines of
 * the server's log.
 */
export class ServerStartError extends UserError {
  override name = 'ServerStartError';

  constructor(
    message: string,
    readonly logTail: string[],
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null = null,
    options?: { cause?: unknown },
  ) {
    super(logTail.length ? `${message}\nlast ${logTail.length} log lines:\n${logTail.map((l) => `  | ${l}`).join('\n')}` : message, options);
  }
}
