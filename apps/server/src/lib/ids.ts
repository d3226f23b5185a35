import { randomBytes } from 'node:crypto';

// The last id made for the present moment, so ids made within one millisecond still sort in the order
// they were made (RFC 9562 §6.2 method 1: a counter in rand_a, seeded at random each millisecond).
let lastMs = 0;
let counter = 0;

// Random bytes are drawn from the system a few kilobytes at a time (as crypto.randomUUID does): a bulk
// write making 100,000 ids would otherwise make 100,000 calls into the kernel.
const POOL_BYTES = 16 * 256;
let pool = Buffer.alloc(0);
let offset = 0;

function randomId16(): Buffer {
  if (offset + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  // A copy: the caller writes the time and version into it.
  const bytes = Buffer.from(pool.subarray(offset, offset + 16));
  offset += 16;
  return bytes;
}

/**
 * UUID v7: time-ordered, so primary-key indexes stay compact. Made in the app (PostgreSQL 15 has no
 * uuidv7()). Ids made now sort in the order this process made them; an id for a given moment (`at`,
 * as seeds date their rows) sorts by that moment only.
 */
export function newId(at?: number): string {
  const bytes = randomId16();
  let ms = at ?? Date.now();
  if (at === undefined) {
    if (ms > lastMs) {
      lastMs = ms;
      counter = bytes.readUInt16BE(6) & 0x07ff; // leaves room to count up within the millisecond
    } else if (counter < 0x0fff) {
      ms = lastMs;
      counter += 1;
    } else {
      ms = lastMs += 1;
      counter = 0;
    }
    bytes.writeUInt16BE(counter, 6);
  }
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
