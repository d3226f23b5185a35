import { describe, expect, it } from 'vitest';
import {
  formatReading,
  newAnnouncementValues,
  toAnnouncementBody,
  validateAnnouncement,
  type AnnouncementFormValues,
} from './announcement-form';
import { announcementsQuery, stateFilterOf } from './announcements-query';
import { tEnglish } from '@/lib/translate.fixture';

// The English catalogue: each check reads as the sentence the page shows, naming its field.
const t = tEnglish;
const now = new Date('2026-06-01T10:15:20Z');

const values = (extra: Partial<AnnouncementFormValues> = {}): AnnouncementFormValues => ({
  ...newAnnouncementValues('2026-06-01T10:15'),
  text: '<p>Hello</p>',
  ...extra,
});

describe('newAnnouncementValues', () => {
  it('publishes at the next quarter hour, for a week', () => {
    expect(newAnnouncementValues('2026-06-01T10:15')).toMatchObject({
      publish_date: '2026-06-01',
      publish_time: '10:30',
      expires_date: '2026-06-08',
      expires_time: '10:30',
    });
    expect(newAnnouncementValues('2026-12-31T23:50')).toMatchObject({
      publish_date: '2027-01-01',
      publish_time: '00:00',
      expires_date: '2027-01-08',
    });
  });
});

describe('toAnnouncementBody', () => {
  it('joins each date and time into one reading and sends an empty URL as none', () => {
    expect(toAnnouncementBody(values({ url: '  ' }))).toMatchObject({
      url: null,
      publish_at: '2026-06-01T10:30',
      expires_at: '2026-06-08T10:30',
    });
  });
});

describe('validateAnnouncement', () => {
  const check = (v: AnnouncementFormValues, timeZone = 'UTC', initial?: AnnouncementFormValues) =>
    validateAnnouncement(v, { timeZone, now, initial }, t);

  it('accepts a good announcement', () => {
    expect(check(values())).toEqual({});
  });

  it('names the field of each problem, as the server does', () => {
    expect(check(values({ text: '<p><br></p>', url: 'javascript:alert(1)' }))).toEqual({
      text: 'Write the announcement: it cannot be empty.',
      url: 'The URL must be a web address starting with http:// or https://.',
    });
    expect(check(values({ publish_date: null }))).toHaveProperty('publish_date');
    expect(check(values({ publish_time: '10:14' })).publish_date).toBe(
      'The publish date and time cannot be in the past.',
    );
    expect(check(values({ expires_date: '2026-06-01', expires_time: '10:30' })).expires_date).toBe(
      'The expiry date and time must be after the publish date and time.',
    );
  });

  it('checks the past on the company’s clock', () => {
    // 10:15 UTC is 19:15 in Tokyo: 12:00 there has passed.
    expect(
      check(values({ publish_time: '12:00', expires_time: '23:00', expires_date: '2026-06-01' }), 'Asia/Tokyo'),
    ).toEqual({
      publish_date: 'The publish date and time cannot be in the past.',
    });
  });

  it('lets a time kept from before lie in the past', () => {
    const initial = values({ publish_time: '09:00' });
    expect(check(initial, 'UTC', initial)).toEqual({});
  });
});

describe('formatReading', () => {
  it('reads DD/MM/YYYY HH:mm', () => {
    expect(formatReading('2026-06-01T09:05')).toBe('01/06/2026 09:05');
    expect(formatReading('nonsense')).toBe('nonsense');
  });
});

describe('announcementsQuery', () => {
  const state = (filters: Record<string, string>, sorting: { id: string; desc: boolean }[] = []) => ({
    state: {
      columnVisibility: {},
      columnOrder: [],
      columnSizing: {},
      sorting,
      filters,
      search: '',
      pageSize: 10 as const,
    },
    pageIndex: 1,
    search: 'fire',
  });

  it('asks for the page, the search, the state and the sort', () => {
    expect(announcementsQuery(state({ state: 'active' }, [{ id: 'expires_at', desc: false }]))).toEqual({
      page: 2,
      limit: 10,
      search: 'fire',
      state: 'active',
      sortField: 'expires_at',
      orderBy: 'asc',
    });
    expect(announcementsQuery(state({}))).toMatchObject({ state: 'all', sortField: 'publish_at', orderBy: 'desc' });
    expect(stateFilterOf(state({ state: 'soon' }))).toBe('all');
  });
});
