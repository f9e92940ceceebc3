// Prompt lengths as asked (counted in the config's tokenizer) against the
// lengths the server says it served (usage.prompt_tokens): another tokenizer
// or a chat template makes them differ (the embedded engine counted
// 1.54-1.58x the Mooncake trace's lengths), and a figure compared with a tool
// that counts in the served model's tokens then rests on other prompts. The
// run says so after a cell's first trial.

/** Above this relative difference of the mean served length from the mean asked one, the run says so. */
export const SERVED_LENGTH_TOLERANCE = 0.03;

interface ServedLengths {
  readonly requests: number;
  readonly askedMean: number;
  readonly servedMean: number;
  /** servedMean / askedMean. */
  readonly ratio: number;
}

/** Mean asked and served prompt lengths over the requests the server reported a length for; null when none did. */
export function servedLengths(pairs: readonly { asked: number; served: number | null }[]): ServedLengths | null {
  let n = 0;
  let asked = 0;
  let served = 0;
  for (const p of pairs) {
    if (p.served === null || !(p.asked > 0)) continue;
    n++;
    asked += p.asked;
    served += p.served;
  }
  if (n === 0) return null;
  const round = (x: number): number => Math.round(x * 10) / 10;
  return { requests: n, askedMean: round(asked / n), servedMean: round(served / n), ratio: Math.round((served / asked) * 1000) / 1000 };
}

/** The line the run prints when served lengths differ from asked ones by more than SERVED_LENGTH_TOLERANCE, else null. */
export function servedLengthNote(cell: string, side: string, s: ServedLengths | null, api: 'chat' | 'completions'): string | null {
  // The tolerance in tokens, with room for the float error of 1.03 x 1000 (1030.0000000000002).
  if (s === null || Math.abs(s.servedMean - s.askedMean) <= SERVED_LENGTH_TOLERANCE * s.askedMean + 1e-9) return null;
  const why = api === 'chat' ? "the server's tokenizer differs from the config's, or its chat template adds tokens" : "the server's tokenizer differs from the config's";
  return (
    `${side}${cell}: the server counted ${s.servedMean} prompt tokens a request on average (usage.prompt_tokens, ${s.requests} request${s.requests === 1 ? '' : 's'}) where ${s.askedMean} were asked (${s.ratio}x): ${why}. ` +
    "Lengths here are met in the config's tokenizer: a figure compared with a tool that counts in the served model's tokens rests on other prompt lengths."
  );
}
