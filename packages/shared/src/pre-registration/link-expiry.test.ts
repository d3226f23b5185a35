import { describe, expect, it } from 'vitest';
import { linkExpiry, linkExpiryMessageKey, type LinkVisit } from './link-expiry';

const at = (iso: string) => new Date(iso);
const visit = (over: Partial<LinkVisit> = {}): LinkVisit => ({
  state: 'expected',
  stage: 'ready_to_sign_in',
  expectedAt: at('2026-05-04T09:00:00Z'),
  confirmedAt: null,
  signOutSource: null,
  gracePeriodMinutes: 30,
  ...over,
});
const before = at('2026-05-04T08:00:00Z');

describe('link expiry', () => {
  it('keeps a live expected visit open until its time plus the grace period', () => {
    expect(linkExpiry(visit(), 'confirm', before)).toBeNull();
    expect(linkExpiry(visit(), 'confirm', at('2026-05-04T09:30:00Z'))).toBeNull();
    expect(linkExpiry(visit(), 'confirm', at('2026-05-04T09:30:01Z'))).toBe('VISIT_EXPIRED');
    expect(linkExpiry(visit({ gracePeriodMinutes: 120 }), 'compliance', at('2026-05-04T10:59:00Z'))).toBeNull();
  });

  it('names deleted, rejected, arrived and system-ended visits', () => {
    expect(linkExpiry(visit({ state: 'cancelled' }), 'confirm', before)).toBe('VISIT_DELETED');
    expect(linkExpiry(visit({ stage: 'rejected' }), 'confirm', before)).toBe('VISIT_REJECTED');
    expect(linkExpiry(visit({ state: 'on_site' }), 'confirm', before)).toBe('VISIT_ARRIVED');
    expect(linkExpiry(visit({ state: 'left', signOutSource: 'kiosk' }), 'compliance', before)).toBe('VISIT_ARRIVED');
    expect(linkExpiry(visit({ state: 'checked_in' }), 'confirm', before)).toBe('VISIT_ARRIVED');
    expect(linkExpiry(visit({ state: 'left', signOutSource: 'auto_midnight' }), 'confirm', before)).toBe(
      'SCAN_EXPIRED',
    );
  });

  it('expires a confirmation link once confirmed, but not the compliance link', () => {
    const confirmed = visit({ confirmedAt: at('2026-05-03T10:00:00Z') });
    expect(linkExpiry(confirmed, 'confirm', before)).toBe('VISIT_CONFIRMED');
    expect(linkExpiry(confirmed, 'compliance', before)).toBeNull();
  });

  it('gives each reason its message for each kind of link', () => {
    expect(linkExpiryMessageKey('VISIT_REJECTED', 'confirm')).toBe('pre_registration_expired.visit_rejected');
    expect(linkExpiryMessageKey('VISIT_EXPIRED', 'compliance')).toBe(
      'pre_registration_compliance_expired.visit_expired',
    );
    expect(linkExpiryMessageKey('LINK_INVALID', 'compliance')).toBe('pre_registration_expired.link_invalid');
  });
});
