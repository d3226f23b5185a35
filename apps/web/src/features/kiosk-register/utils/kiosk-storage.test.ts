import { describe, expect, it } from 'vitest';
import { isSameDevice, KIOSK_STORAGE_KEY, readStoredKiosk, writeStoredKiosk, type StoredKiosk } from './kiosk-storage';

const memory = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

const pairing: StoredKiosk = {
  kind: 'pairing',
  device: { mac: 'aa:bb:cc:00:11:f2', version: '3.1.0' },
  code: 'K7M4QX',
  secret: 'secret',
  deadline: 1_700_000_000_000,
};

describe('kiosk storage', () => {
  it('round-trips what it stores and forgets it', () => {
    const storage = memory();
    writeStoredKiosk(pairing, storage);
    expect(readStoredKiosk(storage)).toEqual(pairing);
    writeStoredKiosk(null, storage);
    expect(readStoredKiosk(storage)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    const storage = memory();
    storage.setItem(KIOSK_STORAGE_KEY, '{not json');
    expect(readStoredKiosk(storage)).toBeNull();
    storage.setItem(KIOSK_STORAGE_KEY, JSON.stringify({ kind: 'registered', token: 'x' }));
    expect(readStoredKiosk(storage)).toBeNull();
  });

  it('belongs to the device the kiosk app names, or to any when it names none', () => {
    expect(isSameDevice(pairing, null)).toBe(true);
    expect(isSameDevice(pairing, { mac: 'aa:bb:cc:00:11:f2', version: null })).toBe(true);
    expect(isSameDevice(pairing, { mac: '02:00:00:00:00:01', version: null })).toBe(false);
  });
});
