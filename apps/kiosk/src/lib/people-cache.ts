// The people a kiosk keeps for offline use (decision 044): the people of its journey's user types, a
// name, user types, a photo flag and hashes of the codes that identify them (their QR, card and today's
// passes, and their passport's id), never the codes. The whole list is fetched a page at a time and
// swapped in at once, with the passport's keys, so a kiosk never answers from half a list. Offline, a
// scanned code is hashed with the list's salt and looked up by hash (a passport's QR identity, once its
// signature is checked, by its account id); a name by its first letters, as the server's search starts.
import { hashKioskCode, type KioskHashKind } from '@app/shared/kiosks/code-hash';
import type { KioskListedPerson, KioskPassportKeys, KioskPeoplePage } from '@app/shared/kiosks/device-lookup';
import { db, type CachedPerson, type PeopleMeta } from './data-cache';
import type { DeviceApi } from './device-api';

/** People per page fetched: 100,000 people in 50 calls. */
const PAGE = 2000;

/** How a name is compared: lower case, accents and spacing dropped (Arabic letters are kept as typed). */
export const nameKey = (text: string): string =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();

// Every hash in one index: the kind is part of each hash, so a card never matches a QR or a passport.
export const toCachedPerson = (person: KioskListedPerson): CachedPerson => ({
  ...person,
  codes: [
    person.qr_hash,
    ...(person.card_hash ? [person.card_hash] : []),
    ...person.passes.map((p) => p.code_hash),
    ...(person.passport_hash ? [person.passport_hash] : []),
  ],
  name_key: nameKey(`${person.first_name} ${person.last_name}`),
});

/** People written per step of the swap: the tablet stays free to answer a touch between steps. */
const WRITE_STEP = 250;

/**
 * Fetches the whole list, then replaces the kept one with it in one transaction, a step of people at
 * a time: each step waits for its writes, so the page gets the main thread between steps while the
 * transaction stays open (a reader sees the old list or the new one, never half of it).
 */
export async function syncPeople(api: DeviceApi): Promise<PeopleMeta> {
  // The keys first: a list kept without them could not check the passports it names.
  const passport = await api.json<KioskPassportKeys>('GET', '/kiosk-device/passport-keys');
  const people: CachedPerson[] = [];
  let cursor: string | null = null;
  let first: KioskPeoplePage | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: KioskPeoplePage = await api.json<KioskPeoplePage>('GET', `/kiosk-device/people?limit=${PAGE}${query}`);
    first ??= page;
    for (const person of page.data) people.push(toCachedPerson(person));
    cursor = page.next_cursor;
  } while (cursor);
  const meta: PeopleMeta = { salt: first.salt, fetched_at: first.fetched_at, count: people.length, passport };
  const tx = (await db()).transaction(['people', 'data'], 'readwrite');
  const store = tx.objectStore('people');
  await store.clear();
  for (let at = 0; at < people.length; at += WRITE_STEP) {
    await Promise.all(people.slice(at, at + WRITE_STEP).map((person) => store.put(person)));
  }
  await Promise.all([tx.objectStore('data').put(meta, 'people'), tx.done]);
  return meta;
}

export async function readPeopleMeta(): Promise<PeopleMeta | null> {
  const value = await (await db()).get('data', 'people');
  // A list kept by an earlier version has no passport keys: its passports cannot be checked.
  return value && 'salt' in value ? { ...value, passport: value.passport ?? null } : null;
}

export type CodeMatch = { person: CachedPerson; expectedVisitId: string | null };

/**
 * Who a scanned QR code or card is, or a checked passport's account id, by its hash; null when the kept
 * list has no such code.
 */
export async function findCachedByCode(kind: KioskHashKind, code: string): Promise<CodeMatch | null> {
  const meta = await readPeopleMeta();
  if (!meta) return null;
  const hash = hashKioskCode(meta.salt, kind, code);
  const person = await (await db()).getFromIndex('people', 'codes', hash);
  if (!person) return null;
  // A card never matches a pass: the kind is part of the hash.
  const pass = person.passes.find((p) => p.code_hash === hash);
  return { person, expectedVisitId: pass?.expected_visit_id ?? null };
}

export async function findCachedById(id: string): Promise<CachedPerson | null> {
  return (await (await db()).get('people', id)) ?? null;
}

/** The kept people whose "first last" name starts with what was typed, at most `max`, by name. */
export async function searchCachedPeople(query: string, max: number): Promise<CachedPerson[]> {
  const key = nameKey(query);
  if (!key) return [];
  return (await db()).getAllFromIndex('people', 'name_key', IDBKeyRange.bound(key, `${key}\uffff`), max);
}
