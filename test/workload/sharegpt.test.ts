// ShareGPT in vLLM's format (one JSON array of conversations) read as a
// dataset with vLLM's selection rules, and dataset trials on disjoint rows.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioPlan } from '../../src/config/plan.js';
import { datasetItems, parseShareGpt, SHAREGPT_RULES, shareGptKeeps } from '../../src/workload/dataset.js';
import { getTokenizer } from '../../src/workload/tokenizer.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sharegpt-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const scenario: ScenarioPlan = { name: 's', inputTokens: null, outputTokens: 50, sharedPrefixTokens: 0, dataset: null };
const conv = (...turns: string[]): { id: string; conversations: { from: string; value: string }[] } => ({
  id: 'x',
  conversations: turns.map((value, i) => ({ from: i % 2 === 0 ? 'human' : 'gpt', value })),
});
const words = (n: number, w = 'apple'): string => Array.from({ length: n }, () => w).join(' ');

describe('ShareGPT', () => {
  it("vLLM's rules: two turns or more, prompt and answer >= 4 tokens, prompt <= 1024, prompt + answer <= 2048", async () => {
    expect(SHAREGPT_RULES).toEqual({ minTokens: 4, maxPromptTokens: 1024, maxTotalTokens: 2048 });
    expect([
      shareGptKeeps(4, 4, false),
      shareGptKeeps(3, 10, false),
      shareGptKeeps(10, 3, false),
      shareGptKeeps(10, 3, true),
      shareGptKeeps(1025, 4, false),
      shareGptKeeps(1024, 1024, false),
      shareGptKeeps(1024, 1025, false),
    ]).toEqual([true, false, false, true, false, true, false]);
    const tok = await getTokenizer('o200k_base');
    const entries = [
      conv('only one turn here, dropped'),
      conv('Tell me about the weather in Paris today please.', 'It is sunny and warm with a light breeze from the west.'),
      conv('Hi', 'Hello there, how can I help you today?'),
      conv('Write a short poem about the sea and the sky.', 'No.'),
      conv(words(1100), 'A long prompt, dropped for its length alone.'),
      conv(words(1000), words(1100)),
      conv('What is the capital of France, and why is it famous?', 'Paris, famous for art, food and history.', 'thanks', 'you are welcome'),
      { id: 'no conversations' },
    ];
    const file = join(dir, 'sg.json');
    await writeFile(file, JSON.stringify(entries, null, 2));
    expect(parseShareGpt(JSON.stringify(entries), file).map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7]);
    const items = await datasetItems({ file, seed: 1, encoding: 'o200k_base', scenario, cellLabel: 'c=1', count: 4 });
    // Kept: entries 2 and 7 (the others break a rule); each request's max_tokens is its answer's length.
    const kept = new Map([entries[1], entries[6]].map((e) => [(e as ReturnType<typeof conv>).conversations[0]!.value, (e as ReturnType<typeof conv>).conversations[1]!.value]));
    expect(new Set(items.map((i) => i.prompt))).toEqual(new Set(kept.keys()));
    for (const i of items) {
      expect(i.inputTokens).toBe(tok.count(i.prompt));
      expect(i.maxTokens).toBe(tok.count(kept.get(i.prompt)!));
      expect(i.messages).toBeUndefined();
    }
  });

  it('refuses a file that is not an array of conversations, by entry and field, never quoting it', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, '[{"conversations": [{"from": "human", "value": 5}, {"from": "gpt", "value": "x"}]}]');
    await expect(datasetItems({ file, seed: 1, encoding: 'o200k_base', scenario, cellLabel: 'c', count: 1 })).rejects.toThrow(
      `${file}: entry 1: conversations[0].value must be a string, got the number 5`,
    );
    await writeFile(file, '[{"conversations": [');
    await expect(datasetItems({ file, seed: 1, encoding: 'o200k_base', scenario, cellLabel: 'c', count: 1 })).rejects.toThrow(`${file}: invalid JSON (a ShareGPT file is one JSON array)`);
    await writeFile(file, '[{"conversations": []}]');
    await expect(datasetItems({ file, seed: 1, encoding: 'o200k_base', scenario, cellLabel: 'c', count: 1 })).rejects.toThrow(`${file}: no ShareGPT entry has two turns or more`);
    await writeFile(file, JSON.stringify([conv('Hi', 'Hello')]));
    await expect(datasetItems({ file, seed: 1, encoding: 'o200k_base', scenario, cellLabel: 'c', count: 1 })).rejects.toThrow("no ShareGPT entry meets vLLM's length rules under o200k_base");
  });
});

describe('dataset trials', () => {
  it('take disjoint rows: 3 trials of 10 requests on 30 rows send no prompt twice; a 4th comes round again', async () => {
    const file = join(dir, 'rows.jsonl');
    await writeFile(file, Array.from({ length: 30 }, (_, i) => JSON.stringify({ prompt: `prompt number ${i}` })).join('\n'));
    const trial = (t: number): Promise<{ prompt: string }[]> => datasetItems({ file, seed: 7, encoding: 'o200k_base', scenario, cellLabel: 'c=4', count: 10, trial: t });
    const sent = [...(await trial(0)), ...(await trial(1)), ...(await trial(2))].map((i) => i.prompt);
    expect(new Set(sent).size).toBe(30);
    expect((await trial(3)).map((i) => i.prompt)).toEqual((await trial(0)).map((i) => i.prompt));
    // The same for ShareGPT rows.
    const sg = join(dir, 'trials.json');
    await writeFile(sg, JSON.stringify(Array.from({ length: 12 }, (_, i) => conv(`Question number ${i}: what is the answer?`, `The answer to number ${i} is long enough.`))));
    const sgTrial = async (t: number): Promise<string[]> => (await datasetItems({ file: sg, seed: 7, encoding: 'o200k_base', scenario, cellLabel: 'c=4', count: 4, trial: t })).map((i) => i.prompt);
    expect(new Set([...(await sgTrial(0)), ...(await sgTrial(1)), ...(await sgTrial(2))]).size).toBe(12);
  });
});
