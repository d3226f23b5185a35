import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Compliance, ComplianceBodyInput } from '@app/shared/compliances/schemas';
import { api } from '@/lib/api-client';
import { compliancesRootKey } from './compliances-query-key';

// Refusals (a taken name, a rule) are shown on their fields.
export const createCompliance = (body: ComplianceBodyInput) =>
  api.post<Compliance>('/compliances', body, { handledByCaller: [409, 422] });

export const useCreateCompliance = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompliance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: compliancesRootKey }),
  });
};
