import { describe, expect, it } from 'vitest';
import {
  KIOSK_STORAGE_KEY,
  forgetDeviceToken,
  pairingPageUrl,
  parseStoredToken,
  readDeviceToken,
} from './device-token';

const registered = {
  kind: 'registered',
  device: { mac: 'aa:bb:cc:dd:ee:ff', version: '3.2.1' },
  token: 'tok-123',
  registration: { kiosk_id: 'k1', name: 'Lobby', company_name: 'Acme', site_name: 'HQ', area_name: 'Hall' },
};

describe('parseStoredToken', () => {
  it('reads the token the pairing page stored once registered', () => {
    expect(parseStoredToken(JSON.stringify(registered))).toEqual({
      token: 'tok-123',
      registration: registered.registration,
      version: '3.2.1',
    });
  });

  it('has no token while pairing, with nothing stored, or with garbage', () => {
    expect(parseStoredToken(JSON.stringify({ kind: 'pairing', code: 'ABC', secret: 's' }))).toBeNull();
    expect(parseStoredToken(null)).toBeNull();
    expect(parseStoredToken('{not json')).toBeNull();
    expect(parseStoredToken('"text"')).toBeNull();
    expect(parseStoredToken(JSON.stringify({ kind: 'registered', token: '' }))).toBeNull();
  });
});

describe('the stored token', () => {
  it('is read from and forgotten in the pairing page’s key', () => {
    const store = new Map<string, string>([[KIOSK_STORAGE_KEY, JSON.stringify(registered)]]);
    const storage = { getItem: (k: string) => store.get(k) ?? null, removeItem: (k: string) => void store.delete(k) };
    expect(readDeviceToken(storage)?.token).toBe('tok-123');
    forgetDeviceToken(storage);
    expect(readDeviceToken(storage)).toBeNull();
  });

  it('sends the tablet to the pairing page saying the kiosk app sent it', () => {
    expect(pairingPageUrl('0.1.0')).toBe('/kiosk-register?from=kiosk&version=0.1.0');
  });
});
