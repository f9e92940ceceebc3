// Entry point of a `run.workers` thread (bundled as dist/worker.js).
import { serveShardWorker } from './shard-worker.js';

await serveShardWorker();
