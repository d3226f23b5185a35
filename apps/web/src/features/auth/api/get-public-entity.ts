import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/public-config';
import { subdomainFor, type PublicEntity } from '@/lib/tenant-host';

/** The company a subdomain belongs to, or null when the subdomain is unknown. */
export async function getPublicEntity(subdomain: string, signal?: AbortSignal): Promise<PublicEntity | null> {
  try {
    return await api.get<PublicEntity>(`/public/entities/by-subdomain/${encodeURIComponent(subdomain)}`, {
      signal,
      handleErrors: false,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

// The app shell resolves the subdomain's company at start under this key; the query reuses its answer.
export const publicEntityQueryOptions = (subdomain: string) =>
  queryOptions({
    queryKey: ['public-entity'],
    queryFn: ({ signal }) => getPublicEntity(subdomain, signal),
    staleTime: Infinity,
  });

/** The subdomain the page was opened on and its company, if any. */
export function useCurrentSubdomain() {
  const config = usePublicConfig();
  const subdomain = config ? subdomainFor(window.location.hostname, config.base_domain) : null;
  const query = useQuery({ ...publicEntityQueryOptions(subdomain ?? ''), enabled: subdomain !== null });
  return { subdomain, entity: query.data ?? null };
}
