import { describe, expect, it } from 'vitest';
import type { KioskJourneyBundle } from '@app/shared/kiosks/device-data';
import { KIOSK_SETTINGS_DEFAULTS } from '@app/shared/kiosks/schemas';
import { complianceFlags, defaultFlowSettings } from '@app/shared/journeys/flow-settings';
import type { Flow } from '@app/shared/journeys/schemas';
import { ID } from '@app/shared/visits/sign-in-preview.fixture';
import { flowSteps } from './steps';
import { offlinePreview } from './offline-preview';

const OTHER_TYPE = '0190f6a0-0000-7000-8000-0000000000c2';
const FLOW = '0190f6a0-0000-7000-8000-0000000000c9';

function flow(over: Partial<Flow['checks']> = {}, hosts: Flow['hosts'] = []): Flow {
  const settings = defaultFlowSettings();
  const checks = { ...settings.checks, ...over };
  return {
    ...settings,
    checks,
    host_note: 'Ask at the desk',
    id: FLOW,
    journey_id: ID.site,
    journey_name: 'Front door',
    user_type: { id: ID.type, name: 'Visitors', registration_method: 'registration_allowed' },
    hosts,
    compliances: [{ id: ID.health, name: 'Health check', format: 'question', version: 1, required: true }],
    attendance_modes: [],
    compliance_flags: complianceFlags({ ...settings, checks }, { complianceCount: 1, touchMode: true }),
    editable: true,
    updated_at: '2025-03-10T08:00:00Z',
  };
}

function bundle(flows: Flow[], loginMode: 'signIn_signOut' | 'checkIn_only' = 'signIn_signOut'): KioskJourneyBundle {
  return {
    kiosk: { id: ID.area, name: 'Door', settings: { ...KIOSK_SETTINGS_DEFAULTS }, logging: false },
    area: { id: ID.area, name: 'Reception', login_mode: loginMode },
    site: { id: ID.site, name: 'HQ' },
    company: { id: ID.site, name: 'Acme', timezone: 'Asia/Dubai' },
    logo: false,
    journey: null,
    flows,
    announcements: [],
    watchlist: { salt: 's', deny: [], review: [], notify: [] },
    fetched_at: '2025-03-10T08:00:00Z',
  };
}

const ada = {
  id: ID.ada,
  first_name: 'Ada',
  last_name: 'Tester',
  user_type_ids: [OTHER_TYPE, ID.type],
  has_photo: false,
};
const AT = new Date('2025-03-10T10:05:00Z');

describe('offlinePreview', () => {
  it('takes the flow of the first of the person’s user types that has one, on the company’s clock', () => {
    const preview = offlinePreview(bundle([flow()]), ada, 'sign_in', null, AT);
    const p = preview.people[0]!;
    expect(p.journey_flow_id).toBe(FLOW);
    expect(p.user_type).toEqual({ id: ID.type, name: 'Visitors' });
    expect(p.full_name).toBe('Ada Tester');
    expect(preview.now).toBe('2025-03-10 14:05');
  });

  it('asks the flow’s checks and hosts but no compliance the server alone can judge', () => {
    const host = { id: ID.host, full_name: 'Hana Host', email: null };
    const p = offlinePreview(
      bundle([flow({ temperature_check: true, mask_check: true, host: true }, [host])]),
      ada,
      'sign_in',
      null,
      AT,
    ).people[0]!;
    expect(p.checks.temperature).toEqual({ threshold_c: 37.5, default_reading_c: 36 });
    expect(p.checks.mask).toBe(true);
    expect(p.host).toMatchObject({
      required: true,
      select_host_permitted: true,
      options: [host],
      note: 'Ask at the desk',
    });
    expect(p.compliances).toEqual([]);
    expect(flowSteps(p).map((s) => s.kind)).toEqual(['checks', 'host']);
  });

  it('lets a host step with no hosts to choose from be skipped', () => {
    const p = offlinePreview(bundle([flow({ host: true })]), ada, 'sign_in', null, AT).people[0]!;
    expect(p.host).toMatchObject({ required: false, allow_not_select_host: true });
  });

  it('signs out by the button the person came by, asking nothing of a sign-in', () => {
    const p = offlinePreview(bundle([flow({ temperature_check: true, host: true })]), ada, 'sign_out', null, AT)
      .people[0]!;
    expect(p).toMatchObject({ action: 'sign_out', signed_in: true, badge_label: 'sign_out', host: null });
    expect(p.checks).toEqual({ temperature: null, mask: false });
    expect(p.reasons.type).toBe('early_sign_out');
  });

  it('checks in at a check-in-only area whichever button', () => {
    const p = offlinePreview(bundle([flow()], 'checkIn_only'), ada, 'sign_out', null, AT).people[0]!;
    expect(p).toMatchObject({ action: 'check_in', badge_label: 'check_in', signed_in: false });
  });

  it('stops a person the watchlist’s hashes found, when signing in only', () => {
    const stopped = offlinePreview(bundle([flow()]), ada, 'sign_in', null, AT, true).people[0]!;
    expect(stopped.blocker).toEqual({ code: 'watchlist', message: '' });
    expect(offlinePreview(bundle([flow()]), ada, 'sign_out', null, AT, true).people[0]!.blocker).toBeNull();
    expect(offlinePreview(bundle([flow()]), ada, 'sign_in', null, AT).people[0]!.blocker).toBeNull();
  });

  it('carries the scanned pass’s expected visit', () => {
    const p = offlinePreview(bundle([flow()]), ada, 'sign_in', ID.late, AT).people[0]!;
    expect(p.expected_visit?.id).toBe(ID.late);
  });
});
