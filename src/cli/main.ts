// The CLI's front door: parse argv, dispatch, map errors to exit codes. A
// command's module (and the load engine, the statistics, the dashboard, git
// plumbing behind it) is imported only when that command runs: `--help`, a
// usage error and `--version` load this file, the usage texts and the log
// (issue 22, start-up).
import type { parseArgs } from 'node:util';
import { OutputWriteError } from '../errors/output-write-error.js';
import { UsageError } from '../errors/usage-error.js';
import { UserError } from '../errors/user-error.js';
import { EXIT } from '../pipeline/exit.js';
import { TOOL_VERSION } from '../version.js';
import { parseCommandArgs } from './args.js';
import { ENGINE_COMMANDS, runEngineCommand } from './embedded.js';
import { cliLog } from './host.js';
import type { CliIo } from './io.js';
import { AB_USAGE, CALIBRATE_USAGE, CHANGES_USAGE, COMPACT_USAGE, COMPARE_USAGE, DASHBOARD_USAGE, HISTORY_OPTIONS, RUN_USAGE } from './usage.js';

const MERGE_SUMMARY = "combine the shard results of 'run --shard I/N' into one result file";

type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options'];
type Values = Record<string, string | boolean | string[] | undefined>;
/** What the history commands take: none of their options repeats. */
type HistoryValues = Record<string, string | boolean | undefined>;

interface Command {
  summary: string;
  usage: string;
  options: Options;
  run(values: Values, io: CliIo): Promise<number>;
}

const str = (v: Values, key: string): string | null => (typeof v[key] === 'string' ? (v[key] as string) : null);
/** A repeatable option: every value given, at least one. */
function requiredList(v: Values, key: string, usage: string): string[] {
  const s = v[key];
  const list = Array.isArray(s) ? s : typeof s === 'string' ? [s] : [];
  if (list.length === 0) throw new UsageError(`--${key} is required\n\n${usage}`);
  return list;
}
function required(v: Values, key: string, usage: string): string {
  const s = str(v, key);
  if (s === null) throw new UsageError(`--${key} is required\n\n${usage}`);
  return s;
}

const COMMANDS: Record<string, Command> = {
  run: {
    summary: 'run the workload matrix and write a result file (with --baseline: then compare)',
    usage: RUN_USAGE,
    options: {
      config: { type: 'string' },
      url: { type: 'string' },
      model: { type: 'string' },
      out: { type: 'string' },
      baseline: { type: 'string' },
      markdown: { type: 'string' },
      json: { type: 'string' },
      shard: { type: 'string' },
      'start-at': { type: 'string' },
    },
    run: async (v, io) =>
      (await import('./run-command.js')).runCommand(
        {
          config: str(v, 'config'),
          url: str(v, 'url'),
          model: str(v, 'model'),
          out: str(v, 'out') ?? 'llm-perf-result.json',
          baseline: str(v, 'baseline'),
          markdown: str(v, 'markdown'),
          json: str(v, 'json'),
          shard: str(v, 'shard'),
          startAt: str(v, 'start-at'),
        },
        io,
      ),
  },
  ab: {
    summary: 'interleaved A/B: run the matrix on two targets in pairs and compare them with a paired test',
    usage: AB_USAGE,
    options: { config: { type: 'string' }, 'out-dir': { type: 'string' }, budget: { type: 'string' }, markdown: { type: 'string' }, json: { type: 'string' } },
    run: async (v, io) =>
      (await import('./ab-command.js')).abCommand(
        { config: str(v, 'config'), outDir: str(v, 'out-dir') ?? 'llm-perf-ab', budget: str(v, 'budget'), markdown: str(v, 'markdown'), json: str(v, 'json') },
        io,
      ),
  },
  compare: {
    summary: 'compare a candidate result with a baseline result and decide pass, warn, fail, inconclusive or invalid',
    usage: COMPARE_USAGE,
    options: {
      baseline: { type: 'string', multiple: true },
      candidate: { type: 'string' },
      config: { type: 'string' },
      markdown: { type: 'string' },
      json: { type: 'string' },
    },
    run: async (v, io) =>
      (await import('./compare-command.js')).compareCommand(
        {
          baselines: requiredList(v, 'baseline', COMPARE_USAGE),
          candidate: required(v, 'candidate', COMPARE_USAGE),
          config: str(v, 'config'),
          markdown: str(v, 'markdown'),
          json: str(v, 'json'),
        },
        io,
      ),
  },
  calibrate: {
    summary: 'run the matrix as an A/A experiment: measure the noise, recommend tolerances and trial counts',
    usage: CALIBRATE_USAGE,
    options: {
      config: { type: 'string' },
      url: { type: 'string' },
      model: { type: 'string' },
      trials: { type: 'string' },
      out: { type: 'string' },
      markdown: { type: 'string' },
      json: { type: 'string' },
      baseline: { type: 'string' },
      candidate: { type: 'string' },
    },
    run: async (v, io) =>
      (await import('./calibrate-command.js')).calibrateCommand(
        {
          config: str(v, 'config'),
          url: str(v, 'url'),
          model: str(v, 'model'),
          trials: str(v, 'trials'),
          out: str(v, 'out') ?? 'llm-perf-calibration-result.json',
          markdown: str(v, 'markdown'),
          json: str(v, 'json'),
          baseline: str(v, 'baseline'),
          candidate: str(v, 'candidate'),
        },
        io,
      ),
  },
  changes: {
    summary: 'find change points (steps up or down) in the stored history of each gated metric',
    usage: CHANGES_USAGE,
    options: { ...HISTORY_OPTIONS, new: { type: 'boolean' }, json: { type: 'string' } },
    run: async (v, io) => (await import('./changes-command.js')).changesCommand(v as HistoryValues, io),
  },
  dashboard: {
    summary: 'write a static dashboard (charts, change points, summary) of the stored history',
    usage: DASHBOARD_USAGE,
    options: { ...HISTORY_OPTIONS, out: { type: 'string' }, title: { type: 'string' }, 'repo-url': { type: 'string' } },
    run: async (v, io) => (await import('./dashboard-command.js')).dashboardCommand(v as HistoryValues, io),
  },
  'compact-history': {
    summary: 'rewrite the data branch into one commit of its retained results (force-push with lease)',
    usage: COMPACT_USAGE,
    options: { branch: { type: 'string' }, repo: { type: 'string' }, remote: { type: 'string' }, retention: { type: 'string' } },
    run: async (v, io) => (await import('./compact-command.js')).compactCommand(v as HistoryValues, io),
  },
};

function usage(): string {
  const all: Array<[string, { summary: string }]> = [...Object.entries(COMMANDS), ['merge', { summary: MERGE_SUMMARY }], ...Object.entries(ENGINE_COMMANDS)];
  const width = Math.max(...all.map(([k]) => k.length));
  const list = all.map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`).join('\n');
  return `llm-perf-gate ${TOOL_VERSION}: load-test an OpenAI-compatible inference server and gate on regressions

usage: llm-perf-gate <command> [options]

commands:
${list}

Run 'llm-perf-gate <command> --help' for a command's options.`;
}

export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === '--version' || name === '-v') {
      cliLog(io).out(TOOL_VERSION);
      return EXIT.ok;
    }
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      cliLog(io).out(usage());
      return name === undefined ? EXIT.usage : EXIT.ok;
    }
    if (Object.hasOwn(ENGINE_COMMANDS, name)) return await runEngineCommand(name, rest, io);
    // Takes its shard files as positionals, which the option parser below refuses.
    if (name === 'merge') return await (await import('./merge-command.js')).mergeCommand(rest, io);
    const command = COMMANDS[name];
    if (command === undefined) throw new UsageError(`unknown command '${name}'\n\n${usage()}`);
    const values = parseCommandArgs(rest, name, { ...command.options, help: { type: 'boolean', short: 'h' } }, command.usage).values as Values;
    if (values.help) {
      cliLog(io).out(command.usage);
      return EXIT.ok;
    }
    return await command.run(values, io);
  } catch (err) {
    // Every failure the user can fix is a UserError carrying its exit status (src/errors/).
    if (err instanceof UserError) {
      // A result no file could take is printed whole, so what was measured is not lost.
      if (err instanceof OutputWriteError && err.unsaved !== null) {
        io.stdout.write(err.unsaved);
        cliLog(io).error(`${err.headline()}: the result is printed on stdout`);
        return err.exitStatus;
      }
      cliLog(io).error(err.headline());
      return err.exitStatus;
    }
    throw err;
  }
}
