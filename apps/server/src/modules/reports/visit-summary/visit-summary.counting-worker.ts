// The counting worker's thread (visit-summary.counting-pool.ts): counts a summary per message.
import { serveThread } from '../../../lib/thread-pool';
import { countSummary } from './visit-summary.counting';

void serveThread(countSummary);
