import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Department } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';

export const departmentsQueryKey = ['departments'] as const;

export const listDepartments = (signal?: AbortSignal) => api.get<Department[]>('/departments', { signal });

export const departmentsQueryOptions = () =>
  queryOptions({ queryKey: departmentsQueryKey, queryFn: ({ signal }) => listDepartments(signal) });

export const useDepartments = () => useQuery(departmentsQueryOptions());
