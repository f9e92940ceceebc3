// target.prompt_lengths: server, at run time: the probe requests to the first
// side's server before any prompt is built, the map they fit
// (src/workload/server-lengths.ts), and what the result records of it. Both
// sides of an A/B send the very same prompts, so one map serves both: the
// baseline's server counts (a candidate serving another tokenizer is then
// met in the baseline's tokens, which the served-length check after the
// first trial reports).
import type { Plan, TargetPlan } from '../config/plan.js';
import { RunSetupError } from '../errors/run-setup-error.js';
import type { InferenceClient } from '../client/http.js';
import type { ResultDoc } from '../result/types.js';
import { contextLimit } from '../client/models.js';
import { fitLengthMap, MAX_CHUNK_WORDS, MIN_CHUNK_WORDS, probesFor, type LengthMap } from '../workload/server-lengths.js';
import { synthesisWords } from '../workload/synth.js';

interface ProbedSide {
  label: string;
  target: TargetPlan;
  client: InferenceClient;
  model: string;
  doc: ResultDoc;
}

/**
 * The map, when the plan meets lengths in the server's tokens; null otherwise.
 * `alternating`: an A/B whose servers take turns is refused, since no server
 * is up before the first block is built.
 */
export async function promptLengthMap(plan: Plan, sides: readonly ProbedSide[], alternating: boolean, note?: (message: string) => void): Promise<LengthMap | null> {
  const first = sides[0];
  if (first === undefined || first.target.promptLengths !== 'server') return null;
  if (alternating) {
    throw new RunSetupError(
      'target.prompt_lengths: server needs the server up before the prompts are built; an A/B that alternates its servers (ab.schedule: alternate) builds them first: use ab.schedule: concurrent, or prompt_lengths: tokenizer',
    );
  }
  // A short context gets shorter chunks: a chunk's words are about 1.5-2 tokens each.
  const limit = contextLimit(first.doc.target?.model_entries ?? [], first.model);
  const probes = probesFor(await synthesisWords(plan.encoding), limit === null ? MAX_CHUNK_WORDS : Math.max(MIN_CHUNK_WORDS, Math.min(MAX_CHUNK_WORDS, Math.floor(limit.tokens / 4))));
  const served: (number | null)[] = [];
  for (const probe of probes) {
    const outcome = await first.client.stream({ prompt: probe.prompt, inputTokens: probe.words, maxTokens: 1 }, first.model);
    if (outcome.failure !== null) {
      throw new RunSetupError(
        `target.prompt_lengths: server: a probe request of ${probe.words} words failed (${outcome.failure}${outcome.status === null ? '' : `, HTTP ${outcome.status}`}${outcome.message === null ? '' : `: ${outcome.message}`}), so the server's token count is unknown`,
      );
    }
    served.push(outcome.tokenSource === 'server' ? outcome.nIn : null);
  }
  const map = fitLengthMap(probes, served);
  if (typeof map === 'string') throw new RunSetupError(`target.prompt_lengths: server: ${map}; a server that reports no usage cannot have lengths met in its tokens: use prompt_lengths: tokenizer`);
  const recorded = { in: 'server' as const, slope: map.slope, overhead: map.overhead, probes: [...map.probes] };
  for (const s of sides) if (s.doc.target !== null) s.doc.target.prompt_lengths = recorded;
  const listWords = probes.filter((p) => p.kind === 'list').reduce((n, p) => n + p.words, 0);
  note?.(
    `${first.label}prompt lengths in the server's tokens: ${probes.length} probe requests (its whole word list, ${listWords} words, and a repeated word) read ${map.slope.toFixed(3)} tokens a word and ${map.overhead.toFixed(1)} a request beyond its words, so a request of S tokens gets (S - ${map.overhead.toFixed(1)}) / ${map.slope.toFixed(3)} words`,
  );
  return map;
}
