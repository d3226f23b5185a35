import { describe, expect, it } from 'vitest';
import { passportCodeOf } from './passport-code';

describe('passportCodeOf', () => {
  it('reads the first segment of /sso', () => {
    expect(passportCodeOf('/sso/abc123', '')).toBe('abc123');
    expect(passportCodeOf('/sso/abc123/', '')).toBe('abc123');
    expect(passportCodeOf('/sso/abc123/atex/0190a8c4-0000-7000-8000-000000000001/10.0.0.1', '')).toBe('abc123');
  });

  it('decodes the segment as the server encoded it', () => {
    expect(passportCodeOf('/sso/a%2Bb%3D', '')).toBe('a+b=');
    expect(passportCodeOf('/sso/%E0%A4%A', '')).toBe('%E0%A4%A');
  });

  it('ignores the query on /sso', () => {
    expect(passportCodeOf('/sso/abc', '?token=other')).toBe('abc');
  });

  it('reads ?token= on /login-one-time', () => {
    expect(passportCodeOf('/login-one-time', '?token=xyz789')).toBe('xyz789');
    expect(passportCodeOf('/login-one-time', 'token=xyz789&lang=ar')).toBe('xyz789');
  });

  it('finds none when the address has none', () => {
    expect(passportCodeOf('/sso', '')).toBeNull();
    expect(passportCodeOf('/sso/', '')).toBeNull();
    expect(passportCodeOf('/login-one-time', '')).toBeNull();
    expect(passportCodeOf('/login-one-time', '?token=%20')).toBeNull();
  });
});
