// Input and output names in one place, shared by the code and checked against action.yml in tests.
export const INPUTS = {
  mode: 'mode',
  config: 'config',
  url: 'url',
  model: 'model',
  serverCommand: 'server-command',
  serverReadyUrl: 'server-ready-url',
  serverReadyTimeout: 'server-ready-timeout',
  serverLog: 'server-log',
  serverEnv: 'server-env',
  baselineUrl: 'baseline-url',
  baselineServerCommand: 'baseline-server-command',
  baselineServerReadyUrl: 'baseline-server-ready-url',
  baselineServerReadyTimeout: 'baseline-server-ready-timeout',
  baselineServerLog: 'baseline-server-log',
  sameJob: 'same-job',
  confirm: 'confirm',
  baseline: 'baseline',
  result: 'result',
  prNumber: 'pr-number',
  githubToken: 'github-token',
  comment: 'comment',
  commentKey: 'comment-key',
  failOn: 'fail-on',
  saveHistory: 'save-history',
  historyBranch: 'history-branch',
  historyRetention: 'history-retention',
  historyRuns: 'history-runs',
  budget: 'budget',
  out: 'out',
  // History after a push to the default branch: change points, the dashboard, compaction.
  changeComment: 'change-comment',
  dashboard: 'dashboard',
  dashboardBranch: 'dashboard-branch',
  dashboardUrl: 'dashboard-url',
  historyCompact: 'history-compact',
  // The pull-request workflow: accepting an intended regression, the check run.
  acceptLabel: 'accept-label',
  acceptCommands: 'accept-commands',
  checkRun: 'check-run',
} as const;

export const OUTPUTS = {
  verdict: 'verdict',
  regressions: 'regressions',
  resultPath: 'result-path',
  verdictPath: 'verdict-path',
  reportPath: 'report-path',
  serverLog: 'server-log',
  baselineServerLog: 'baseline-server-log',
  baselineResultPath: 'baseline-result-path',
  baselineCommit: 'baseline-commit',
  commentUrl: 'comment-url',
  checkRunUrl: 'check-run-url',
} as const;

/** core.saveState keys shared by the main and post steps. */
export const STATE = {
  serverPgid: 'server-pgid',
  baselineServerPgid: 'baseline-server-pgid',
} as const;
