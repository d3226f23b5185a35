import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyDetails } from '@app/shared/entity/schemas';
import { api } from '@/lib/api-client';

export const getCompany = (signal?: AbortSignal) => api.get<CompanyDetails>('/company', { signal });

export const companyQueryKey = ['company'] as const;

export const companyQueryOptions = () =>
  queryOptions({ queryKey: companyQueryKey, queryFn: ({ signal }) => getCompany(signal) });

export const useCompany = () => useQuery(companyQueryOptions());
