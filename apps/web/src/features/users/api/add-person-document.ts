import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonDocument, PersonDocumentFormInput } from '@app/shared/people/documents';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

export type AddPersonDocument = { personId: string; fields: PersonDocumentFormInput; file: File };

// A refused document (400, 409, 413, 422) is explained on its form, beside the field the server names.
export const addPersonDocument = ({ personId, fields, file }: AddPersonDocument) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null && value !== '') form.append(name, String(value));
  }
  form.append('file', file);
  return api.upload<PersonDocument>(`/people/${personId}/documents`, form, 'POST', {
    handledByCaller: [400, 409, 413, 415, 422],
  });
};

export const useAddPersonDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPersonDocument,
    onSuccess: (_doc, { personId }) =>
      queryClient.invalidateQueries({ queryKey: [...peopleRootKey, 'documents', personId] }),
  });
};
