import type { RollEntry, EmergencyStatus, MarkSource } from '@app/shared/emergency/schemas';
import { localStamp } from '@app/shared/visits/rules';
import { photoUrl } from '../people/person-view';

// A roll entry as the API and the live events show it. The row is read with the person's photo and the
// names of its place as they are now (as kept at the start when the area or site is gone).

export type RollRow = {
  id: string;
  personId: string | null;
  fullName: string;
  companyName: string | null;
  phone: string | null;
  userTypeId: string | null;
  userTypeName: string | null;
  siteId: string | null;
  siteName: string | null;
  areaId: string | null;
  areaName: string | null;
  signedInAt: Date | string | null;
  status: string;
  source: string;
  markedAt: Date | string;
  markedByName: string | null;
  version: number;
  /** The person's photo file (people.image), when they are a person of the company. */
  image: string | null;
};

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * The company's clock reading of a minute, remembered: a roll of thousands shares a few hundred minutes,
 * and reading a clock (Intl) costs more than the rest of an entry.
 */
const stamps = new Map<string, string>();
const STAMPS_MAX = 20_000;
function stampOf(d: Date, zone: string): string {
  const key = `${zone}|${Math.floor(d.getTime() / 60_000)}`;
  let local = stamps.get(key);
  if (local === undefined) {
    if (stamps.size >= STAMPS_MAX) stamps.clear();
    local = localStamp(d, zone);
    stamps.set(key, local);
  }
  return local;
}

export const momentOf = (at: Date | string, zone: string) => {
  const d = asDate(at);
  return { at: d.toISOString(), local: stampOf(d, zone) };
};

export function toRollEntry(r: RollRow, zone: string): RollEntry {
  return {
    id: r.id,
    person_id: r.personId,
    full_name: r.fullName,
    photo_url: r.personId ? photoUrl(r.personId, r.image) : null,
    phone: r.phone,
    company_name: r.companyName,
    user_type: r.userTypeId && r.userTypeName !== null ? { id: r.userTypeId, name: r.userTypeName } : null,
    site: r.siteId && r.siteName !== null ? { id: r.siteId, name: r.siteName } : null,
    area: r.areaId && r.areaName !== null ? { id: r.areaId, name: r.areaName } : null,
    status: r.status as EmergencyStatus,
    source: r.source as MarkSource,
    marked_at: momentOf(r.markedAt, zone),
    marked_by: r.markedByName,
    signed_in: r.signedInAt ? momentOf(r.signedInAt, zone) : null,
    version: r.version,
  };
}
