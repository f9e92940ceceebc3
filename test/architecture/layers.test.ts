// The floors of src/ (CONTRIBUTING.md, "Layout of src/") as dependency-cruiser checks them in
// `npm run lint`, run here in-process: no import goes up or sideways, no
// file-level circle, @actions/* only in github/ and action/; and CONTRIBUTING.md's
// table names the floors of .dependency-cruiser.mjs in its order.
import { readFileSync } from 'node:fs';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

const CONFIG = './.dependency-cruiser.mjs';

describe('the floors of src/', () => {
  it('no import breaks a rule of .dependency-cruiser.mjs', async () => {
    const options = await extractDepcruiseOptions(CONFIG);
    const out = await cruise(['src'], options, {}, { tsConfig: extractTSConfig('tsconfig.json') });
    const result = out.output as ICruiseResult;
    const broken = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    expect(broken).toEqual([]);
    // The cruise saw the tree: every folder of the table, and the imports between them.
    expect(result.summary.totalCruised).toBeGreaterThan(200);
    expect(result.modules.some((m) => m.source === 'src/metrics/cell.ts' && m.dependencies.some((d) => d.resolved === 'src/load/record.ts'))).toBe(true);
  });

  it("CONTRIBUTING.md's Layout table lists the floors of the rules, bottom to top", async () => {
    const options = await extractDepcruiseOptions(CONFIG);
    const fromRules = (options.ruleSet?.forbidden ?? []).flatMap((r) => {
      const name = /^no-import-up-from-(.+)$/.exec(r.name ?? '')?.[1];
      const floor = /floor (\d+) of/.exec(r.comment ?? '')?.[1];
      return name === undefined || floor === undefined ? [] : [`${floor} ${name}`];
    });
    const doc = readFileSync('CONTRIBUTING.md', 'utf8');
    const layout = doc.slice(doc.indexOf('## Layout'), doc.indexOf('Outside `src/`'));
    const fromReadme = [...layout.matchAll(/^\| (\d+) \| `src\/([\w-]+)(?:\/|\.ts)` \|/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(fromRules.length).toBeGreaterThan(20);
    expect(fromReadme).toEqual(fromRules);
  });
});
