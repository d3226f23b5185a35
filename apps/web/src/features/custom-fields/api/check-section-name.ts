import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SectionAvailability } from '@app/shared/custom-fields/schemas';
import { api } from '@/lib/api-client';
import { customFieldsQueryKey } from './custom-fields-query-key';

// Answered next to the field while typing, so failures stay out of the app-wide error handling.
export const checkSectionName = (name: string, excludeId: string | undefined, signal?: AbortSignal) =>
  api.get<SectionAvailability>('/custom-field-sections/availability', {
    params: { name, exclude_id: excludeId },
    signal,
    handleErrors: false,
  });

export const sectionNameQueryOptions = (name: string, excludeId: string | undefined) =>
  queryOptions({
    queryKey: [...customFieldsQueryKey, 'section-name', name.toLowerCase(), excludeId ?? null],
    queryFn: ({ signal }) => checkSectionName(name, excludeId, signal),
    staleTime: 10_000,
    retry: false,
  });

export const useSectionNameAvailability = (name: string, excludeId: string | undefined, enabled: boolean) =>
  useQuery({ ...sectionNameQueryOptions(name, excludeId), enabled });
