import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Compliance, ComplianceBodyInput } from '@app/shared/compliances/schemas';
import { api } from '@/lib/api-client';
import { compliancesRootKey } from './compliances-query-key';

// Refusals (a taken name, a format fixed by answers) are shown on their fields.
export const updateCompliance = ({ id, body }: { id: string; body: ComplianceBodyInput }) =>
  api.put<Compliance>(`/compliances/${id}`, body, { handledByCaller: [409, 422] });

export const useUpdateCompliance = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompliance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: compliancesRootKey }),
  });
};
