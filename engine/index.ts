// Entry point of dist/engine.js: the embedded inference engine. Loaded only by
// the CLI's engine commands and by scripts and tests that start the engine;
// never by the action (dist/index.js).
export { runEngineCommand, SERVE_USAGE, MAKE_MODEL_USAGE, type EngineIo } from './cli.js';
export { startEmbedded, defaultThreads, type EmbeddedEngine, type EmbeddedOptions } from './start.js';
export { ensureTinyModel, modelsDir, type EnsuredModel } from './model/cache.js';
export { DEFAULT_SPEC, type TinyModelSpec } from './model/random-llama.js';
export type { EngineInfo, EngineStats } from './engine.js';
