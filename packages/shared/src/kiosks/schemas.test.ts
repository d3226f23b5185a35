import { describe, expect, it } from 'vitest';
import { fieldMessage } from '../http/field-messages';
import {
  addKioskBodySchema,
  convertTemperature,
  createPairingBodySchema,
  formatPairingCode,
  kioskSettingsSchema,
  macAddressSchema,
  normaliseMac,
  pairingCodeSchema,
} from './schemas';

const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error!.issues[0]!;

describe('MAC addresses', () => {
  it('accepts the usual forms and stores one: lower case with colons', () => {
    for (const form of [
      'AA:BB:CC:0D:EE:FF',
      'aa-bb-cc-0d-ee-ff',
      'aabb.cc0d.eeff',
      'AABBCC0DEEFF',
      ' aa:bb:cc:0d:ee:ff ',
    ]) {
      expect(macAddressSchema.parse(form)).toBe('aa:bb:cc:0d:ee:ff');
    }
    expect(normaliseMac('01-23-45-67-89-AB')).toBe('01:23:45:67:89:ab');
  });

  it('refuses mixed separators, wrong lengths, non-hex digits and unusable addresses', () => {
    for (const bad of [
      'aa:bb-cc:dd:ee:ff',
      'aa:bb:cc:dd:ee',
      'gg:bb:cc:dd:ee:ff',
      'aabbccddeeff00',
      '00:00:00:00:00:00',
      'FF-FF-FF-FF-FF-FF',
    ]) {
      const result = macAddressSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(fieldMessage(firstIssue(result) as never).key).toBe('errors:invalid_mac');
    }
  });
});

describe('pairing codes', () => {
  it('reads a code however it is typed and shows it in two groups', () => {
    expect(pairingCodeSchema.parse('k7m-4qx')).toBe('K7M4QX');
    expect(pairingCodeSchema.parse(' K7M 4QX ')).toBe('K7M4QX');
    expect(formatPairingCode('K7M4QX')).toBe('K7M 4QX');
  });

  it('refuses letters that look alike and wrong lengths', () => {
    for (const bad of ['K7M4Q0', 'K7M4QI', 'K7M4Q', 'K7M4QXX'])
      expect(pairingCodeSchema.safeParse(bad).success).toBe(false);
    const empty = addKioskBodySchema.safeParse({
      code: '',
      name: 'Lobby',
      area_id: '01890a5d-ac96-774b-bcce-b302099a8057',
    });
    expect(firstIssue(empty).path).toEqual(['code']);
  });
});

describe('kiosk settings', () => {
  it('fills every default: fire alarm off, relay 0, 36 °C', () => {
    expect(kioskSettingsSchema.parse({})).toEqual({
      sign_mode: 'sign_in_sign_out',
      fire_alarm: false,
      door_relay: 0,
      brightness: 80,
      volume: 50,
      date_format: 'yyyy-MM-dd',
      temperature_unit: 'C',
      default_temperature: 36,
      offline_hours: 24,
      language: 'en',
    });
    expect(kioskSettingsSchema.safeParse({ offline_hours: 0 }).success).toBe(false);
    expect(kioskSettingsSchema.safeParse({ offline_hours: 169 }).success).toBe(false);
    expect(kioskSettingsSchema.parse({ temperature_unit: 'F' }).default_temperature).toBe(96.8);
  });

  it('refuses values outside the spec, naming the field', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ door_relay: 3 }, 'door_relay', 'errors:field.invalid_value'],
      [{ brightness: 101 }, 'brightness', 'errors:field.too_big'],
      [{ volume: -1 }, 'volume', 'errors:field.too_small'],
      [{ brightness: 50.5 }, 'brightness', 'errors:field.invalid_type'],
      [{ date_format: 'dd/MM/yyyy' }, 'date_format', 'errors:field.invalid_value'],
      [{ temperature_unit: 'K' }, 'temperature_unit', 'errors:field.invalid_value'],
      [{ default_temperature: 96 }, 'default_temperature', 'errors:field.too_big'],
      [{ temperature_unit: 'F', default_temperature: 36 }, 'default_temperature', 'errors:field.too_small'],
    ];
    for (const [input, field, key] of cases) {
      const result = kioskSettingsSchema.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      const issue = firstIssue(result);
      expect(issue.path).toEqual([field]);
      expect(fieldMessage(issue as never).key, JSON.stringify(input)).toBe(key);
    }
  });

  it('converts a temperature between units, one decimal', () => {
    expect(convertTemperature(36, 'C', 'F')).toBe(96.8);
    expect(convertTemperature(96.8, 'F', 'C')).toBe(36);
    expect(convertTemperature(37.5, 'C', 'C')).toBe(37.5);
    expect(convertTemperature(100.4, 'F', 'C')).toBe(38);
  });
});

describe('pairing request', () => {
  it('normalises the MAC address and accepts no app version', () => {
    expect(createPairingBodySchema.parse({ mac_address: 'AA-BB-CC-DD-EE-01' })).toEqual({
      mac_address: 'aa:bb:cc:dd:ee:01',
    });
    expect(createPairingBodySchema.safeParse({ mac_address: 'aa:bb:cc:dd:ee:01', app_version: 'v 1' }).success).toBe(
      false,
    );
  });
});
