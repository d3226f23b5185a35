import { describe, expect, it } from 'vitest';
import type { Integration } from '@app/shared/integrations/schemas';
import {
  groupRowsOf,
  settingsBody,
  settingsErrors,
  settingsValuesOf,
  validateSettings,
  type SettingsValues,
} from './settings-form';

const SITE = '01930000-0000-7000-8000-000000000001';
const TYPE = '01930000-0000-7000-8000-000000000002';
const AREA = '01930000-0000-7000-8000-000000000003';
const t = (key: string) => key;

const integration = (extra: Partial<Integration> = {}): Integration => ({
  id: '01930000-0000-7000-8000-0000000000aa',
  name: 'Staff',
  dir_code: 'azureAD',
  status: 'draft',
  config: {},
  secrets_set: [],
  account: null,
  site_ids: [],
  site_names: [],
  groups: [],
  fields: [],
  default_user_type_id: null,
  sync_frequency: 'daily',
  write_back: false,
  write_back_area_ids: [],
  migrated: false,
  last_sync_at: null,
  last_success_at: null,
  next_sync_at: null,
  token_refreshed_at: null,
  last_run: null,
  editable: true,
  created_at: '2025-01-01T00:00:00.000Z',
  ...extra,
});

const values = (extra: Partial<SettingsValues> = {}): SettingsValues => ({
  site_ids: [SITE],
  groups: {},
  fields: [],
  sync_frequency: 'daily',
  write_back: false,
  write_back_area_ids: [],
  default_user_type_id: null,
  ...extra,
});

describe('groupRowsOf', () => {
  it('lists the offered groups, then mapped ones the directory no longer has', () => {
    const rows = groupRowsOf(
      [{ id: 'g1', name: 'Teachers', kind: 'security', member_count: 12 }],
      [
        { id: 'g1', name: 'Teachers', user_type_id: TYPE },
        { id: 'g9', name: 'Old group', user_type_id: TYPE },
      ],
    );
    expect(rows).toEqual([
      { id: 'g1', name: 'Teachers', kind: 'security', member_count: 12, missing: false },
      { id: 'g9', name: 'Old group', kind: '', member_count: null, missing: true },
    ]);
  });
});

describe('settingsValuesOf', () => {
  it('ticks every offered field and the only site of an integration never set up', () => {
    expect(settingsValuesOf(integration(), ['email', 'phone'], [SITE])).toMatchObject({
      site_ids: [SITE],
      fields: ['email', 'phone'],
      groups: {},
    });
  });

  it('keeps what was saved, leaving out fields the directory no longer offers', () => {
    const saved = integration({
      site_ids: [SITE],
      groups: [{ id: 'g1', name: 'Teachers', user_type_id: TYPE }],
      fields: ['email', 'department'],
    });
    expect(settingsValuesOf(saved, ['email', 'phone'], [SITE, AREA])).toMatchObject({
      site_ids: [SITE],
      groups: { g1: TYPE },
      fields: ['email'],
    });
  });
});

describe('settingsBody', () => {
  const rows = groupRowsOf(
    [
      { id: 'g1', name: 'Teachers', kind: 'security', member_count: 12 },
      { id: 'g2', name: 'Pupils', kind: 'security', member_count: 300 },
    ],
    [],
  );

  it('sends the mapped groups only, with their names', () => {
    const body = settingsBody(
      values({ groups: { g1: TYPE, g2: null } }),
      rows,
      { code: 'azureAD', writes_back: false },
      true,
    );
    expect(body.groups).toEqual([{ id: 'g1', name: 'Teachers', user_type_id: TYPE }]);
    expect(body.sync).toBe(true);
    expect(body.default_user_type_id).toBeNull();
  });

  it('sends write-back only for a directory that writes back', () => {
    const on = values({ write_back: true, write_back_area_ids: [AREA] });
    expect(settingsBody(on, rows, { code: 'wonde', writes_back: true }, false)).toMatchObject({
      write_back: true,
      write_back_area_ids: [AREA],
    });
    expect(settingsBody(on, rows, { code: 'azureAD', writes_back: false }, false)).toMatchObject({
      write_back: false,
      write_back_area_ids: [],
    });
  });

  it('sends the default user type for SCIM', () => {
    const scim = values({ default_user_type_id: TYPE });
    expect(settingsBody(scim, [], { code: 'scim', writes_back: false }, false).default_user_type_id).toBe(TYPE);
  });
});

describe('validateSettings', () => {
  it('asks for sites, and a field or a group', () => {
    expect(validateSettings(values({ site_ids: [] }), [], { code: 'azureAD' }, t)).toEqual({
      site_ids: 'integrations:settings.errors.sites',
      mapping: 'integrations:settings.errors.field_or_group',
    });
    expect(validateSettings(values({ fields: ['email'] }), [], { code: 'azureAD' }, t)).toEqual({});
    const rows = groupRowsOf([{ id: 'g1', name: 'Teachers', kind: '', member_count: null }], []);
    expect(validateSettings(values({ groups: { g1: TYPE } }), rows, { code: 'azureAD' }, t)).toEqual({});
  });

  it('asks SCIM for the user type of the people provisioned', () => {
    expect(validateSettings(values(), [], { code: 'scim' }, t)).toEqual({
      default_user_type_id: 'integrations:settings.errors.default_user_type',
    });
    expect(validateSettings(values({ default_user_type_id: TYPE }), [], { code: 'scim' }, t)).toEqual({});
  });
});

describe('settingsErrors', () => {
  it('places the server messages on the form', () => {
    expect(
      settingsErrors({
        site_ids: ['Choose at least one site.'],
        groups: ['Map at least one group.'],
        'write_back_area_ids.0': ['Unknown area.'],
        id: ['Authentication failed.'],
      }),
    ).toEqual({
      fields: {
        site_ids: 'Choose at least one site.',
        mapping: 'Map at least one group.',
        write_back_area_ids: 'Unknown area.',
      },
      other: 'Authentication failed.',
    });
  });
});
