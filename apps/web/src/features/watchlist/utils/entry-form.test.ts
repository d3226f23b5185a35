import { describe, expect, it } from 'vitest';
import type { WatchlistEntry } from '@app/shared/watchlist/schemas';
import { tEnglish } from '@/lib/translate.fixture';
import { emptyEntryValues, entryBody, entryFormErrors, entryFormValues } from './entry-form';

// The form's own words, as the English catalogue has them.
const t = (key: string, vars?: Record<string, string | number>) =>
  key === 'watchlist:form.alias_empty'
    ? 'Type the alias, or remove this line.'
    : key === 'watchlist:form.date_invalid'
      ? 'Enter a real day as DD/MM/YYYY.'
      : tEnglish(key, vars);

const filled = { ...emptyEntryValues(), full_name: 'Mohammed Al-Rashid', reason: 'Banned by security' };

describe('the entry form', () => {
  it('sends the values as typed, the date read from DD/MM/YYYY, empty details as nothing', () => {
    expect(entryBody({ ...filled, aliases: ['محمد الرشيد'], date_of_birth: '31/01/1980' })).toEqual({
      level: 'deny',
      full_name: 'Mohammed Al-Rashid',
      aliases: ['محمد الرشيد'],
      email: '',
      phone: '',
      company_name: '',
      date_of_birth: '1980-01-31',
      reason: 'Banned by security',
    });
    expect(entryBody(filled).date_of_birth).toBeNull();
  });

  it('opens an entry with its date as DD/MM/YYYY and its empty details blank', () => {
    const entry: WatchlistEntry = {
      id: '00000000-0000-4000-8000-000000000001',
      level: 'review',
      full_name: 'Zed Keeper',
      aliases: ['Z'],
      email: null,
      phone: '+44 20 7946 0000',
      company_name: null,
      date_of_birth: '1980-01-31',
      reason: 'Watch',
      image: null,
      added_by: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    expect(entryFormValues(entry)).toEqual({
      level: 'review',
      full_name: 'Zed Keeper',
      aliases: ['Z'],
      email: '',
      phone: '+44 20 7946 0000',
      company_name: '',
      date_of_birth: '31/01/1980',
      reason: 'Watch',
    });
  });

  it('takes a complete entry', () => {
    expect(entryFormErrors(filled, t)).toEqual({});
    expect(
      entryFormErrors({ ...filled, aliases: ['Abu Salem'], email: 'm@x.test', date_of_birth: '1980-01-31' }, t),
    ).toEqual({});
  });

  it('says under each field what is missing or wrong, and never changes what was typed', () => {
    const values = {
      ...emptyEntryValues(),
      aliases: ['Abu Salem', '  '],
      email: 'not an email',
      phone: '020 ABC',
      date_of_birth: '31/02/1980',
    };
    const before = structuredClone(values);
    const errors = entryFormErrors(values, t);
    expect(errors).toEqual({
      full_name: 'Name is required.',
      reason: 'Reason is required.',
      'aliases.1': 'Type the alias, or remove this line.',
      email: expect.any(String),
      phone: expect.any(String),
      date_of_birth: 'Enter a real day as DD/MM/YYYY.',
    });
    expect(values).toEqual(before);
  });

  it('refuses a name longer than the limit rather than cutting it', () => {
    expect(entryFormErrors({ ...filled, full_name: 'x'.repeat(121) }, t).full_name).toBe(
      'Name must be at most 120 characters.',
    );
  });
});
