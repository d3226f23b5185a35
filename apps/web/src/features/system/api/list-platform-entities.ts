import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { platformEntityListItemSchema } from '@app/shared/entity/schemas';
import { api } from '@/lib/api-client';

export type PlatformEntity = z.infer<typeof platformEntityListItemSchema>;
export type PlatformEntitiesQuery = { page: number; limit: number; search?: string };

export const listPlatformEntities = (query: PlatformEntitiesQuery, signal?: AbortSignal) =>
  api.get<{ data: PlatformEntity[]; count: number }>('/platform/entities', { params: query, signal });

export const platformEntitiesQueryKey = ['platform-entities'] as const;

export const platformEntitiesQueryOptions = (query: PlatformEntitiesQuery) =>
  queryOptions({
    queryKey: [...platformEntitiesQueryKey, query],
    queryFn: ({ signal }) => listPlatformEntities(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference, so the first page is asked for once. */
export const usePlatformEntities = (query: PlatformEntitiesQuery, enabled = true) =>
  useQuery({ ...platformEntitiesQueryOptions(query), enabled });
