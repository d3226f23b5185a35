import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Section } from '@app/shared/custom-fields/schemas';
import { api } from '@/lib/api-client';
import { customFieldsQueryKey } from './custom-fields-query-key';

export const sectionsQueryKey = [...customFieldsQueryKey, 'sections'] as const;

export const listSections = (signal?: AbortSignal) => api.get<Section[]>('/custom-field-sections', { signal });

export const sectionsQueryOptions = () =>
  queryOptions({ queryKey: sectionsQueryKey, queryFn: ({ signal }) => listSections(signal) });

export const useSections = () => useQuery(sectionsQueryOptions());
