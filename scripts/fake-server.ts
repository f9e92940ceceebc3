// Serves the tests' schedule-driven OpenAI-compatible server on a fixed port,
// for trying the CLI by hand:  npx node scripts/fake-server.ts [port] [ttft_ms] [gap_ms] [slots]
// It is a simulator (no model): every figure it produces is the schedule you gave it.
import { startFakeServer } from '../test/support/fake-server.ts';

const [port = '8089', ttft = '30', gap = '4', slots = '8'] = process.argv.slice(2);
const server = await startFakeServer({ ttftMs: Number(ttft), gapMs: Number(gap), slots: Number(slots) || null }, Number(port));
console.log(`fake OpenAI-compatible server on ${server.url} (ttft ${ttft} ms, gap ${gap} ms, ${slots} slots); Ctrl-C stops it`);
const stop = (): void => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
