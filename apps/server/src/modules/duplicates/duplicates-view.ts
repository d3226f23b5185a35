import {
  DUPLICATE_REASONS,
  MERGE_KINDS,
  type DuplicatePair,
  type DuplicatePerson,
  type DuplicateReason,
  type DuplicateScan,
  type MergeKind,
  type PersonMerge,
} from '@app/shared/people/duplicates';
import { photoUrl } from '../people/person-view';
import type { MergeRow, PairPersonRow, PairRow, ScanRow } from './duplicates.repository';

// The board's rows as the API shows them.

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

const reasonsOf = (values: readonly string[]): DuplicateReason[] => DUPLICATE_REASONS.filter((r) => values.includes(r));

export function toDuplicatePerson(p: PairPersonRow, userTypes: { id: string; name: string }[]): DuplicatePerson {
  return {
    id: p.id,
    full_name: `${p.first_name} ${p.last_name}`.trim(),
    email: p.email,
    phone_code: p.phone_code,
    phone: p.phone,
    id_number: p.id_number,
    company_name: p.company_name,
    status: p.status,
    photo_url: photoUrl(p.id, p.image),
    user_types: userTypes,
    has_login: p.dashboard_access === 'active' || p.dashboard_access === 'invited',
    is_default: p.is_default,
    visits: Number(p.visits),
    last_visit_at: isoOrNull(p.last_visit_at),
    created_at: iso(p.created_at),
  };
}

export function toPair(row: PairRow, people: Map<string, DuplicatePerson>): DuplicatePair | null {
  const a = people.get(row.person_a_id);
  const b = people.get(row.person_b_id);
  if (!a || !b) return null;
  return {
    id: row.id,
    score: Number(row.score),
    reasons: reasonsOf(row.reasons),
    name_similarity: Math.round(Number(row.name_similarity) * 100),
    a,
    b,
  };
}

export function toScan(row: ScanRow | null): DuplicateScan | null {
  if (!row) return null;
  return {
    id: row.id,
    status: row.status as DuplicateScan['status'],
    requested_at: iso(row.requested_at),
    finished_at: isoOrNull(row.finished_at),
    people: row.people,
    pairs: row.pairs,
    duration_ms: row.duration_ms,
  };
}

export function toPersonMerge(row: MergeRow): PersonMerge {
  const moved: Partial<Record<MergeKind, number>> = {};
  for (const kind of MERGE_KINDS) {
    const n = row.moved[kind];
    if (typeof n === 'number' && n > 0) moved[kind] = n;
  }
  return {
    id: row.id,
    kept: { id: row.kept_person_id, full_name: row.kept_name },
    removed: { id: row.removed_person_id, ...row.removed },
    moved,
    filled: row.filled,
    dropped: row.dropped,
    score: row.score === null ? null : Number(row.score),
    reasons: reasonsOf(row.reasons),
    merged_by: row.merged_by_name,
    merged_at: iso(row.merged_at),
  };
}
