import type { Directory, Integration, SettingsBody } from '@app/shared/integrations/schemas';
import type { IntegrationField, SyncFrequency } from '@app/shared/integrations/status';
import type { DirectoryGroup } from '../api/get-directory-options';

// The settings and mapping form (spec §3 "mapping", §4 "settings and mapping", §5 "Integrations need
// sites, and at least one field or group selected"): the server enforces the rules; these only help
// the admin before saving.

export type SettingsValues = {
  site_ids: string[];
  /** By directory group id: the user type its people get, or null when the group is not imported. */
  groups: Record<string, string | null>;
  fields: IntegrationField[];
  sync_frequency: SyncFrequency;
  write_back: boolean;
  write_back_area_ids: string[];
  /** SCIM: the user type of the people the identity provider sends. */
  default_user_type_id: string | null;
};

/** A group of the table: what the directory offers now, and mapped groups it no longer has. */
export type GroupRow = {
  id: string;
  name: string;
  kind: string;
  member_count: number | null;
  /** Mapped before, but the directory no longer lists it. */
  missing: boolean;
};

type Translate = (key: string, vars?: Record<string, string | number>) => string;

export function groupRowsOf(offered: readonly DirectoryGroup[], mapped: Integration['groups']): GroupRow[] {
  const rows: GroupRow[] = offered.map((g) => ({ ...g, missing: false }));
  const known = new Set(offered.map((g) => g.id));
  for (const g of mapped) {
    if (!known.has(g.id)) rows.push({ id: g.id, name: g.name, kind: '', member_count: null, missing: true });
  }
  return rows;
}

/**
 * The form as the integration is saved. An integration never set up (no group, no field) starts with
 * every field the directory offers ticked; `sites` of one only starts with that site chosen.
 */
export function settingsValuesOf(
  integration: Integration,
  offeredFields: readonly IntegrationField[],
  siteIds: readonly string[],
): SettingsValues {
  const setUp = integration.groups.length > 0 || integration.fields.length > 0;
  return {
    site_ids: integration.site_ids.length > 0 ? [...integration.site_ids] : siteIds.length === 1 ? [...siteIds] : [],
    groups: Object.fromEntries(integration.groups.map((g) => [g.id, g.user_type_id])),
    fields: setUp ? integration.fields.filter((f) => offeredFields.includes(f)) : [...offeredFields],
    sync_frequency: integration.sync_frequency,
    write_back: integration.write_back,
    write_back_area_ids: [...integration.write_back_area_ids],
    default_user_type_id: integration.default_user_type_id,
  };
}

/** The groups mapped to a user type, as the body names them. */
export const mappedGroups = (values: SettingsValues, rows: readonly GroupRow[]): SettingsBody['groups'] =>
  rows.flatMap((row) => {
    const userType = values.groups[row.id];
    return userType ? [{ id: row.id, name: row.name, user_type_id: userType }] : [];
  });

/** PUT settings' body; what the directory cannot do (write back, a default user type) is sent off. */
export function settingsBody(
  values: SettingsValues,
  rows: readonly GroupRow[],
  directory: Pick<Directory, 'code' | 'writes_back'>,
  sync: boolean,
): SettingsBody {
  const writeBack = directory.writes_back && values.write_back;
  return {
    site_ids: [...values.site_ids],
    groups: mappedGroups(values, rows),
    fields: [...values.fields],
    default_user_type_id: directory.code === 'scim' ? values.default_user_type_id : null,
    sync_frequency: values.sync_frequency,
    write_back: writeBack,
    write_back_area_ids: writeBack ? [...values.write_back_area_ids] : [],
    sync,
  };
}

/** The form's key for the rule "at least one field or group" (spec §5), shown above the two lists. */
export const MAPPING_ERROR = 'mapping';

/** Spec §5's rules, said before the round trip: sites; a field or a group (SCIM: the people's user type). */
export function validateSettings(
  values: SettingsValues,
  rows: readonly GroupRow[],
  directory: Pick<Directory, 'code'>,
  t: Translate,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.site_ids.length === 0) errors.site_ids = t('integrations:settings.errors.sites');
  if (directory.code === 'scim') {
    if (!values.default_user_type_id && mappedGroups(values, rows).length === 0)
      errors.default_user_type_id = t('integrations:settings.errors.default_user_type');
  } else if (values.fields.length === 0 && mappedGroups(values, rows).length === 0) {
    errors[MAPPING_ERROR] = t('integrations:settings.errors.field_or_group');
  }
  return errors;
}

/**
 * A refusal's messages placed on the form: sites, user type and areas on their fields; the groups and
 * fields rules above the mapping; anything else (a name, the integration itself) above the buttons.
 */
export function settingsErrors(serverFields: Record<string, string[]>): {
  fields: Record<string, string>;
  other: string | null;
} {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(serverFields)) {
    const text = messages.join(' ');
    const root = name.split('.')[0] ?? name;
    if (root === 'site_ids' || root === 'default_user_type_id' || root === 'write_back_area_ids') fields[root] = text;
    else if (root === 'groups' || root === 'fields') fields[MAPPING_ERROR] = text;
    else other.push(text);
  }
  return { fields, other: other.length ? other.join('\n') : null };
}
