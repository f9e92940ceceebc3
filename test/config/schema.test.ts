import { describe, expect, it } from 'vitest';
import schema from '../../schema/config.schema.json' with { type: 'json' };
import { DEFAULTS } from '../../src/config/defaults.js';

type Node = Record<string, unknown>;
const props = (n: unknown): Record<string, Node> => (n as { properties: Record<string, Node> }).properties;

describe('config schema', () => {
  it('repeats the defaults the loader applies', () => {
    const root = props(schema);
    const target = props(root.target);
    const timeouts = props(root.timeouts);
    const run = props(root.run);
    const limits = props(root.limits);
    const scenario = props((root.scenarios as { items: Node }).items);
    const load = props((root.loads as { items: Node }).items);
    const gate = props(root.gate);
    const abSide = props((schema.definitions as Record<string, unknown>).abSide);
    const telemetry = props(root.telemetry);
    expect({
      api: target.api?.default,
      fixedOutput: target.fixed_output?.default,
      seed: root.seed?.default,
      tokenizer: root.tokenizer?.default,
      connectMs: timeouts.connect_ms?.default,
      requestS: timeouts.request_s?.default,
      idleS: timeouts.idle_s?.default,
      lineBytes: limits.line_bytes?.default,
      eventBytes: limits.event_bytes?.default,
      responseBytes: limits.response_bytes?.default,
      requests: run.requests?.default,
      warmup: run.warmup?.default,
      maxDurationS: run.max_duration_s?.default,
      sharedPrefixTokens: scenario.shared_prefix_tokens?.default,
      arrival: load.arrival?.default,
      burstiness: load.burstiness?.default,
      trials: run.trials?.default,
      workers: run.workers?.default,
      // No `default` (it follows run.trials): the description states the floor.
      budgetPairs: Number(
        /Default: twice run\.trials, at least (\d+)/.exec(
          String((run.budget?.oneOf as { properties?: Record<string, { description?: unknown }> }[] | undefined)?.[0]?.properties?.trials?.description),
        )?.[1],
      ),
      budgetMinutes: (run.budget?.oneOf as { properties?: Record<string, { default?: unknown }> }[] | undefined)?.[0]?.properties?.minutes?.default,
      confidence: gate.confidence?.default,
      alpha: gate.alpha?.default,
      errorRateLimit: gate.error_rate_limit?.default,
      tokenDriftLimit: gate.token_drift_limit?.default,
      strictFingerprint: gate.strict_fingerprint?.default,
      bootstrapIterations: gate.bootstrap_iterations?.default,
      readyTimeoutS: abSide.ready_timeout_s?.default,
      telemetry: telemetry.enabled?.default,
      gpuIntervalMs: telemetry.gpu_interval_ms?.default,
      scrapeIntervalMs: telemetry.scrape_interval_ms?.default,
      maxNeighbourCpuShare: telemetry.max_neighbour_cpu_share?.default,
      fingerprintDifferences: telemetry.fingerprint_differences?.default,
      abSchedule: props(root.ab).schedule?.default,
    }).toEqual(DEFAULTS);
  });

  it('closes every mapping except the free-form ones and the name-keyed map', () => {
    const open: string[] = [];
    // Walks only `properties` and `items`: dependency sub-schemas constrain an object already closed above.
    const walk = (n: unknown, at: string): void => {
      const node = n as Node;
      if (node.type === 'object' && node.additionalProperties !== false) open.push(at);
      for (const [k, v] of Object.entries(node.properties ?? {})) walk(v, at === '' ? k : `${at}.${k}`);
      if (node.items !== undefined) walk(node.items, `${at}[]`);
    };
    walk(schema, '');
    // gate.scenarios is keyed by scenario name; the loader checks the names exist.
    expect(open).toEqual(['target.headers', 'target.extra_body', 'gate.scenarios']);
  });
});
