// The run's first requests all refused the same way (issue 31, item 5): a
// wrong model name (vLLM: HTTP 404), a missing or wrong key (401, 403).
// Measuring on would fill every cell with the same refusal and measure
// nothing, so the run stops early.
//
// The rule: the first FIRST_FAILURES_STOP requests that finished (warm-up
// included, cancelled ones aside) all failed with one and the same of those
// statuses, and none succeeded. Anything else disarms it for the rest of the
// run: a success, another status, a 5xx, a timeout or a cut stream (a server
// still warming up, or overloaded, answers so for a while and then serves),
// 408 and 429 (the server asks to come back later), and 400 and the other
// 4xx: they are about the request, not the target (a prompt over the
// context length is refused with 400, and a trace whose first requests are
// long would stop a run whose later ones fit; such requests are data, each
// counted as http-4xx, and the context-length report before the load names
// them). A cell that ends
// with fewer finished requests, every one refused the same way, stops the
// run too: all the run has seen is the refusal.
import type { RequestRecord } from './record.js';

/** The finished requests, all refused alike, that stop a run. */
export const FIRST_FAILURES_STOP = 5;

/** The 4xx statuses that say the target itself cannot be used: its model (404) or its key (401, 403). */
const UNUSABLE_4XX = new Set([401, 403, 404]);

/** The refusal that stopped the run. */
export interface FirstFailures {
  status: number;
  /** Requests refused so (at most FIRST_FAILURES_STOP). */
  count: number;
  /** The first refusal's message (the client's, with the server's text). */
  message: string | null;
}

/** Watches a side's first finished requests; decides once. */
export class FirstFailureWatch {
  private status: number | null = null;
  private message: string | null = null;
  private count = 0;
  private armed = true;
  private fired: FirstFailures | null = null;

  constructor(private readonly stopAt: number = FIRST_FAILURES_STOP) {}

  /** The refusal once the rule has held; null until then (and for good once disarmed). */
  get stopped(): FirstFailures | null {
    return this.fired;
  }

  /**
   * Feeds a finished request, in the order they finished; returns the
   * refusal when this one completes the rule. A record without its status
   * says nothing either way.
   */
  add(rec: Pick<RequestRecord, 'cancelled' | 'failure' | 'status' | 'message'>): FirstFailures | null {
    if (!this.armed || rec.cancelled) return null;
    if (rec.failure === 'http-4xx' && rec.status === null) return null;
    const refused = rec.failure === 'http-4xx' && rec.status !== null && UNUSABLE_4XX.has(rec.status);
    if (!refused || (this.status !== null && rec.status !== this.status)) {
      this.armed = false;
      return null;
    }
    if (this.status === null) {
      this.status = rec.status;
      this.message = rec.message;
    }
    this.count++;
    return this.count >= this.stopAt ? this.fire() : null;
  }

  /** At the end of a cell: every request the run has finished so far was refused alike, however few. */
  cellEnded(): FirstFailures | null {
    return this.armed && this.count > 0 ? this.fire() : null;
  }

  private fire(): FirstFailures {
    this.armed = false;
    this.fired = { status: this.status!, count: this.count, message: this.message };
    return this.fired;
  }
}
