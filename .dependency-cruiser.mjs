// The folders of src/ are a stack of floors (CONTRIBUTING.md, "Layout of src/"): each may
// import only from the floors below it, never from its own floor's other
// folders nor from above. `npm run lint` runs this (`depcruise src --config
// .dependency-cruiser.mjs`); a back-up import fails naming its rule, e.g.
// `no-import-up-from-metrics`. Type-only imports count: they tie the folders
// as much as any other. test/architecture/layers.test.ts checks that the
// CONTRIBUTING.md's table lists these floors in this order.

/** Bottom to top. Each entry: what CONTRIBUTING.md's table names, and the path it covers. */
const FLOORS = [
  [
    { name: 'util', path: '^src/util/' },
    { name: 'metric-ids', path: '^src/metric-ids\\.ts$' },
    { name: 'version', path: '^src/version\\.ts$' },
    { name: 'config-problem', path: '^src/config-problem\\.ts$' },
  ],
  [
    { name: 'errors', path: '^src/errors/' },
    { name: 'stats', path: '^src/stats/' },
    { name: 'metric-catalogue', path: '^src/metric-catalogue\\.ts$' },
  ],
  [{ name: 'shapes', path: '^src/shapes/' }],
  [{ name: 'config', path: '^src/config/' }],
  [
    { name: 'workload', path: '^src/workload/' },
    { name: 'telemetry', path: '^src/telemetry/' },
  ],
  [{ name: 'client', path: '^src/client/' }],
  [
    { name: 'load', path: '^src/load/' },
    { name: 'server', path: '^src/server/' },
  ],
  [{ name: 'metrics', path: '^src/metrics/' }],
  [{ name: 'capacity', path: '^src/capacity/' }],
  [{ name: 'result', path: '^src/result/' }],
  [
    { name: 'gate', path: '^src/gate/' },
    { name: 'history', path: '^src/history/' },
  ],
  [{ name: 'report', path: '^src/report/' }],
  [
    { name: 'run', path: '^src/run/' },
    { name: 'changes', path: '^src/changes/' },
  ],
  [{ name: 'dashboard', path: '^src/dashboard/' }],
  [{ name: 'pipeline', path: '^src/pipeline/' }],
  [{ name: 'github', path: '^src/github/' }],
  [
    { name: 'cli', path: '^src/cli/' },
    { name: 'action', path: '^src/action/' },
  ],
];

const ALL = FLOORS.flat().map((m) => m.path);
const list = (ms) => (ms.length === 0 ? 'nothing in src/' : ms.map((m) => m.name).join(', '));

const layerRules = FLOORS.flatMap((floor, k) =>
  floor.map((member) => {
    const below = FLOORS.slice(0, k).flat();
    const notBelow = [...FLOORS.slice(k).flat()].filter((m) => m !== member);
    return {
      name: `no-import-up-from-${member.name}`,
      severity: 'error',
      comment: `${member.name} is on floor ${k + 1} of ${FLOORS.length} (CONTRIBUTING.md, "Layout of src/"): it may import only ${list(below)}`,
      from: { path: member.path },
      to: { path: notBelow.map((m) => m.path).join('|') },
    };
  }),
);

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles between the files of src/, type-only imports included.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'not-on-a-floor',
      severity: 'error',
      comment: 'Every file of src/ is on a floor: add its folder to FLOORS in .dependency-cruiser.mjs and to the "Layout of src/" table of CONTRIBUTING.md.',
      from: { path: '^src/', pathNot: ALL.join('|') },
      to: {},
    },
    {
      name: 'no-import-of-a-file-on-no-floor',
      severity: 'error',
      comment: 'Every file of src/ is on a floor: add its folder to FLOORS in .dependency-cruiser.mjs and to the "Layout of src/" table of CONTRIBUTING.md.',
      from: { path: '^src/' },
      to: { path: '^src/', pathNot: ALL.join('|') },
    },
    {
      name: 'actions-only-in-github-and-action',
      severity: 'error',
      comment: 'Core logic never imports @actions/*: only src/github/ and the action host (src/action/) do, so the CLI and the pipeline run without it.',
      from: { path: '^src/', pathNot: '^src/(github|action)/' },
      to: { path: '(^|/)node_modules/@actions/' },
    },
    {
      name: 'github-only-from-action',
      severity: 'error',
      comment: 'src/github/ wraps @actions/github: only the action host (src/action/) imports it, so the CLI never loads it.',
      from: { path: '^src/', pathNot: '^src/(github|action)/' },
      to: { path: '^src/github/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    skipAnalysisNotInRules: false,
  },
};
