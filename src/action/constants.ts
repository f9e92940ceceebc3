// Input and output names in one place, shared by the code and checked against action.yml in tests.
export const INPUTS = {
  config: 'config',
  url: 'url',
  model: 'model',
  out: 'out',
} as const;

export const OUTPUTS = {
  resultPath: 'result-path',
} as const;
