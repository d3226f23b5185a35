import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { documentSavedSchema } from '@app/shared/pre-registration/schemas';
import { api } from '@/lib/api-client';
import { onlineComplianceQueryKey } from './get-online-compliance';

export type DocumentSaved = z.infer<typeof documentSavedSchema>;

// A vaccination certificate or test result: the file (PDF, PNG or JPG) and what it shows.
export const uploadVisitDocument = ({ token, form }: { token: string; form: FormData }) =>
  api.upload<DocumentSaved>(`/public/visits/${encodeURIComponent(token)}/documents`, form, 'POST', {
    handledByCaller: [400, 404, 413, 422],
  });

export const useUploadVisitDocument = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadVisitDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onlineComplianceQueryKey(token) }),
  });
};
