import { ApiError, joinErrorMessages } from '@/lib/api-client';

/**
 * The words of a refused change the page shows itself: the API client shows every other failure, but
 * leaves the statuses the call handles (`handledByCaller`, by default a 400) to the page.
 */
export function refusalMessage(error: unknown, handled: readonly number[] = [400]): string | null {
  if (!(error instanceof ApiError) || !handled.includes(error.status)) return null;
  return joinErrorMessages(error.fields) || error.message;
}

/** The SCIM base URL an identity provider is given: this installation's address (the server answers the same). */
export const scimUrlOf = (origin: string): string => `${origin.replace(/\/+$/, '')}/scim/v2`;
