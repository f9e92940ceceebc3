import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioPlan } from '../../src/config/plan.js';
import { DatasetError } from '../../src/errors/dataset-error.js';
import { datasetItems, parseDataset, readDataset } from '../../src/workload/dataset.js';
import { getTokenizer } from '../../src/workload/tokenizer.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'llm-perf-gate-dataset-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let fileNo = 0;
async function writeDataset(text: string): Promise<string> {
  const file = join(dir, `d${fileNo++}.jsonl`);
  await writeFile(file, text);
  return file;
}

function lines(...rows: unknown[]): string {
  return rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';
}

function scenario(over: Partial<ScenarioPlan> = {}): ScenarioPlan {
  return { name: 'ds', inputTokens: null, outputTokens: 50, sharedPrefixTokens: 0, dataset: null, ...over };
}

async function expectError(text: string, line: number | null, what: RegExp): Promise<void> {
  const file = await writeDataset(text);
  const err = await readDataset(file).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DatasetError);
  const message = (err as Error).message;
  expect(message.startsWith(line === null ? `${file}: ` : `${file}:${line}: `)).toBe(true);
  expect(message).toMatch(what);
}

describe('parsing', () => {
  it('reads prompt rows, messages rows and per-row output lengths', async () => {
    const file = await writeDataset(
      lines(
        { prompt: 'Hello there', max_tokens: 12 },
        '',
        '   ',
        {
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Why is the sky blue?' },
          ],
          output_tokens: 7,
          id: 'extra fields are ignored',
        },
        { prompt: 'No length', max_tokens: null },
      ),
    );
    const rows = await readDataset(file);
    expect(rows).toEqual([
      { line: 1, prompt: 'Hello there', messages: null, maxTokens: 12 },
      {
        line: 4,
        prompt: 'Be brief.\nWhy is the sky blue?',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Why is the sky blue?' },
        ],
        maxTokens: 7,
      },
      { line: 5, prompt: 'No length', messages: null, maxTokens: null },
    ]);
  });

  it('accepts CRLF line ends and a byte-order mark', () => {
    const rows = parseDataset('\uFEFF{"prompt":"a b"}\r\n\r\n{"prompt":"c"}\r\n', 'x.jsonl');
    expect(rows.map((r) => [r.line, r.prompt])).toEqual([
      [1, 'a b'],
      [3, 'c'],
    ]);
  });

  it('reports an empty file', async () => {
    await expectError('', null, /empty/);
    await expectError('\n  \n\n', null, /empty/);
  });

  it('reports a missing file', async () => {
    const file = join(dir, 'does-not-exist.jsonl');
    await expect(readDataset(file)).rejects.toThrow(DatasetError);
    await expect(readDataset(file)).rejects.toThrow(`${file}: cannot read dataset`);
  });

  it('reports bad JSON with its line, counting blank lines', async () => {
    await expectError(lines({ prompt: 'ok' }, '', '{"prompt": "unterminated'), 3, /invalid JSON/);
  });

  it('reports a line that is not an object', async () => {
    await expectError(lines({ prompt: 'ok' }, '["prompt"]'), 2, /must be a JSON object, got an array/);
    await expectError(lines('"just a string"'), 1, /must be a JSON object, got a string/);
    await expectError(lines('null'), 1, /must be a JSON object, got null/);
  });

  it('reports a missing prompt, or both kinds of prompt', async () => {
    await expectError(lines({ prompt: 'ok' }, { max_tokens: 3 }), 2, /neither "prompt" nor "messages"/);
    await expectError(lines({ prompt: 'a', messages: [{ role: 'user', content: 'b' }] }), 1, /both "prompt" and "messages"/);
  });

  it('reports a prompt of the wrong type or with no text', async () => {
    await expectError(lines({ prompt: 42 }), 1, /"prompt" must be a string, got the number 42/);
    await expectError(lines({ prompt: ['a'] }), 1, /"prompt" must be a string, got an array/);
    await expectError(lines({ prompt: null }), 1, /"prompt" must be a string, got null/);
    await expectError(lines({ prompt: '  ' }), 1, /prompt is empty/);
  });

  it('reports malformed messages', async () => {
    await expectError(lines({ messages: 'hi' }), 1, /"messages" must be an array, got a string/);
    await expectError(lines({ messages: [] }), 1, /"messages" is empty/);
    await expectError(lines({ messages: ['hi'] }), 1, /messages\[0\] must be an object/);
    await expectError(lines({ messages: [{ role: 'user', content: 'a' }, { content: 'b' }] }), 1, /messages\[1\]\.role must be a non-empty string, got nothing/);
    await expectError(lines({ messages: [{ role: 'user', content: [{ type: 'text', text: 'a' }] }] }), 1, /messages\[0\]\.content must be a string, got an array/);
    await expectError(lines({ messages: [{ role: 'user', content: '' }] }), 1, /prompt is empty/);
  });

  it('reports bad output lengths', async () => {
    await expectError(lines({ prompt: 'a', max_tokens: 0 }), 1, /"max_tokens" must be a positive integer, got the number 0/);
    await expectError(lines({ prompt: 'a', max_tokens: -3 }), 1, /"max_tokens" must be a positive integer/);
    await expectError(lines({ prompt: 'a', output_tokens: 1.5 }), 1, /"output_tokens" must be a positive integer/);
    await expectError(lines({ prompt: 'a', max_tokens: '10' }), 1, /"max_tokens" must be a positive integer, got a string/);
    await expectError(lines({ prompt: 'a', max_tokens: 5, output_tokens: 5 }), 1, /both "max_tokens" and "output_tokens"/);
  });

  it('notices when the file changes', async () => {
    const file = await writeDataset(lines({ prompt: 'first' }));
    expect((await readDataset(file)).map((r) => r.prompt)).toEqual(['first']);
    await writeFile(file, lines({ prompt: 'second, longer' }, { prompt: 'third' }));
    expect((await readDataset(file)).map((r) => r.prompt)).toEqual(['second, longer', 'third']);
  });
});

describe('datasetItems', () => {
  const rows = ['zero', 'one', 'two', 'three', 'four'].map((w, i) => ({ prompt: `row ${w}`, ...(i === 2 ? { max_tokens: 9 } : {}) }));

  it('cycles through the rows from a per-cell offset', async () => {
    const file = await writeDataset(lines(...rows));
    const args = { file, seed: 1, encoding: 'o200k_base' as const, scenario: scenario(), cellLabel: 'c=1', count: 12 };
    const items = await datasetItems(args);
    const index = (p: string): number => rows.findIndex((r) => r.prompt === p);
    const offset = index((items[0] as { prompt: string }).prompt);
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(items.map((i) => index(i.prompt))).toEqual(Array.from({ length: 12 }, (_, i) => (offset + i) % 5));
    for (const item of items) {
      expect(item.maxTokens).toBe(item.prompt === 'row two' ? 9 : 50);
      expect(item.messages).toBeUndefined();
    }
    expect(await datasetItems({ ...args })).toEqual(items);

    const offsets = new Set<number>();
    for (let c = 0; c < 20; c++) {
      const first = await datasetItems({ ...args, cellLabel: `c=${c}`, count: 1 });
      offsets.add(index((first[0] as { prompt: string }).prompt));
    }
    expect(offsets.size).toBeGreaterThan(1);
  });

  it('counts input tokens of the prompt text under the encoding', async () => {
    const messages = [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Summarise <|endoftext|> in one word.' },
    ];
    const file = await writeDataset(lines({ messages, max_tokens: 4 }));
    for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
      const tok = await getTokenizer(encoding);
      const [item] = await datasetItems({ file, seed: 1, encoding, scenario: scenario(), cellLabel: 'c=1', count: 1 });
      const text = 'You are terse.\nSummarise <|endoftext|> in one word.';
      expect(item).toEqual({ prompt: text, inputTokens: tok.encode(text).length, maxTokens: 4, messages });
    }
  });

  it('returns nothing for zero requests and reports dataset errors', async () => {
    const file = await writeDataset(lines(...rows));
    expect(await datasetItems({ file, seed: 1, encoding: 'o200k_base', scenario: scenario(), cellLabel: 'c=1', count: 0 })).toEqual([]);
    const bad = await writeDataset(lines({ prompt: 1 }));
    await expect(datasetItems({ file: bad, seed: 1, encoding: 'o200k_base', scenario: scenario(), cellLabel: 'c=1', count: 1 })).rejects.toThrow(DatasetError);
  });
});
