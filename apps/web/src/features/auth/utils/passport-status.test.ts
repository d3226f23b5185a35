import { describe, expect, it } from 'vitest';
import type { PassportStatus } from '@app/shared/auth/passport';
import { passportActionFor, passportAppHref } from './passport-status';

const BASE = 'http://acme.localhost:5173';
const status = (overrides: Partial<PassportStatus>): PassportStatus => ({
  passport_url: 'http://localhost:3001',
  linked: true,
  active: true,
  days_deactivated: null,
  ...overrides,
});

describe('passportAppHref', () => {
  it('hands on the journey and add-visitor values, and nothing else', () => {
    expect(passportAppHref('http://localhost:3001', '?journey=12&add_visitor=true&token=secret', BASE)).toBe(
      'http://localhost:3001/?journey=12&add_visitor=true',
    );
    expect(passportAppHref('http://localhost:3001/', '', BASE)).toBe('http://localhost:3001/');
  });

  it('keeps the passport address its own path and query', () => {
    expect(passportAppHref('https://passport.example/app?x=1', 'journey=a%20b', BASE)).toBe(
      'https://passport.example/app?x=1&journey=a+b',
    );
  });

  it('resolves a relative passport address on this origin', () => {
    expect(passportAppHref('/passport-app/', '?add_visitor=1', BASE)).toBe(`${BASE}/passport-app/?add_visitor=1`);
  });
});

describe('passportActionFor', () => {
  it('opens the passport app for an active passport', () => {
    expect(passportActionFor(status({}), '?journey=3', BASE)).toEqual({
      kind: 'open',
      href: 'http://localhost:3001/?journey=3',
    });
  });

  it('signs in through the passport when none is linked', () => {
    expect(passportActionFor(status({ linked: false, active: false }), '', BASE)).toEqual({ kind: 'sign-in' });
  });

  it('offers reactivation for a deactivated passport, with the days since', () => {
    expect(passportActionFor(status({ active: false, days_deactivated: 4 }), '', BASE)).toEqual({
      kind: 'reactivate',
      days: 4,
    });
  });
});
