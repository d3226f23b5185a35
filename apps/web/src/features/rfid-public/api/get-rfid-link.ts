import { queryOptions, useQuery } from '@tanstack/react-query';
import { RFID_STATUS_POLL_MS, type PublicRfidLink } from '@app/shared/rfid/schemas';
import { ApiError, api } from '@/lib/api-client';

// The page explains every refusal itself (unknown, used, expired, replaced link, kiosk gone): no
// navigation to the error pages, no toast.
export const getRfidLink = (code: string, signal?: AbortSignal) =>
  api.get<PublicRfidLink>(`/public/rfid/${encodeURIComponent(code)}`, { handleErrors: false, signal });

export const rfidLinkQueryKey = (code: string) => ['rfid-link', code] as const;

/** A refusal of the link itself, as opposed to a network failure worth retrying. */
export const isLinkRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * The link's state, asked again every RFID_STATUS_POLL_MS while the card is not enrolled, so the
 * page turns to "enrolled" as soon as the person taps the card at the kiosk.
 */
export const rfidLinkQueryOptions = (code: string) =>
  queryOptions({
    queryKey: rfidLinkQueryKey(code),
    queryFn: ({ signal }) => getRfidLink(code, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      isLinkRefusal(query.state.error) || query.state.data?.status === 'enrolled' ? false : RFID_STATUS_POLL_MS,
  });

export const useRfidLink = (code: string) => useQuery(rfidLinkQueryOptions(code));
