// The early stop's rule (src/load/first-failures.ts) and its message (src/run/refusal.ts).
import { describe, expect, it } from 'vitest';
import type { TargetPlan } from '../../src/config/plan.js';
import { FIRST_FAILURES_STOP, FirstFailureWatch } from '../../src/load/first-failures.js';
import type { FailureClass } from '../../src/load/record.js';
import { firstFailuresError, refusalText } from '../../src/run/refusal.js';

const rec = (status: number | null, failure: FailureClass | null = status === null ? null : status >= 500 ? 'http-5xx' : 'http-4xx', cancelled = false) => ({
  status,
  failure,
  cancelled,
  message: status === null ? null : `HTTP ${status}: {"object":"error","message":"The model \`x\` does not exist.","code":${status}}`,
});

function feed(watch: FirstFailureWatch, recs: ReturnType<typeof rec>[]): number | null {
  for (const [k, r] of recs.entries()) if (watch.add(r) !== null) return k;
  return null;
}

describe('FirstFailureWatch', () => {
  it(`stops at the ${FIRST_FAILURES_STOP}th request when every one was refused with the same 4xx, cancelled ones aside`, () => {
    const w = new FirstFailureWatch();
    expect(feed(w, [rec(404), rec(404, 'http-4xx', true), rec(404), rec(404), rec(404), rec(404), rec(404)])).toBe(5);
    expect(w.stopped).toEqual({ status: 404, count: 5, message: expect.stringContaining('does not exist') });
    // It decides once.
    expect(w.add(rec(404))).toBeNull();
    expect(w.cellEnded()).toBeNull();
  });

  it('never stops once a request succeeded, another status came, or the first were 5xx, timeouts, 408, 429 or 400 (a prompt over the context length is data)', () => {
    const cases: ReturnType<typeof rec>[][] = [
      Array(10).fill(rec(400)),
      [rec(422), ...Array(10).fill(rec(404))],
      [rec(404), rec(404), rec(null), ...Array(10).fill(rec(404))],
      [rec(401), rec(403), ...Array(10).fill(rec(403))],
      [rec(503), ...Array(10).fill(rec(404))],
      [{ ...rec(null), failure: 'timeout' }, ...Array(10).fill(rec(404))],
      [rec(429), ...Array(10).fill(rec(404))],
      [rec(408), ...Array(10).fill(rec(404))],
    ];
    for (const c of cases) {
      const w = new FirstFailureWatch();
      expect(feed(w, c)).toBeNull();
      expect(w.cellEnded()).toBeNull();
    }
  });

  it("a worker thread's record without its status says nothing; a cell that ended with fewer, all refused alike, stops", () => {
    const w = new FirstFailureWatch();
    expect(feed(w, [rec(401), { ...rec(null), failure: 'http-4xx' }, rec(401)])).toBeNull();
    expect(w.cellEnded()).toMatchObject({ status: 401, count: 2 });
    expect(new FirstFailureWatch().cellEnded()).toBeNull();
  });
});

const target = (model: string | null, over: Partial<TargetPlan> = {}): TargetPlan => ({ url: 'http://127.0.0.1:1', api: 'chat', model, apiKeyEnv: null, headers: {}, ...over }) as TargetPlan;

describe('firstFailuresError', () => {
  const stop = { status: 404, count: 5, message: 'HTTP 404: {"object":"error","message":"The model `x` does not exist.","type":"NotFoundError","code":404}' };

  it("names the status, the server's words, what it serves and what to set", () => {
    const e = firstFailuresError(stop, { target: target('x'), model: 'x', served: ['a', 'b'], label: '', keyState: 'none' });
    expect(e.headline()).toBe(
      "target unusable: the first 5 requests were all refused with HTTP 404 (The model `x` does not exist.), so the run stopped early: the server serves: a, b; target.model is 'x'. Set target.model (or --model) to one of those (POST http://127.0.0.1:1/v1/chat/completions)",
    );
  });

  it('says what to do about credentials for 401/403, and about the requests when the model is listed', () => {
    const auth = firstFailuresError({ ...stop, status: 401, message: 'HTTP 401: Unauthorized' }, { target: target(null), model: 'a', served: ['a'], label: '[candidate] ', keyState: 'none' });
    expect(auth.message).toContain(
      "[candidate] the first 5 requests were all refused with HTTP 401 (Unauthorized), so the run stopped early: the server serves: a; the run asked for 'a', the first it lists. No key is configured",
    );
    const listed = firstFailuresError({ ...stop, status: 400, count: 2 }, { target: target('a'), model: 'a', served: ['a'], label: '', keyState: 'none' });
    expect(listed.message).toContain('the first 2 requests were all refused with HTTP 400');
    expect(listed.message).toContain('The model is listed, so the server refuses the requests themselves');
  });

  it("lists at most ten models, and reads the server's words out of JSON or text", () => {
    const served = Array.from({ length: 13 }, (_, i) => `m${i}`);
    const e = firstFailuresError(stop, { target: target('x'), model: 'x', served, label: '', keyState: 'none' });
    expect(e.message).toContain('the server serves: m0, m1, m2, m3, m4, m5, m6, m7, m8, m9 (and 3 more)');
    expect(refusalText('HTTP 404: {"error":{"message":"no such model"}}')).toBe('no such model');
    expect(refusalText('HTTP 404: {"detail":"Not Found"}')).toBe('Not Found');
    expect(refusalText('HTTP 403: forbidden')).toBe('forbidden');
    expect(refusalText('HTTP 403: ')).toBeNull();
  });
});
