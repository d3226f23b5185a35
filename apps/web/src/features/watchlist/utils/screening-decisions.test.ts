import { describe, expect, it } from 'vitest';
import type { Screening } from '@app/shared/watchlist/schemas';
import { decisionsFor } from './screening-decisions';

const ENTRY = { id: '00000000-0000-4000-8000-000000000001', full_name: 'Zed Keeper', exists: true };
const PERSON = '00000000-0000-4000-8000-000000000002';
const of = (s: Partial<Pick<Screening, 'outcome' | 'person_id' | 'entry'>>) =>
  decisionsFor({ outcome: 'refused', person_id: PERSON, entry: ENTRY, ...s });

describe('the decisions a screening offers', () => {
  it('approves or rejects only a review still waiting', () => {
    expect(of({ outcome: 'pending' })).toEqual(['approve', 'reject', 'not_a_match']);
    expect(of({ outcome: 'approved' })).toEqual(['not_a_match']);
    expect(of({ outcome: 'refused' })).toEqual(['not_a_match']);
  });

  it('says "not a match" once, of a known person, while the entry is listed', () => {
    expect(of({ outcome: 'not_a_match' })).toEqual([]);
    expect(of({ person_id: null })).toEqual([]);
    expect(of({ outcome: 'pending', person_id: null })).toEqual(['approve', 'reject']);
    expect(of({ entry: { ...ENTRY, exists: false } })).toEqual([]);
  });
});
