import { describe, expect, it } from 'vitest';
import type { HolderProfile } from '@app/shared/passport/holder-profile';
import {
  fillEmptyFields,
  hasPassportFragment,
  passportShareUrl,
  passportTokenIn,
  passportVisitsUrl,
  splitPhone,
} from './passport-fill';
import type { VisitorValues } from './registration-form';

const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhIn0.c2lnbmF0dXJl_-';

const empty: VisitorValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone_code: '',
  phone: '',
  company_name: '',
  host_message: '',
  custom_fields: {},
};

const profile: HolderProfile = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  phone: '+971501234567',
  has_photo: true,
};

describe('the passport fragment', () => {
  it('reads the holder token of #passport=', () => {
    expect(passportTokenIn(`#passport=${TOKEN}`)).toBe(TOKEN);
    expect(passportTokenIn(`#other=1&passport=${TOKEN}`)).toBe(TOKEN);
    expect(hasPassportFragment(`#passport=${TOKEN}`)).toBe(true);
  });

  it('reads nothing else as a token, yet still takes a malformed one out of the address', () => {
    expect(passportTokenIn('')).toBeNull();
    expect(passportTokenIn('#section-2')).toBeNull();
    expect(hasPassportFragment('#section-2')).toBe(false);
    for (const bad of [
      '#passport=',
      '#passport=not-a-token',
      '#passport=a.b.c<script>',
      `#passport=${'a'.repeat(2001)}.b.c`,
    ]) {
      expect(passportTokenIn(bad), bad).toBeNull();
      expect(hasPassportFragment(bad), bad).toBe(true);
    }
  });
});

describe('the passport pages the forms link to', () => {
  it('offers /share for a link id of letters, digits, - and _ only', () => {
    expect(passportShareUrl('https://passport.example', 'Ab_9-x')).toBe('https://passport.example/share?link=Ab_9-x');
    expect(passportShareUrl('http://localhost:3001', 'tok')).toBe('http://localhost:3001/share?link=tok');
    expect(passportShareUrl(null, 'tok')).toBeNull();
    expect(passportShareUrl('https://passport.example', 'a/b')).toBeNull();
    expect(passportShareUrl('https://passport.example', '')).toBeNull();
    expect(passportShareUrl('https://passport.example', 'x'.repeat(201))).toBeNull();
  });

  it("goes back to the holder's visits", () => {
    expect(passportVisitsUrl('https://passport.example')).toBe('https://passport.example/visits');
  });
});

describe('splitPhone', () => {
  it('splits an international number at its calling code, the longest that fits', () => {
    expect(splitPhone('+971501234567')).toEqual({ phone_code: '971', phone: '501234567' });
    expect(splitPhone('+447700900123')).toEqual({ phone_code: '44', phone: '7700900123' });
    expect(splitPhone('+12025550123')).toEqual({ phone_code: '1', phone: '2025550123' });
  });

  it('keeps a number without + whole, and one of no known code without a code', () => {
    expect(splitPhone('0501234567')).toEqual({ phone_code: '', phone: '0501234567' });
    expect(splitPhone('+999123456')).toEqual({ phone_code: '', phone: '999123456' });
  });
});

describe('fillEmptyFields', () => {
  it('fills every empty field from the passport', () => {
    expect(fillEmptyFields(empty, profile)).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      phone_code: '971',
      phone: '501234567',
    });
  });

  it('never overwrites what is typed already', () => {
    const typed = { ...empty, first_name: 'Augusta', email: 'me@example.test', phone_code: '971', phone: '55' };
    expect(fillEmptyFields(typed, profile)).toEqual({ last_name: 'Lovelace' });
    expect(fillEmptyFields({ ...empty, first_name: '  ' }, profile).first_name).toBe('Ada');
  });

  it('fills the number under the same country code only, and keeps a chosen code', () => {
    expect(fillEmptyFields({ ...empty, phone_code: '+971' }, profile)).toMatchObject({ phone: '501234567' });
    expect(fillEmptyFields({ ...empty, phone_code: '971' }, profile).phone_code).toBeUndefined();
    expect(fillEmptyFields({ ...empty, phone_code: '44' }, profile)).not.toHaveProperty('phone');
    expect(fillEmptyFields({ ...empty, phone_code: '44' }, { ...profile, phone: '07700900123' })).toMatchObject({
      phone: '07700900123',
    });
  });

  it('leaves out what the passport does not have', () => {
    expect(fillEmptyFields(empty, { ...profile, phone: null })).not.toHaveProperty('phone');
  });
});
