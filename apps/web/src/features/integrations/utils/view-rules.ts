import type { Directory, Integration } from '@app/shared/integrations/schemas';
import { DELTA_LINK_DAYS, type IntegrationStatus } from '@app/shared/integrations/status';

/**
 * Spec §8 "Re-auth with an invalid flag opens the modal": the view opens its re-authentication dialog
 * by itself when the directory refused the credentials, the integration is invalid, or the address
 * asks for it (`?reauth=1`). SCIM has no credentials to give again.
 */
export function opensReauthByItself(
  integration: Pick<Integration, 'status' | 'dir_code'>,
  reauthParam: string | null,
): boolean {
  if (integration.dir_code === 'scim') return false;
  return (
    integration.status === 'authentication_failed' ||
    integration.status === 'invalid' ||
    reauthParam === '1' ||
    reauthParam === 'true'
  );
}

/** Spec §4: deactivate what runs, reactivate what was deactivated; a draft or refused one has neither. */
export function statusActionOf(status: IntegrationStatus): 'deactivate' | 'reactivate' | null {
  if (status === 'active' || status === 'active_with_errors') return 'deactivate';
  if (status === 'inactive') return 'reactivate';
  return null;
}

/** What the view offers for an integration, by its directory and settings. */
export function viewAbilitiesOf(integration: Pick<Integration, 'dir_code' | 'write_back'>) {
  const scim = integration.dir_code === 'scim';
  return {
    /** SCIM is written by its identity provider, never read. */
    sync: !scim,
    reauth: !scim,
    scimToken: scim,
    writeBack: integration.write_back,
    /** Spec: attendance codes are Wonde's. */
    attendanceCodes: integration.dir_code === 'wonde',
  };
}

/**
 * Microsoft Graph's delta link lasts DELTA_LINK_DAYS: after that the next sync reads the whole
 * directory by itself. `soon` on its last day.
 */
export function deltaLinkState(ageDays: number | null): 'fresh' | 'soon' | 'expired' | null {
  if (ageDays === null) return null;
  if (ageDays >= DELTA_LINK_DAYS) return 'expired';
  if (ageDays >= DELTA_LINK_DAYS - 1) return 'soon';
  return 'fresh';
}

/** The credential fields of the re-authentication form: those shown again (prefilled) and the secrets (typed again or kept). */
export function reauthFieldsOf(
  directory: Pick<Directory, 'config_keys' | 'secret_keys'> | undefined,
  integration: Pick<Integration, 'config' | 'secrets_set'>,
) {
  return {
    config: (directory?.config_keys ?? []).map((key) => ({ key, initial: integration.config[key] ?? '' })),
    secrets: (directory?.secret_keys ?? []).map((key) => ({ key, stored: integration.secrets_set.includes(key) })),
  };
}

/**
 * The re-authentication body: every key shown again as typed, and the secrets typed (an empty one
 * keeps the stored value: the server fills it). Null names the first required field left empty.
 */
export function reauthBodyOf(
  fields: ReturnType<typeof reauthFieldsOf>,
  values: Record<string, string>,
): { body: { config: Record<string, string>; secrets: Record<string, string> } } | { missing: string } {
  const config: Record<string, string> = {};
  for (const { key } of fields.config) {
    const value = (values[key] ?? '').trim();
    if (!value) return { missing: key };
    config[key] = value;
  }
  const secrets: Record<string, string> = {};
  for (const { key, stored } of fields.secrets) {
    const value = values[key] ?? '';
    if (value.trim()) secrets[key] = value;
    else if (!stored) return { missing: key };
  }
  return { body: { config, secrets } };
}
