import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentTypeOption } from '@app/shared/people/documents';
import { api } from '@/lib/api-client';

export const listDocumentTypes = (signal?: AbortSignal) =>
  api.get<{ data: DocumentTypeOption[] }>('/people/document-types', { signal }).then((r) => r.data);

export const documentTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['people', 'document-types'],
    // The company's vaccine/PCR compliances: read again when compliances change (lib/data-tags.ts).
    meta: { reads: ['compliances'] },
    queryFn: ({ signal }) => listDocumentTypes(signal),
  });

export const useDocumentTypes = (enabled = true) => useQuery({ ...documentTypesQueryOptions(), enabled });
