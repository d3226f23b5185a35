import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonDocument } from '@app/shared/people/documents';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

export const listPersonDocuments = (personId: string, signal?: AbortSignal) =>
  api.get<{ data: PersonDocument[] }>(`/people/${personId}/documents`, { signal }).then((r) => r.data);

export const personDocumentsQueryOptions = (personId: string) =>
  queryOptions({
    queryKey: [...peopleRootKey, 'documents', personId],
    queryFn: ({ signal }) => listPersonDocuments(personId, signal),
    staleTime: 0,
  });

export const usePersonDocuments = (personId: string) => useQuery(personDocumentsQueryOptions(personId));
