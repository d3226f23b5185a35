import { INTEGRATION_LIMITS, type CreateIntegrationBody, type Directory } from '@app/shared/integrations/schemas';
import type { CredentialField } from './directories';

// The connect form (spec §3 "Config by directory", §5 "Integration name is checked by a server call"):
// a name and the directory's credentials. The server checks them by connecting; this only helps the
// admin before the round trip.

export type ConnectValues = { name: string; credentials: Record<string, string> };

type Translate = (key: string, vars?: Record<string, string | number>) => string;

export const emptyConnectValues = (fields: readonly CredentialField[]): ConnectValues => ({
  name: '',
  credentials: Object.fromEntries(fields.map((f) => [f.key, ''])),
});

/** The form path of a credential. */
export const credentialPath = (key: string) => `credentials.${key}`;

const isWebAddress = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** The integration's name as the server reads it (trimmed, 2 to 50 characters); null when it is none. */
export function nameProblem(name: string, t: Translate): string | null {
  const length = name.trim().length;
  if (length === 0) return t('integrations:name.required');
  if (length < INTEGRATION_LIMITS.nameMin || length > INTEGRATION_LIMITS.nameMax)
    return t('integrations:name.length', { min: INTEGRATION_LIMITS.nameMin, max: INTEGRATION_LIMITS.nameMax });
  return null;
}

/** Every field in error, by its form path: the name, then each credential (all required). */
export function validateConnect(
  values: ConnectValues,
  fields: readonly CredentialField[],
  t: Translate,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = nameProblem(values.name, t);
  if (name) errors.name = name;
  for (const field of fields) {
    const value = (values.credentials[field.key] ?? '').trim();
    if (value === '') errors[credentialPath(field.key)] = t('integrations:connect.errors.required');
    else if (value.length > INTEGRATION_LIMITS.configValueMax)
      errors[credentialPath(field.key)] = t('integrations:connect.errors.too_long', {
        max: INTEGRATION_LIMITS.configValueMax,
      });
    else if (field.url && !isWebAddress(value))
      errors[credentialPath(field.key)] = t('integrations:connect.errors.url');
  }
  return errors;
}

/** POST /integrations's body: the values trimmed, each key in `config` or `secrets` as the directory says. */
export function connectBody(
  directory: Pick<Directory, 'code' | 'config_keys' | 'secret_keys'>,
  values: ConnectValues,
): CreateIntegrationBody {
  const pick = (keys: readonly string[]) =>
    Object.fromEntries(keys.map((key) => [key, (values.credentials[key] ?? '').trim()]));
  return {
    name: values.name.trim(),
    dir_code: directory.code,
    config: pick(directory.config_keys),
    secrets: pick(directory.secret_keys),
  };
}

/**
 * A refusal's messages placed on the form: the server names the name, a credential by its key (a
 * wrong secret), or by its path in the body (`config.tenant_id`). Anything else (`config` for a
 * directory that could not be reached, an authorization) is said above the buttons.
 */
export function connectErrors(
  serverFields: Record<string, string[]>,
  keys: readonly string[],
): { fields: Record<string, string>; other: string | null } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(serverFields)) {
    const text = messages.join(' ');
    const key = name.replace(/^(config|secrets)\./, '');
    if (name === 'name') fields.name = text;
    else if (keys.includes(key)) fields[credentialPath(key)] = text;
    else other.push(text);
  }
  return { fields, other: other.length ? other.join('\n') : null };
}
