// A request to come in past a full place, as the occupancy card tells it (decision 054).
import type { CapacityApproval } from '@app/shared/capacity/schemas';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The place a request was refused at: the site or the area that was full. */
export const fullPlaceName = (approval: CapacityApproval): string =>
  approval.full_place === 'site' ? approval.site.name : approval.area.name;

// The ways the server names (its screening ways): a sign-in at the front desk is the dashboard's.
const WAY_WORDS: Record<string, string> = {
  desk: 'dashboard',
  dashboard: 'dashboard',
  kiosk: 'kiosk',
  kiosk_offline: 'kiosk_offline',
  api: 'api',
  passport: 'passport',
  expected_visit: 'expected_visit',
  pre_registration: 'pre_registration',
  import: 'import',
};

/** How the person tried to come in, in words (a way not known here is named as another one). */
export const wayLabel = (way: string, t: Translate): string => {
  const word = Object.hasOwn(WAY_WORDS, way) ? WAY_WORDS[way] : undefined;
  return word ? t(`capacity:approvals.ways.${word}`) : t('capacity:approvals.way_unknown');
};

const pad = (n: number) => String(n).padStart(2, '0');

/** When a request was made, on this browser's clock: the time alone on the same day, else the date too. */
export function askedAt(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay ? time : `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()} ${time}`;
}
