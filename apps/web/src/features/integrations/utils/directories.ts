import { DIRECTORY_CODES, type DirectoryCode } from '@app/shared/integrations/status';
import type { Directory } from '@app/shared/integrations/schemas';

/** The order the directories are offered in, whatever order the server lists them. */
export const DIRECTORY_ORDER: readonly DirectoryCode[] = ['googleAD', 'azureAD', 'paxton', 'wonde', 'scim'];

export const isDirectoryCode = (value: unknown): value is DirectoryCode =>
  typeof value === 'string' && (DIRECTORY_CODES as readonly string[]).includes(value);

/** The server's directories in the order they are offered; ones this app does not know are left out. */
export const orderedDirectories = (directories: readonly Directory[]): Directory[] =>
  [...directories]
    .filter((d) => DIRECTORY_ORDER.includes(d.code))
    .sort((a, b) => DIRECTORY_ORDER.indexOf(a.code) - DIRECTORY_ORDER.indexOf(b.code));

/**
 * The credential keys a form can name (spec §3 "Config by directory"), each with its catalogue text
 * under `credentials.<key>`. A key the server adds later is still asked, labelled by the key itself.
 */
export const KNOWN_CREDENTIAL_KEYS = [
  'tenant_id',
  'client_id',
  'client_secret',
  'server_url',
  'username',
  'password',
  'school_id',
  'token',
] as const;
export type KnownCredentialKey = (typeof KNOWN_CREDENTIAL_KEYS)[number];
export const isKnownCredentialKey = (key: string): key is KnownCredentialKey =>
  (KNOWN_CREDENTIAL_KEYS as readonly string[]).includes(key);

/** A field of a directory's connect form: its key, whether it is a secret, and how it is typed. */
export type CredentialField = {
  key: string;
  secret: boolean;
  /** A web address (the Net2 server): checked as one, typed left to right. */
  url: boolean;
  autoComplete: string;
};

/** The fields a directory asks for, the ones shown again first, then the secrets. */
export function credentialFieldsOf(directory: Pick<Directory, 'config_keys' | 'secret_keys'>): CredentialField[] {
  const field = (key: string, secret: boolean): CredentialField => ({
    key,
    secret,
    url: key === 'server_url',
    // Browsers must not offer the admin's own sign-in for a directory's credentials.
    autoComplete: secret ? 'new-password' : 'off',
  });
  return [...directory.config_keys.map((k) => field(k, false)), ...directory.secret_keys.map((k) => field(k, true))];
}
