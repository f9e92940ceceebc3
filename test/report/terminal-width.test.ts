// Tables fit the terminal (issue 21, item 5): columns are left out by a
// stated priority, and a line says which; a log or a file gets every column.
import { describe, expect, it } from 'vitest';
import { planFromObject } from '../../src/config/load.js';
import { compare } from '../../src/gate/compare.js';
import { fitTable, resultTable } from '../../src/report/terminal.js';
import { verdictTable } from '../../src/report/verdict-table.js';
import { REALISTIC, syntheticResult } from '../support/synthetic.js';

const widest = (text: string): number =>
  Math.max(
    ...text
      .split('\n')
      .filter((l) => !l.startsWith('not shown') && !l.startsWith('latencies'))
      .map((l) => l.length),
  );

describe('resultTable', () => {
  const doc = syntheticResult('width', REALISTIC);
  doc.cells.push({ ...doc.cells[0]!, id: 'long-context-chat@r=12.5/s,max=64' });

  it('has every column without a width (a CI log, a pipe)', () => {
    const text = resultTable(doc);
    expect(text.split('\n')[0]).toMatch(/^cell +ok\/sent +err% +rps +in tok\/s +out tok\/s +ttft p50 +ttft p99 +tpot p50 +tpot p99 +itl p99 +e2e p50 +e2e p99$/);
    expect(text).not.toContain('not shown');
  });

  it('fits 120 columns by leaving out the least read columns first', () => {
    const full = resultTable(doc);
    expect(widest(full)).toBeGreaterThan(120);
    const text = resultTable(doc, 120);
    expect(widest(text)).toBeLessThanOrEqual(120);
    const header = text.split('\n')[0]!;
    expect(header).not.toContain('in tok/s');
    expect(header).toContain('ttft p99');
    expect(text).toMatch(/^not shown at 120 columns: in tok\/s(, [a-z0-9 /]+)* \(a wider terminal, or output to a file or a pipe, shows every column\)$/m);
  });

  it('fits 80 columns keeping cell, ok/sent, err%, rps and the p99 latencies of ttft and tpot', () => {
    const text = resultTable(doc, 80);
    expect(widest(text)).toBeLessThanOrEqual(80);
    const header = text
      .split('\n')[0]!
      .split(/ {2,}/)
      .map((h) => h.trim());
    expect(header).toEqual(expect.arrayContaining(['cell', 'ok/sent', 'err%', 'rps', 'ttft p99', 'tpot p99']));
    expect(header).not.toContain('in tok/s');
    expect(text).toContain('not shown at 80 columns: in tok/s, e2e p50, itl p99, tpot p50, ttft p50, e2e p99, out tok/s (a wider terminal, or output to a file or a pipe, shows every column)');
  });
});

describe('fitTable', () => {
  const rows = [
    ['cell', 'a', 'b', 'c'],
    ['x', '1111', '2222', '3333'],
  ];
  it('drops in the given order until the table fits, and no more', () => {
    expect(fitTable(rows, 18, ['b', 'c']).dropped).toEqual(['b']);
    expect(fitTable(rows, 30, ['b', 'c']).dropped).toEqual([]);
    expect(fitTable(rows, 5, ['b', 'c'])).toEqual({
      rows: [
        ['cell', 'a'],
        ['x', '1111'],
      ],
      dropped: ['b', 'c'],
    });
    expect(fitTable(rows, null, ['b']).rows).toBe(rows);
  });
});

describe('verdictTable', () => {
  const gate = planFromObject(
    { target: { url: 'http://127.0.0.1:1' }, scenarios: [{ name: 'chat', input_tokens: 8, output_tokens: 4 }], loads: [{ concurrency: 4 }] },
    { file: null, baseDir: '/' },
  ).gate;
  const v = compare(syntheticResult('a'), syntheticResult('b', REALISTIC, { tpot: 1.3 }), gate);
  const tableLines = (text: string): string[] => text.split('\n').filter((l) => /^(cell|-{4}|chat@)/.test(l));

  it('has every column without a width', () => {
    expect(tableLines(verdictTable(v))[0]).toMatch(/^cell +metric +baseline +candidate +change +interval +verdict$/);
  });
  it('leaves out the interval, then the baseline and candidate figures, to fit 60 columns; the change and the verdict stay', () => {
    const text = verdictTable(v, 60);
    const lines = tableLines(text);
    expect(lines[0]).toMatch(/^cell +metric +candidate +change +verdict$/);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(60);
    expect(text).toContain('not shown at 60 columns: interval, baseline (a wider terminal, or output to a file or a pipe, shows every column)');
  });
});
