import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListedCustomField } from '@app/shared/custom-fields/schemas';
import { api } from '@/lib/api-client';

export const listProfileCustomFields = (signal?: AbortSignal) =>
  api.get<ListedCustomField[]>('/custom-fields', { params: { binding: 'profile' }, signal });

export const profileCustomFieldsQueryOptions = () =>
  queryOptions({
    queryKey: ['custom-fields', 'list', { binding: 'profile' }],
    queryFn: ({ signal }) => listProfileCustomFields(signal),
  });

/** Spec §6: custom fields are on the professional and enterprise plans only; a lite company never asks. */
export const useProfileCustomFields = (enabled: boolean) => useQuery({ ...profileCustomFieldsQueryOptions(), enabled });
