import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { clientTokenResponseSchema } from '@app/shared/entity/schemas';
import { api } from '@/lib/api-client';
import { companyQueryKey } from './get-company';

export type ClientToken = z.infer<typeof clientTokenResponseSchema>;

export const generateClientToken = () => api.post<ClientToken>('/company/client-token');

export const useGenerateClientToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateClientToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
};
