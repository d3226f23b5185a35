import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SiteOption = { id: string; name: string };

/** The sites the caller may choose for a journey (their own), by name. */
export const useSiteOptions = () =>
  useQuery({
    queryKey: ['journeys', 'site-options'],
    // Also shows the company's sites: read again when they change (lib/data-tags.ts).
    meta: { reads: ['sites'] },
    queryFn: ({ signal }) =>
      api.get<{ data: SiteOption[]; count: number }>('/sites', {
        params: { limit: 500, sortField: 'name', orderBy: 'asc' },
        signal,
      }),
  });
