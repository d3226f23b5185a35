import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivacyView } from '@app/shared/people/privacy';
import { api } from '@/lib/api-client';
import { privacyViewKey } from './privacy-query-keys';

/** GET /privacy: the company default, its time zone, the next nightly run and each user type's retention. */
export const getPrivacy = (signal?: AbortSignal) => api.get<PrivacyView>('/privacy', { signal });

export const privacyQueryOptions = () =>
  queryOptions({
    queryKey: privacyViewKey,
    // Also shows each user type's name and people count: read again when they change (lib/data-tags.ts).
    meta: { reads: ['user-types', 'people'] },
    queryFn: ({ signal }) => getPrivacy(signal),
  });

export const usePrivacy = () => useQuery(privacyQueryOptions());
