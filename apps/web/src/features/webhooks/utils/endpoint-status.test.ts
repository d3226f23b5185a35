import { describe, expect, it } from 'vitest';
import { endpointState, previousSecretSigns } from './endpoint-status';

describe('an endpoint’s state', () => {
  it('is enabled, or disabled for its reason (by an admin when none is given)', () => {
    expect(endpointState({ enabled: true, disabled_reason: null })).toBe('enabled');
    expect(endpointState({ enabled: false, disabled_reason: 'gone' })).toBe('gone');
    expect(endpointState({ enabled: false, disabled_reason: 'failing' })).toBe('failing');
    expect(endpointState({ enabled: false, disabled_reason: 'manual' })).toBe('manual');
    expect(endpointState({ enabled: false, disabled_reason: null })).toBe('manual');
  });

  it('knows whether the previous secret still signs', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(previousSecretSigns({ previous_secret_until: null }, now)).toBe(false);
    expect(previousSecretSigns({ previous_secret_until: '2026-03-02T12:00:00Z' }, now)).toBe(true);
    expect(previousSecretSigns({ previous_secret_until: '2026-03-01T11:59:59Z' }, now)).toBe(false);
  });
});
