import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { emailKey, nameKeys, phoneKey } from './name-keys';

// The keys a kiosk screens by while offline (decision 051): it holds only their salted hashes, so it
// can find an identical email, phone or name as it sounds (its skeleton, words in order), never a name
// that is merely alike. Online, the server screens with the full matching.

/** A name's skeleton with its words sorted, from four consonants: shorter ones match too many people. */
const nameKey = (name: string) => {
  const words = nameKeys(name).skeleton.split(' ').filter(Boolean).sort();
  return words.join('').length >= 4 ? `n:${words.join(' ')}` : null;
};

/** A person's keys: their email, phone and name. */
export function offlineKeys(s: { name: string; email?: string | null; phone?: string | null }): string[] {
  const e = emailKey(s.email);
  const p = phoneKey(s.phone);
  return [e && `e:${e}`, p && `p:${p}`, nameKey(s.name)].filter((k): k is string => Boolean(k));
}

/** An entry's keys: its email, phone, name and each alias. */
export function entryOfflineKeys(e: {
  full_name: string;
  aliases: readonly string[];
  email_key: string | null;
  phone_key: string | null;
}) {
  const keys = [e.email_key && `e:${e.email_key}`, e.phone_key && `p:${e.phone_key}`];
  for (const n of [e.full_name, ...e.aliases]) keys.push(nameKey(n));
  return [...new Set(keys.filter((k): k is string => Boolean(k)))];
}

const SNAPSHOT_HASH_BYTES = 12;

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The hash a snapshot holds of a key: SHA-256 of `salt:key`, its first 12 bytes in base64url. */
export const snapshotHash = (salt: string, key: string) =>
  toBase64Url(sha256(utf8ToBytes(`${salt}:${key}`)).subarray(0, SNAPSHOT_HASH_BYTES));

/** A fresh salt for a snapshot. */
export function snapshotSalt(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return toBase64Url(bytes);
}

/** The strongest level a person's keys find in a snapshot, or null. */
export function snapshotLevel(
  snapshot: { salt: string; deny: readonly string[]; review: readonly string[]; notify: readonly string[] },
  person: { name: string; email?: string | null; phone?: string | null },
): 'deny' | 'review' | 'notify' | null {
  const hashes = offlineKeys(person).map((k) => snapshotHash(snapshot.salt, k));
  for (const level of ['deny', 'review', 'notify'] as const) {
    if (hashes.some((h) => snapshot[level].includes(h))) return level;
  }
  return null;
}
