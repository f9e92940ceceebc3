// Progress while a run goes, for both hosts: a live line on a terminal (a
// bar, the warm-up, the time left in the cell and in the run; see
// progress-line.ts), plain periodic lines in CI logs (where carriage returns
// turn into thousands of lines).
import { telemetryLine } from '../report/telemetry-line.js';
import type { RequestRecord } from '../load/record.js';
import type { CellResult } from '../result/types.js';
import type { CellStep, ProgressSink } from '../run/progress-sink.js';
import type { Clock, HostLog } from './host.js';
import { liveLine, runLeft, stepLabel } from './progress-line.js';

const LOG_LINE_EVERY_MS = 5000;
const LIVE_REDRAW_EVERY_MS = 100;

export function createProgress(log: HostLog, clock: Clock): ProgressSink {
  const live = log.live;
  let step: CellStep | null = null;
  let label = '';
  let planned = 0;
  let done = 0;
  let failed = 0;
  let warmDone = 0;
  let measuring = true;
  let cellStart = 0;
  let lastPrint = 0;
  // The current rate is over the last printed interval, not since the cell
  // started: warm-up and ramp-up would otherwise drag it down for the whole cell.
  // On a terminal it counts warm-up requests too, which it shows.
  let countAtLastPrint = 0;
  let rate = 0;
  /** How long each finished step took, s: the run's ETA assumes the rest take as long. */
  const stepSeconds: number[] = [];
  // An interleaved A/B runs both sides' trials at once: each side's end is told with its own label and start.
  const started = new Map<string, { label: string; at: number }>();

  const logLine = (): string => {
    const elapsed = (clock.now() - cellStart) / 1000;
    return `${label}  ${done}/${planned} requests  ${failed} failed  ${rate.toFixed(1)} req/s  ${elapsed.toFixed(0)} s`;
  };
  const draw = (): void => {
    const s = step!;
    const elapsedS = (clock.now() - cellStart) / 1000;
    const warmAuto = s.warmup === 'auto';
    const warmPlanned = warmAuto ? s.warmupMax : (s.warmup as number);
    // An auto warm-up may stop at any window: count only what is sure to come.
    const left = (measuring || warmAuto ? 0 : Math.max(0, warmPlanned - warmDone)) + Math.max(0, planned - done);
    const cellLeftS = rate > 0 ? left / rate : null;
    const runLeftS = s.steps > 1 ? runLeft(s.steps - s.step - 1, cellLeftS, elapsedS, stepSeconds) : null;
    const line = liveLine({ label, phase: measuring ? 'measure' : 'warmup', warmDone, warmPlanned, warmAuto, done, planned, failed, rate, elapsedS, cellLeftS, runLeftS }, log.columns('status'));
    log.status(line);
  };

  return {
    cellStart(s) {
      step = s;
      label = stepLabel(s);
      planned = s.requests;
      done = 0;
      failed = 0;
      warmDone = 0;
      measuring = s.warmup === 0;
      cellStart = clock.now();
      started.set(s.side, { label, at: cellStart });
      lastPrint = cellStart;
      countAtLastPrint = 0;
      rate = 0;
      if (live) draw();
      else log.info(`${label}: started`);
    },
    requestDone(rec: RequestRecord) {
      if (rec.cancelled) return;
      if (rec.warmup) {
        // The log keeps to the measured requests; a terminal shows the warm-up going.
        if (!live) return;
        warmDone++;
      } else {
        measuring = true;
        done++;
        if (rec.failure !== null) failed++;
      }
      const now = clock.now();
      if (now - lastPrint >= (live ? LIVE_REDRAW_EVERY_MS : LOG_LINE_EVERY_MS)) {
        const count = live ? done + warmDone : done;
        // A terminal redraws every 100 ms: smooth its rate over ~2 s so it can be read.
        const instant = ((count - countAtLastPrint) * 1000) / (now - lastPrint);
        rate = live && rate > 0 ? rate + (instant - rate) * Math.min(1, (now - lastPrint) / 2000) : instant;
        countAtLastPrint = count;
        lastPrint = now;
        if (live) draw();
        else log.status(logLine());
      }
    },
    cellEnd(cell: CellResult, side: string) {
      const own = started.get(side) ?? { label, at: cellStart };
      const sideLabel = own.label;
      stepSeconds.push((clock.now() - own.at) / 1000);
      const m = cell.metrics;
      log.info(`${sideLabel}: ${m.counts.completed}/${m.counts.attempted} ok, ${m.rps.toFixed(2)} req/s, ${m.output_tps.toFixed(0)} out tok/s, ttft p50 ${m.ttft_ms?.p50?.toFixed(1) ?? '-'} ms`);
      // The trial just measured (the cell's own telemetry merges every trial so far).
      const t = cell.trials.at(-1)?.telemetry;
      if (t) log.info(`${sideLabel}: telemetry: ${telemetryLine(t)}`);
    },
    note(message: string) {
      log.notice(message);
    },
    info(message: string) {
      log.info(message);
    },
  };
}
