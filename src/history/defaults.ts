// Where the history lives unless told otherwise: names the CLI's usage text
// shows without loading the git plumbing behind them.
export const DEFAULT_HISTORY_BRANCH = 'llm-perf-history';
export const DEFAULT_REMOTE = 'origin';
