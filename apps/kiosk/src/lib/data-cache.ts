// What the kiosk keeps in IndexedDB (decision 044): its journey bundle with the time the server put it
// together, the logo, the offline queue of sign-ins and sign-outs made while the server could not be
// reached (filled by the sign-in flow), the people list with the passport's keys, and the passport QR
// identities taken offline. It runs from here while offline, for its offline window.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { KioskJourneyBundle } from '@app/shared/kiosks/device-data';
import type { KioskListedPerson, KioskPassportKeys } from '@app/shared/kiosks/device-lookup';
import { CLOCK_TOLERANCE_S } from './passport-qr';

export const DATABASE = 'kiosk';

export type CachedBundle = { bundle: KioskJourneyBundle; fetched_at: string; saved_at: string };

/** A person of the kiosk's user types as kept for offline use: every code hash in `codes`, a name key. */
export type CachedPerson = KioskListedPerson & { codes: string[]; name_key: string };
/**
 * The people list's salt and when the server put it together, with the passport's keys and issuer fetched
 * with it (the list's `passport_hash`es are matched with what they check); null in a list kept before.
 */
export type PeopleMeta = { salt: string; fetched_at: string; count: number; passport: KioskPassportKeys | null };
/** A passport QR identity taken offline, kept until its token has expired (`exp`, in seconds). */
export type TakenJti = { jti: string; exp: number };

type KioskDb = DBSchema & {
  data: { key: string; value: CachedBundle | Blob | PeopleMeta };
  queue: { key: string; value: { key: string; kind: string; at: string; body: unknown } };
  people: { key: string; value: CachedPerson; indexes: { codes: string; name_key: string } };
  passport_jtis: { key: string; value: TakenJti };
};

let opening: Promise<IDBPDatabase<KioskDb>> | null = null;

export function db(): Promise<IDBPDatabase<KioskDb>> {
  opening ??= openDB<KioskDb>(DATABASE, 3, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('data');
        database.createObjectStore('queue', { keyPath: 'key' });
      }
      if (oldVersion < 2) {
        const people = database.createObjectStore('people', { keyPath: 'id' });
        people.createIndex('codes', 'codes', { multiEntry: true });
        people.createIndex('name_key', 'name_key');
      }
      if (oldVersion < 3) database.createObjectStore('passport_jtis', { keyPath: 'jti' });
    },
  });
  return opening;
}

export type QueuedRecord = { key: string; kind: string; at: string; body: unknown };

/** The offline queue's records, in the order they happened (their time, then their key). */
export async function readQueue(): Promise<QueuedRecord[]> {
  const all = await (await db()).getAll('queue');
  return all.sort((a, b) => (a.at === b.at ? a.key.localeCompare(b.key) : a.at < b.at ? -1 : 1));
}

/** Keeps a record (a second add of the same key changes nothing). */
export async function addQueued(record: QueuedRecord): Promise<void> {
  const database = await db();
  if (!(await database.get('queue', record.key))) await database.put('queue', record);
}

export async function removeQueued(keys: string[]): Promise<void> {
  const tx = (await db()).transaction('queue', 'readwrite');
  await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
}

/**
 * Takes a passport QR identity's `jti` on this kiosk (lib/passport-qr.ts): false when it was taken before.
 * Ids are forgotten once their token is past use (a minute's scans at most are kept); one transaction, so
 * two scans of one code at once take it once, and a reload of the page does not make it good again.
 */
export async function takePassportJti(jti: string, exp: number, nowS: number): Promise<boolean> {
  const tx = (await db()).transaction('passport_jtis', 'readwrite');
  const past = (await tx.store.getAll()).filter((t) => t.exp + CLOCK_TOLERANCE_S < nowS);
  await Promise.all(past.map((t) => tx.store.delete(t.jti)));
  const taken = (await tx.store.get(jti)) !== undefined;
  if (!taken) await tx.store.put({ jti, exp });
  await tx.done;
  return !taken;
}

export async function saveBundle(bundle: KioskJourneyBundle): Promise<CachedBundle> {
  const cached: CachedBundle = { bundle, fetched_at: bundle.fetched_at, saved_at: new Date().toISOString() };
  await (await db()).put('data', cached, 'bundle');
  return cached;
}

export async function readBundle(): Promise<CachedBundle | null> {
  const value = await (await db()).get('data', 'bundle');
  return value && 'bundle' in value ? value : null;
}

export async function saveLogo(logo: Blob | null): Promise<void> {
  const database = await db();
  if (logo) await database.put('data', logo, 'logo');
  else await database.delete('data', 'logo');
}

export async function readLogo(): Promise<Blob | null> {
  const value = await (await db()).get('data', 'logo');
  return value instanceof Blob ? value : null;
}

/** What the kiosk holds, for support (remote action pull_database). */
export async function describeCache() {
  const database = await db();
  const cached = await readBundle();
  const logo = await readLogo();
  const queue = await database.getAll('queue');
  const bundle = cached?.bundle;
  return {
    fetched_at: cached?.fetched_at ?? null,
    saved_at: cached?.saved_at ?? null,
    counts: {
      flows: bundle?.flows.length ?? 0,
      announcements: bundle?.announcements.length ?? 0,
      user_types: bundle?.journey?.user_types.length ?? 0,
      offline_queue: queue.length,
      people: await database.count('people'),
    },
    journey: bundle?.journey ? { id: bundle.journey.id, name: bundle.journey.name } : null,
    area: bundle?.area ?? null,
    site: bundle?.site ?? null,
    logo_bytes: logo?.size ?? 0,
    offline_queue: queue,
  };
}

/** Drops everything the kiosk keeps (remote action push_restart, or a refused token). */
export async function clearCache(): Promise<void> {
  if (opening) {
    (await opening).close();
    opening = null;
  }
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(DATABASE);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}
