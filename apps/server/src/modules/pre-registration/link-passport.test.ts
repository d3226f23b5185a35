import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env';
import { passportUrlOf } from './link-passport';

describe('passportUrlOf', () => {
  it('names the passport this process runs, or the one PASSPORT_URL names elsewhere', () => {
    expect(passportUrlOf(loadEnv({}))).toBe('http://localhost:3001');
    expect(passportUrlOf(loadEnv({ PASSPORT_PORT: '4001' }))).toBe('http://localhost:4001');
    expect(passportUrlOf(loadEnv({ PASSPORT: 'false', PASSPORT_URL: 'https://passport.example/' }))).toBe(
      'https://passport.example',
    );
  });

  it('offers none when no process runs it and no address names it', () => {
    expect(passportUrlOf(loadEnv({ PASSPORT: 'false' }))).toBeNull();
  });
});
