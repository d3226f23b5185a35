import { describe, expect, it } from 'vitest';
import type { KioskAnnouncement } from '@app/shared/kiosks/device-data';
import type { Flow } from '@app/shared/journeys/schemas';
import {
  announcementsFor,
  dimOpacity,
  doorMessage,
  formatKioskDate,
  signActions,
  volumeLevel,
  welcomeFlow,
} from './kiosk-display';

describe('dimOpacity', () => {
  it('does not dim at full brightness and dims more as brightness goes down', () => {
    expect(dimOpacity(100)).toBe(0);
    expect(dimOpacity(80)).toBeCloseTo(0.17);
    expect(dimOpacity(40)).toBeGreaterThan(dimOpacity(80));
  });

  it('keeps the screen readable at brightness 0 and clamps what is out of range', () => {
    expect(dimOpacity(0)).toBe(0.85);
    expect(dimOpacity(-5)).toBe(0.85);
    expect(dimOpacity(140)).toBe(0);
  });
});

describe('volumeLevel', () => {
  it('turns 0–100 into 0–1, clamped', () => {
    expect(volumeLevel(50)).toBe(0.5);
    expect(volumeLevel(0)).toBe(0);
    expect(volumeLevel(120)).toBe(1);
  });
});

describe('signActions', () => {
  it('shows what the sign in/out mode allows', () => {
    expect(signActions('sign_in_sign_out')).toEqual({ signIn: true, signOut: true });
    expect(signActions('sign_in_only')).toEqual({ signIn: true, signOut: false });
    expect(signActions('sign_out_only')).toEqual({ signIn: false, signOut: true });
  });
});

describe('formatKioskDate', () => {
  const date = new Date('2026-03-07T22:30:00Z');

  it('writes each of the three formats', () => {
    expect(formatKioskDate(date, 'yyyy-MM-dd', 'UTC')).toBe('2026-03-07');
    expect(formatKioskDate(date, 'dd-MM-yyyy', 'UTC')).toBe('07-03-2026');
    expect(formatKioskDate(date, 'MM-dd-yyyy', 'UTC')).toBe('03-07-2026');
  });

  it('gives the company’s day in its time zone', () => {
    expect(formatKioskDate(date, 'yyyy-MM-dd', 'Asia/Dubai')).toBe('2026-03-08');
    expect(formatKioskDate(date, 'yyyy-MM-dd', 'America/New_York')).toBe('2026-03-07');
  });

  it('falls back to the tablet’s zone for a zone it does not know', () => {
    expect(formatKioskDate(date, 'yyyy-MM-dd', 'Nowhere/Nothing')).toMatch(/^2026-03-0[78]$/);
  });
});

describe('doorMessage', () => {
  it('leaves out the person’s name, which is not known at the door', () => {
    expect(doorMessage('Welcome, {name}!')).toBe('Welcome!');
    expect(doorMessage('Hello {name}, welcome to Acme.')).toBe('Hello, welcome to Acme.');
    expect(doorMessage('{name}, welcome')).toBe('welcome');
    expect(doorMessage('Welcome to Acme')).toBe('Welcome to Acme');
    expect(doorMessage('')).toBe('');
  });
});

const flow = (id: string, userTypeId: string, method: Flow['user_type']['registration_method']) =>
  ({ id, user_type: { id: userTypeId, name: userTypeId, registration_method: method } }) as Flow;

describe('welcomeFlow', () => {
  it('greets with the flow of walk-in visitors, else the first', () => {
    const staff = flow('f1', 'staff', 'pre_registered_by_admin');
    const visitor = flow('f2', 'visitor', 'registration_allowed');
    expect(welcomeFlow([staff, visitor])).toBe(visitor);
    expect(welcomeFlow([staff])).toBe(staff);
    expect(welcomeFlow([])).toBeNull();
  });
});

describe('announcementsFor', () => {
  const a = (id: string, types: string[]) => ({ id, user_type_ids: types }) as unknown as KioskAnnouncement;
  const list = [a('urgent-all', []), a('staff-only', ['staff']), a('visitors', ['visitor', 'staff']), a('all', [])];

  it('keeps those for everyone and for the greeted user type, in the bundle’s order', () => {
    expect(announcementsFor(list, 'visitor').map((x) => x.id)).toEqual(['urgent-all', 'visitors', 'all']);
  });

  it('keeps only those for everyone without a user type', () => {
    expect(announcementsFor(list, null).map((x) => x.id)).toEqual(['urgent-all', 'all']);
  });
});
