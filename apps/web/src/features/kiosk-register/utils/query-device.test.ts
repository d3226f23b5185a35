import { describe, expect, it } from 'vitest';
import { deviceFromQuery } from './query-device';

describe('deviceFromQuery', () => {
  it('normalises a MAC address and keeps a valid version', () => {
    expect(deviceFromQuery('AA-BB-CC-00-11-F2', '3.1.0')).toEqual({
      kind: 'device',
      device: { mac: 'aa:bb:cc:00:11:f2', version: '3.1.0' },
    });
    expect(deviceFromQuery('aabbcc0011f2', null)).toEqual({
      kind: 'device',
      device: { mac: 'aa:bb:cc:00:11:f2', version: null },
    });
  });

  it('drops a version that is not one', () => {
    expect(deviceFromQuery('aa:bb:cc:00:11:f2', '3.1 beta!')).toEqual({
      kind: 'device',
      device: { mac: 'aa:bb:cc:00:11:f2', version: null },
    });
  });

  it('asks for the address when none or a wrong one is given', () => {
    expect(deviceFromQuery(null, '1.0')).toEqual({ kind: 'missing' });
    expect(deviceFromQuery('  ', null)).toEqual({ kind: 'missing' });
    expect(deviceFromQuery('aa:bb:cc', '1.0')).toEqual({ kind: 'invalid', mac: 'aa:bb:cc', version: '1.0' });
    expect(deviceFromQuery('00:00:00:00:00:00', null)).toEqual({
      kind: 'invalid',
      mac: '00:00:00:00:00:00',
      version: '',
    });
  });
});
