import { INTEGRATION_LIMITS } from '@app/shared/integrations/schemas';
import { isRecordId } from '@/lib/record-id';

/**
 * The address Google's consent comes back to (the server opens it): /googleAD/auth/<authorization
 * id>/<integration id or "new">/<account>. The spec's names for the segments (access token, refresh
 * token, encrypted email) are kept by the route; no token travels in the address (SPEC-NOTES).
 */
export type GoogleReturn =
  | { kind: 'create'; authorizationId: string; account: string | null }
  | { kind: 'reauth'; authorizationId: string; integrationId: string; account: string | null }
  | { kind: 'invalid' };

export function googleReturnOf(params: {
  accessToken?: string;
  refreshToken?: string;
  encryptedEmail?: string;
}): GoogleReturn {
  const authorizationId = params.accessToken ?? '';
  const target = params.refreshToken ?? '';
  const rawAccount = params.encryptedEmail?.trim() ?? '';
  // The server writes "-" when Google named no account.
  const account = rawAccount === '' || rawAccount === '-' ? null : rawAccount;
  if (!isRecordId(authorizationId)) return { kind: 'invalid' };
  if (target === 'new') return { kind: 'create', authorizationId: authorizationId.toLowerCase(), account };
  if (isRecordId(target))
    return {
      kind: 'reauth',
      authorizationId: authorizationId.toLowerCase(),
      integrationId: target.toLowerCase(),
      account,
    };
  return { kind: 'invalid' };
}

/** A name to start from for a new Google integration: the directory's name and its domain, within the limit. */
export function suggestedGoogleName(directoryName: string, account: string | null): string {
  const domain = account?.includes('@') ? account.slice(account.lastIndexOf('@') + 1) : account;
  const name = domain ? `${directoryName} (${domain})` : directoryName;
  return name.length <= INTEGRATION_LIMITS.nameMax ? name : directoryName.slice(0, INTEGRATION_LIMITS.nameMax);
}
