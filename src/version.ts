// Kept in step with package.json by test/version.test.ts; a constant (not a
// JSON import) so the bundles do not carry package.json.
export const TOOL_VERSION = '0.1.0';
