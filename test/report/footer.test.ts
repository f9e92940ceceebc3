// The report's last line: a link to the workflow run that measured it (its
// log has the progress and the server's output), and the tool's docs named
// as the tool's, not as files of the reader's repository.
import { describe, expect, it } from 'vitest';
import { runUrl } from '../../src/action/main.js';
import { planFromObject } from '../../src/config/load.js';
import { verdictWithoutBaseline } from '../../src/gate/no-baseline.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { syntheticResult } from '../support/synthetic.js';

const gate = planFromObject(
  { target: { url: 'http://127.0.0.1:1' }, scenarios: [{ name: 'chat', input_tokens: 8, output_tokens: 4 }], loads: [{ concurrency: 4 }] },
  { file: null, baseDir: '/' },
).gate;
const v = verdictWithoutBaseline(syntheticResult('c'), gate, 'nothing stored yet');
const event = { owner: 'acme', repo: 'serving' } as Parameters<typeof runUrl>[0];

describe('the report footer', () => {
  it("links the run's log when there is a run, and names the docs as llm-perf-gate's", () => {
    const md = renderMarkdown(v, { runUrl: 'https://github.com/acme/serving/actions/runs/42' });
    expect(md.trimEnd().split('\n').at(-1)).toBe(
      "<sub>[The run's log](https://github.com/acme/serving/actions/runs/42) (progress, the server's output) · Metric definitions: llm-perf-gate's docs/metrics.md · how verdicts are decided: its docs/gate.md</sub>",
    );
    expect(renderMarkdown(v).trimEnd().split('\n').at(-1)).toBe("<sub>Metric definitions: llm-perf-gate's docs/metrics.md · how verdicts are decided: its docs/gate.md</sub>");
  });

  it("is the run's page on the server the job runs on, this attempt's when re-run; none outside Actions", () => {
    expect(runUrl(event, { GITHUB_RUN_ID: '42' })).toBe('https://github.com/acme/serving/actions/runs/42');
    expect(runUrl(event, { GITHUB_RUN_ID: '42', GITHUB_RUN_ATTEMPT: '1' })).toBe('https://github.com/acme/serving/actions/runs/42');
    expect(runUrl(event, { GITHUB_RUN_ID: '42', GITHUB_RUN_ATTEMPT: '3', GITHUB_SERVER_URL: 'https://ghe.example/' })).toBe('https://ghe.example/acme/serving/actions/runs/42/attempts/3');
    expect(runUrl(event, {})).toBeNull();
    expect(runUrl(event, { GITHUB_RUN_ID: '42) [x](http://evil' })).toBeNull();
  });
});
