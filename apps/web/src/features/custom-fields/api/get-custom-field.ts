import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListedCustomField } from '@app/shared/custom-fields/schemas';
import { api } from '@/lib/api-client';
import { customFieldsQueryKey } from './custom-fields-query-key';

export const getCustomField = (id: string, signal?: AbortSignal) =>
  api.get<ListedCustomField>(`/custom-fields/${id}`, { signal });

export const customFieldQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...customFieldsQueryKey, 'field', id],
    queryFn: ({ signal }) => getCustomField(id, signal),
  });

export const useCustomField = (id: string | null) =>
  useQuery({ ...customFieldQueryOptions(id ?? ''), enabled: id !== null });
