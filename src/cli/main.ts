// The CLI's front door: parse argv, dispatch, map errors to exit codes.
import { parseArgs } from 'node:util';
import { TargetError } from '../client/errors.js';
import { ConfigError } from '../config/errors.js';
import { RunSetupError } from '../run/run-plan.js';
import { DatasetError } from '../workload/dataset.js';
import { TOOL_VERSION } from '../version.js';
import { EXIT, type CliIo } from './io.js';
import { RUN_USAGE, runCommand } from './run-command.js';

const USAGE = `llm-perf-gate ${TOOL_VERSION}: load-test an OpenAI-compatible inference server

usage: llm-perf-gate <command> [options]

commands:
  run       run the workload matrix and write a result file

Run 'llm-perf-gate <command> --help' for a command's options.`;

class UsageError extends Error {}

export async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'run': {
        const { values } = parseStrict(rest, {
          config: { type: 'string' },
          url: { type: 'string' },
          model: { type: 'string' },
          out: { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        });
        if (values.help) {
          io.stdout.write(`${RUN_USAGE}\n`);
          return EXIT.ok;
        }
        return await runCommand(
          {
            config: (values.config as string | undefined) ?? null,
            url: (values.url as string | undefined) ?? null,
            model: (values.model as string | undefined) ?? null,
            out: (values.out as string | undefined) ?? 'llm-perf-result.json',
          },
          io,
        );
      }
      case '--version':
      case '-v':
        io.stdout.write(`${TOOL_VERSION}\n`);
        return EXIT.ok;
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.stdout.write(`${USAGE}\n`);
        return command === undefined ? EXIT.usage : EXIT.ok;
      default:
        throw new UsageError(`unknown command '${command}'\n\n${USAGE}`);
    }
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError || err instanceof RunSetupError || err instanceof DatasetError) {
      io.stderr.write(`error: ${err.message}\n`);
      return EXIT.usage;
    }
    if (err instanceof TargetError) {
      io.stderr.write(`error: target unusable: ${err.message}\n`);
      return EXIT.usage;
    }
    throw err;
  }
}

type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

function parseStrict(args: string[], options: Options): { values: Record<string, unknown> } {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
