import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentStatusChange, PersonDocument } from '@app/shared/people/documents';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

export type ChangePersonDocumentStatus = { personId: string; documentId: string; status: DocumentStatusChange };

export const changePersonDocumentStatus = ({ personId, documentId, status }: ChangePersonDocumentStatus) =>
  api.put<{ data: PersonDocument | null }>(`/people/${personId}/documents/${documentId}`, { status });

export const useChangePersonDocumentStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePersonDocumentStatus,
    onSuccess: (_res, { personId }) =>
      queryClient.invalidateQueries({ queryKey: [...peopleRootKey, 'documents', personId] }),
  });
};
