import { describe, expect, it } from 'vitest';
import {
  CHECK_NAMES,
  CHECK_REQUIRES,
  CHECK_SWITCHES,
  complianceFlags,
  defaultFlowSettings,
  flowSettingsInputSchema,
  readFlowSettings,
} from './flow-settings';
import { createFlowsBodySchema, journeyBodySchema } from './schemas';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('flow settings', () => {
  it('covers every check name of the spec', () => {
    expect(CHECK_NAMES).toHaveLength(15);
    expect(CHECK_SWITCHES).not.toContain('temperature_threshold');
    const checks = defaultFlowSettings().checks;
    expect(Object.keys(checks).sort()).toEqual([...CHECK_NAMES].sort());
  });

  it('starts a new flow with no inputs, name and type shown and a 37.5 °C threshold', () => {
    const s = defaultFlowSettings();
    expect(s.inputs).toEqual([]);
    expect(s.checks).toMatchObject({ show_name: true, show_user_type: true, print_badge: false });
    expect(s.checks.temperature_threshold).toBe(37.5);
    expect(s.output).toEqual({ open_door: true, door_open_seconds: 5, badge_copies: 1 });
  });

  it('stores the threshold in Celsius after the Fahrenheit rule', () => {
    const f = flowSettingsInputSchema.parse({ checks: { temperature_check: true, temperature_threshold: '100.4F' } });
    expect(f.checks.temperature_threshold).toBe(38);
    const big = flowSettingsInputSchema.parse({ checks: { temperature_threshold: 99.5 } });
    expect(big.checks.temperature_threshold).toBe(37.5);
    const bad = flowSettingsInputSchema.safeParse({ checks: { temperature_threshold: 'warm' } });
    expect(messages(bad)).toEqual(['checks.temperature_threshold: journey_temperature_invalid']);
    const low = flowSettingsInputSchema.safeParse({ checks: { temperature_threshold: '60f' } });
    expect(messages(low)).toEqual(['checks.temperature_threshold: journey_temperature_range']);
  });

  it('refuses a check whose required checks are off, naming it', () => {
    for (const [name, needs] of Object.entries(CHECK_REQUIRES)) {
      const result = flowSettingsInputSchema.safeParse({ checks: { [name]: true } });
      expect(messages(result), name).toEqual([`checks.${name}: journey_check_needs_${needs[0]}`]);
      const on = Object.fromEntries([name, ...needs].map((n) => [n, true]));
      expect(flowSettingsInputSchema.safeParse({ checks: on }).success, name).toBe(true);
    }
    const hostNotice = flowSettingsInputSchema.safeParse({ notifications: { notify_host_on_arrival: true } });
    expect(messages(hostNotice)).toEqual(['notifications.notify_host_on_arrival: journey_check_needs_host']);
  });

  it('refuses repeated inputs and recipients', () => {
    expect(messages(flowSettingsInputSchema.safeParse({ inputs: ['face', 'face'] }))).toEqual([
      'inputs: journey_duplicate_inputs',
    ]);
    expect(flowSettingsInputSchema.safeParse({ inputs: ['fingerprint'] }).success).toBe(false);
    const twice = flowSettingsInputSchema.safeParse({
      notifications: { extra_recipients: ['desk@example.test', 'desk@example.test'] },
    });
    expect(messages(twice)).toEqual(['notifications.extra_recipients: journey_duplicate_recipients']);
  });

  it('reads stored settings with keys added since, and falls back on unreadable ones', () => {
    expect(readFlowSettings({ inputs: ['rfid'] }).inputs).toEqual(['rfid']);
    expect(readFlowSettings({ inputs: 'nonsense' })).toEqual(defaultFlowSettings());
    expect(readFlowSettings(null)).toEqual(defaultFlowSettings());
  });

  it('derives the compliance flags from the inputs, the badge and the journey', () => {
    const s = flowSettingsInputSchema.parse({
      inputs: ['qr_code', 'rfid'],
      checks: { print_badge: true, show_photo: true },
    });
    expect(complianceFlags(s, { complianceCount: 2, touchMode: false })).toEqual({
      is_image_required: true,
      is_qr_included: true,
      is_face_id_included: false,
      is_rfid_included: true,
      is_compliance_required: true,
      is_using_kiosk_screen: false,
    });
    expect(complianceFlags(defaultFlowSettings(), { complianceCount: 0, touchMode: true })).toMatchObject({
      is_image_required: false,
      is_compliance_required: false,
      is_using_kiosk_screen: true,
    });
  });
});

describe('journey and flow bodies', () => {
  it('needs a name of at least 2 characters and at least one site', () => {
    const site = '0190a7a2-0000-7000-8000-000000000001';
    expect(messages(journeyBodySchema.safeParse({ name: ' A ', site_ids: [site] }))[0]).toMatch(/^name:/);
    expect(messages(journeyBodySchema.safeParse({ name: 'Visitors', site_ids: [] }))).toEqual([
      'site_ids: journey_sites_required',
    ]);
    expect(journeyBodySchema.parse({ name: 'Visitors', site_ids: [site] })).toEqual({
      name: 'Visitors',
      description: '',
      remote: false,
      touch_mode: true,
      site_ids: [site],
    });
  });

  it('creates flows for at least one user type with the settings applied to each', () => {
    const type = '0190a7a2-0000-7000-8000-000000000002';
    expect(messages(createFlowsBodySchema.safeParse({ user_type_ids: [] }))).toEqual([
      'user_type_ids: journey_user_types_required',
    ]);
    const body = createFlowsBodySchema.parse({ user_type_ids: [type], inputs: ['face'] });
    expect(body).toMatchObject({ user_type_ids: [type], inputs: ['face'], host_ids: [], compliances: [] });
    expect(body.checks.temperature_threshold).toBe(37.5);
  });
});
