// The roll as the session page shows it: the server's entries (kept by version, since several wardens'
// changes arrive in any order), with this browser's marks not yet received laid over them.
import type { EmergencyStatus, RollCounts, RollEntry } from '@app/shared/emergency/schemas';
import type { QueuedMark } from './mark-queue';

/** An entry on screen: `waiting` when a mark of this browser is not received by the server yet. */
export type ShownEntry = RollEntry & { waiting: boolean };

const byName = (a: RollEntry, b: RollEntry) =>
  a.full_name.localeCompare(b.full_name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The roll with changed entries applied: each entry keeps the copy with the highest version (an older
 * copy arriving late changes nothing); entries new to the roll (added at the muster point) join it.
 */
export function mergeEntries(roll: readonly RollEntry[], changed: readonly RollEntry[]): RollEntry[] {
  if (changed.length === 0) return roll as RollEntry[];
  const incoming = new Map<string, RollEntry>();
  for (const entry of changed) {
    const seen = incoming.get(entry.id);
    if (!seen || entry.version > seen.version) incoming.set(entry.id, entry);
  }
  let touched = false;
  const next = roll.map((entry) => {
    const update = incoming.get(entry.id);
    if (!update) return entry;
    incoming.delete(entry.id);
    if (update.version <= entry.version) return entry;
    touched = true;
    return update;
  });
  if (incoming.size === 0) return touched ? next : (roll as RollEntry[]);
  return [...next, ...incoming.values()].sort(byName);
}

const time = (iso: string) => {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? 0 : at;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as `YYYY-MM-DD HH:mm` on this browser's clock (a waiting mark's time, before the server reads it). */
export function browserReading(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The roll with this browser's waiting marks laid over it: an entry takes the last mark tapped for it,
 * unless the server already holds a mark made later (someone else's, which wins on the server too).
 */
export function withWaitingMarks(roll: readonly RollEntry[], queue: readonly QueuedMark[], me: string): ShownEntry[] {
  const last = new Map<string, QueuedMark>();
  for (const mark of queue) last.set(mark.roll_id, mark);
  return roll.map((entry) => {
    const mark = last.get(entry.id);
    if (!mark || time(mark.marked_at) < time(entry.marked_at.at)) return { ...entry, waiting: false };
    return {
      ...entry,
      status: mark.status,
      source: 'warden',
      marked_by: me,
      marked_at: { at: mark.marked_at, local: browserReading(mark.marked_at) },
      waiting: true,
    };
  });
}

export function countRoll(roll: readonly Pick<RollEntry, 'status'>[]): RollCounts {
  const counts: RollCounts = { total: roll.length, present: 0, not_present: 0, out: 0 };
  for (const entry of roll) counts[entry.status] += 1;
  return counts;
}

/** Accounted for: present at the muster point, or known to be out. */
export const accountedFor = (counts: RollCounts) => counts.present + counts.out;

export type RollFilter = 'missing' | 'present' | 'out' | 'all';
export const ROLL_FILTERS: readonly RollFilter[] = ['missing', 'present', 'out', 'all'];
const STATUS_OF_FILTER: Record<Exclude<RollFilter, 'all'>, EmergencyStatus> = {
  missing: 'not_present',
  present: 'present',
  out: 'out',
};

const fold = (text: string) => text.toLocaleLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/** The entries a filter chip and a search keep (the search: name, company, user type or phone). */
export function filterRoll<T extends RollEntry>(roll: readonly T[], filter: RollFilter, search: string): T[] {
  const words = fold(search.trim()).split(/\s+/).filter(Boolean);
  return roll.filter((entry) => {
    if (filter !== 'all' && entry.status !== STATUS_OF_FILTER[filter]) return false;
    if (words.length === 0) return true;
    const text = fold(
      [entry.full_name, entry.company_name, entry.user_type?.name, entry.phone, entry.area?.name]
        .filter(Boolean)
        .join(' '),
    );
    return words.every((word) => text.includes(word));
  });
}

export type AreaGroup<T> = {
  key: string;
  site: string | null;
  area: string | null;
  entries: T[];
  missing: number;
};

/** Entries grouped by area (site, then area, by name); entries placed nowhere come last. */
export function groupByArea<T extends RollEntry>(roll: readonly T[]): AreaGroup<T>[] {
  const groups = new Map<string, AreaGroup<T>>();
  for (const entry of roll) {
    const key = entry.area?.id ?? entry.site?.id ?? '';
    let group = groups.get(key);
    if (!group) {
      group = { key, site: entry.site?.name ?? null, area: entry.area?.name ?? null, entries: [], missing: 0 };
      groups.set(key, group);
    }
    group.entries.push(entry);
    if (entry.status === 'not_present') group.missing += 1;
  }
  return [...groups.values()].sort((a, b) => {
    if (a.key === '' || b.key === '') return a.key === '' ? 1 : -1;
    return (a.site ?? '').localeCompare(b.site ?? '') || (a.area ?? '').localeCompare(b.area ?? '');
  });
}

/** Whether a missing person is past the session's highlight time. */
export function isOverdue(entry: Pick<RollEntry, 'status'>, startedAt: string, highlightMinutes: number, now: number) {
  return entry.status === 'not_present' && now - time(startedAt) >= highlightMinutes * 60_000;
}
