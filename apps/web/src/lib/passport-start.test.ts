import { describe, expect, it } from 'vitest';
import { passportStartHref } from './passport-start';

describe('passportStartHref', () => {
  it('opens the server start of the passport sign-in', () => {
    expect(passportStartHref()).toBe('/api/v1/auth/passport/start');
    expect(passportStartHref({ subdomain: null })).toBe('/api/v1/auth/passport/start');
  });

  it('names the company and asks for two-step when told', () => {
    expect(passportStartHref({ subdomain: 'acme' })).toBe('/api/v1/auth/passport/start?subdomain=acme');
    expect(passportStartHref({ subdomain: 'acme', forceOtp: true })).toBe(
      '/api/v1/auth/passport/start?force_otp=1&subdomain=acme',
    );
    expect(passportStartHref({ forceOtp: false })).toBe('/api/v1/auth/passport/start');
  });

  it('encodes the subdomain', () => {
    expect(passportStartHref({ subdomain: 'a&b' })).toBe('/api/v1/auth/passport/start?subdomain=a%26b');
  });
});
