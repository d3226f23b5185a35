import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { checkSubdomainResponseSchema } from '@app/shared/entity/schemas';
import { api } from '@/lib/api-client';

export type SubdomainAvailability = z.infer<typeof checkSubdomainResponseSchema>;

// Answered inline next to the field, so failures do not go through the app-wide error handling.
export const checkSubdomain = (subdomain: string, signal?: AbortSignal) =>
  api.get<SubdomainAvailability>('/company/subdomain-availability', {
    params: { subdomain },
    signal,
    handleErrors: false,
  });

export const subdomainAvailabilityQueryOptions = (subdomain: string) =>
  queryOptions({
    queryKey: ['subdomain-availability', subdomain],
    queryFn: ({ signal }) => checkSubdomain(subdomain, signal),
    staleTime: 30_000,
    retry: false,
  });

export const useSubdomainAvailability = (subdomain: string, enabled: boolean) =>
  useQuery({ ...subdomainAvailabilityQueryOptions(subdomain), enabled });
