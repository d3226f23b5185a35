// What a retention means, in the words the privacy manager shows: a type's own days, the company's
// default, or "kept for ever"; what "Delete now" will do; what it did; and when the nightly job runs.
import { toLocalDateTime } from '@app/shared/announcements/times';
import {
  PRIVACY,
  type PrivacyRun,
  type PrivacyScope,
  type PrivacyUserType,
  type PrivacyView,
  type Retention,
} from '@app/shared/people/privacy';
import { formatLocalReading } from '@/lib/dates';

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The two things a retention deletes: people's personal data, and their scans (visit records). */
export type RetentionPart = 'data' | 'scans';

const FIELD: Record<RetentionPart, keyof Retention> = {
  data: 'data_retention_days',
  scans: 'scans_retention_days',
};

/** The parts a "Delete now" scope deletes. */
export const SCOPE_PARTS: Record<PrivacyScope, readonly RetentionPart[]> = {
  data: ['data'],
  scans: ['scans'],
  both: ['data', 'scans'],
};

export const daysOf = (retention: Retention, part: RetentionPart): number | null => retention[FIELD[part]];

/** Where a type's retention of one part comes from: its own, the company default, or none (kept for ever). */
export type RetentionSource = { kind: 'own'; days: number } | { kind: 'default'; days: number } | { kind: 'forever' };

export function retentionSource(type: PrivacyUserType, part: RetentionPart): RetentionSource {
  const days = daysOf(type.effective, part);
  if (days === null) return { kind: 'forever' };
  return type.custom ? { kind: 'own', days } : { kind: 'default', days };
}

/** "30 days", "Company default: 30 days" or "Kept for ever". */
export function describeRetention(source: RetentionSource, t: Translate): string {
  switch (source.kind) {
    case 'own':
      return t('privacy:days', { count: source.days });
    case 'default':
      return t('privacy:types.default_days', { days: t('privacy:days', { count: source.days }) });
    case 'forever':
      return t('privacy:types.forever');
  }
}

/**
 * Why "Delete now" cannot delete this scope for the type, or null when it can: a part kept for ever
 * has nothing that is ever due. "Data & Scans" needs both parts to have a retention.
 */
export function deleteNowRefusal(type: PrivacyUserType, scope: PrivacyScope, t: Translate): string | null {
  const forever = SCOPE_PARTS[scope].filter((part) => daysOf(type.effective, part) === null);
  if (forever.length === 0) return null;
  return forever.length === 2 ? t('privacy:delete_now.both_forever') : t(`privacy:delete_now.${forever[0]!}_forever`);
}

/**
 * What "Delete now" will do, one sentence a part: "Personal data of Visitors people with no visit in
 * the last 30 days is erased." and "Visitors scans older than 90 days are anonymised."
 */
export function deletionSentences(type: PrivacyUserType, scope: PrivacyScope, t: Translate): string[] {
  return SCOPE_PARTS[scope].flatMap((part) => {
    const days = daysOf(type.effective, part);
    return days === null
      ? []
      : [t(`privacy:delete_now.${part}_sentence`, { type: type.name, days: t('privacy:days', { count: days }) })];
  });
}

/** Spec §8: "{name} Data Deleted", "{name} Scans Deleted" or "{name} Data & Scans Deleted", then what was done. */
export function deletionToast(name: string, scope: PrivacyScope, run: PrivacyRun, t: Translate): string {
  return t('privacy:toasts.with_counts', {
    title: t(`privacy:toasts.${scope}_deleted`, { name }),
    people: t('privacy:toasts.people_erased', { count: run.people_erased }),
    visits: t('privacy:toasts.visits_anonymised', { count: run.visits_anonymised }),
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Digits, slashes and colons read left to right inside an Arabic sentence too (an isolated run). */
export const isolateLtr = (text: string): string => `\u2066${text}\u2069`;

/** A moment as the company's clock reads it, DD/MM/YYYY HH:mm; empty when it is not a moment. */
export function companyDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatLocalReading(toLocalDateTime(date, timeZone));
}

/** "Every night at 02:00 (Europe/London)" and "Next run: 16/01/2026 02:00", on the company's clock. */
export function scheduleTexts(view: Pick<PrivacyView, 'timezone' | 'next_run_at'>, t: Translate) {
  return {
    schedule: t('privacy:schedule.every_night', {
      time: isolateLtr(`${pad(PRIVACY.runHour)}:00`),
      timezone: isolateLtr(view.timezone),
    }),
    next: t('privacy:schedule.next_run', { date: isolateLtr(companyDateTime(view.next_run_at, view.timezone)) }),
  };
}
