import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Label } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';

export const labelsQueryKey = ['labels'] as const;

export const listLabels = (signal?: AbortSignal) => api.get<Label[]>('/labels', { signal });

export const labelsQueryOptions = () =>
  queryOptions({ queryKey: labelsQueryKey, queryFn: ({ signal }) => listLabels(signal) });

export const useLabels = () => useQuery(labelsQueryOptions());
