// The counting worker's thread (visit-summary.counting-pool.ts): counts a summary per message.
import { parentPort } from 'node:worker_threads';
import { countSummary, type CountInput } from './visit-summary.counting';

parentPort?.on('message', ({ id, input }: { id: number; input: CountInput }) => {
  try {
    parentPort?.postMessage({ id, result: countSummary(input) });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
