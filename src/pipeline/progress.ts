// Progress while a run goes, for both hosts: a live line on a terminal,
// plain periodic lines in CI logs (where carriage returns turn into
// thousands of lines).
import { telemetryLine } from '../report/telemetry-line.js';
import type { RequestRecord } from '../load/record.js';
import type { CellResult } from '../result/types.js';
import type { ProgressSink } from '../run/progress-sink.js';
import type { Clock, HostLog } from './host.js';

const LOG_LINE_EVERY_MS = 5000;
const LIVE_REDRAW_EVERY_MS = 100;

export function createProgress(log: HostLog, clock: Clock): ProgressSink {
  const live = log.live;
  let label = '';
  let planned = 0;
  let done = 0;
  let failed = 0;
  let cellStart = 0;
  let lastPrint = 0;
  // The current rate is over the last printed interval, not since the cell
  // started: warm-up and ramp-up would otherwise drag it down for the whole cell.
  let doneAtLastPrint = 0;
  let rate = 0;
  const line = (): string => {
    const elapsed = (clock.now() - cellStart) / 1000;
    return `${label}  ${done}/${planned} requests  ${failed} failed  ${rate.toFixed(1)} req/s  ${elapsed.toFixed(0)} s`;
  };
  return {
    cellStart(index, total, id, requests) {
      label = `cell ${index + 1}/${total} ${id}`;
      planned = requests;
      done = 0;
      failed = 0;
      cellStart = clock.now();
      lastPrint = cellStart;
      doneAtLastPrint = 0;
      rate = 0;
      if (live) log.status(line());
      else log.info(`${label}: started`);
    },
    requestDone(rec: RequestRecord) {
      if (rec.warmup || rec.cancelled) return;
      done++;
      if (rec.failure !== null) failed++;
      const now = clock.now();
      if (now - lastPrint >= (live ? LIVE_REDRAW_EVERY_MS : LOG_LINE_EVERY_MS)) {
        // A terminal redraws every 100 ms: smooth its rate over ~2 s so it can be read.
        const instant = ((done - doneAtLastPrint) * 1000) / (now - lastPrint);
        rate = live && rate > 0 ? rate + (instant - rate) * Math.min(1, (now - lastPrint) / 2000) : instant;
        doneAtLastPrint = done;
        lastPrint = now;
        log.status(line());
      }
    },
    cellEnd(cell: CellResult) {
      const m = cell.metrics;
      log.info(
        `${label}: ${m.counts.completed}/${m.counts.attempted} ok, ${m.rps.toFixed(2)} req/s, ${m.output_tps.toFixed(0)} out tok/s, ttft p50 ${m.ttft_ms?.p50?.toFixed(1) ?? '-'} ms`,
      );
      // The trial just measured (the cell's own telemetry merges every trial so far).
      const t = cell.trials.at(-1)?.telemetry;
      if (t) log.info(`${label}: telemetry: ${telemetryLine(t)}`);
    },
    note(message: string) {
      log.notice(message);
    },
    info(message: string) {
      log.info(message);
    },
  };
}
