import { describe, expect, it } from 'vitest';
import { KIOSK_REVIEW_LIMITS } from '@app/shared/kiosks/reviews';
import { parseLeniently } from '@/lib/url-filters';
import { tEnglish } from '@/lib/translate.fixture';
import {
  REVIEWS_PAGE_SIZE,
  historySearchOf,
  kioskReviewsPageFiltersSchema,
  noteError,
  pageCount,
  placeOf,
} from './kiosk-reviews-page';

// The page's own words, as the dialog names its field: "Note" in English.
const t = (key: string, vars?: Record<string, string | number>) =>
  key === 'resolve.note' ? 'Note' : tEnglish(key, vars);

describe('the page address', () => {
  it('opens on the open reviews, and keeps a resolved view a link asks for', () => {
    expect(parseLeniently(kioskReviewsPageFiltersSchema, {})).toEqual({ status: 'open' });
    expect(parseLeniently(kioskReviewsPageFiltersSchema, { status: 'resolved' })).toEqual({ status: 'resolved' });
    expect(parseLeniently(kioskReviewsPageFiltersSchema, { status: 'closed' })).toEqual({ status: 'open' });
  });

  it('counts at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(REVIEWS_PAGE_SIZE)).toBe(1);
    expect(pageCount(REVIEWS_PAGE_SIZE + 1)).toBe(2);
  });
});

describe('noteError', () => {
  it('asks for a note, however many spaces are typed', () => {
    expect(noteError('', t)).toBe('Note is required.');
    expect(noteError('   \n ', t)).toBe('Note is required.');
  });

  it('takes a note up to the server limit', () => {
    expect(noteError(' Permit issued afterwards. ', t)).toBeNull();
    expect(noteError('x'.repeat(KIOSK_REVIEW_LIMITS.noteMax), t)).toBeNull();
    expect(noteError('x'.repeat(KIOSK_REVIEW_LIMITS.noteMax + 1), t)).toBe(
      `Note must be at most ${KIOSK_REVIEW_LIMITS.noteMax} characters.`,
    );
  });
});

describe('historySearchOf', () => {
  const review = {
    visit_id: '0190a1b2-0000-7000-8000-000000000001',
    person: { id: '0190a1b2-0000-7000-8000-000000000002', name: 'Ada Tester' },
    occurred_at: new Date(2026, 2, 15, 9, 30).toISOString(),
  };

  it('narrows the History report to the person and the days around the moment', () => {
    expect(historySearchOf(review)).toEqual({
      from: '2026-03-14',
      to: '2026-03-16',
      person_id: review.person.id,
      person_name: 'Ada Tester',
    });
  });

  it('has nowhere to go without a visit, or once the person is gone', () => {
    expect(historySearchOf({ ...review, visit_id: null })).toBeNull();
    expect(historySearchOf({ ...review, person: { id: null, name: 'Ada Tester' } })).toBeNull();
  });
});

describe('placeOf', () => {
  it('names the site and area known, in that order', () => {
    const hq = { id: '0190a1b2-0000-7000-8000-000000000003', name: 'HQ' };
    const lobby = { id: '0190a1b2-0000-7000-8000-000000000004', name: 'Lobby' };
    expect(placeOf({ site: hq, area: lobby })).toBe('HQ › Lobby');
    expect(placeOf({ site: hq, area: null })).toBe('HQ');
    expect(placeOf({ site: null, area: null })).toBe('');
  });
});
