import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { complianceAnsweredSchema, onlineComplianceBodySchema } from '@app/shared/pre-registration/schemas';
import { api } from '@/lib/api-client';
import { onlineComplianceQueryKey } from './get-online-compliance';

export type ComplianceAnswered = z.infer<typeof complianceAnsweredSchema>;

// Answers refused (400, 422) or a link expired meanwhile (422 on `token`) are shown by the page.
export const answerOnlineCompliance = ({
  token,
  body,
}: {
  token: string;
  body: z.input<typeof onlineComplianceBodySchema>;
}) =>
  api.post<ComplianceAnswered>(`/public/visits/${encodeURIComponent(token)}/compliance`, body, {
    handledByCaller: [400, 404, 422],
  });

export const useAnswerOnlineCompliance = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerOnlineCompliance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onlineComplianceQueryKey(token) }),
  });
};
