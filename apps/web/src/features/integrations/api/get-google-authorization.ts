import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { googleAuthorizationSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { googleAuthorizationKey } from './integration-query-keys';

export type GoogleAuthorization = z.infer<typeof googleAuthorizationSchema>;

/**
 * GET /integrations/google/authorizations/{id}: the consent Google just gave. One expired (it lasts
 * 15 minutes) or used already is a 404 the page explains in place.
 */
export const getGoogleAuthorization = (id: string, signal?: AbortSignal) =>
  api.get<GoogleAuthorization>(`/integrations/google/authorizations/${id}`, { signal, handledByCaller: [404] });

export const googleAuthorizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: googleAuthorizationKey(id),
    queryFn: ({ signal }) => getGoogleAuthorization(id, signal),
    retry: false,
    // Used once: never read again behind the page's back.
    staleTime: Infinity,
  });

export const useGoogleAuthorization = (id: string | null) =>
  useQuery({ ...googleAuthorizationQueryOptions(id ?? ''), enabled: id !== null });
