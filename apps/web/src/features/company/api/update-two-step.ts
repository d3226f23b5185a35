import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CompanyDetails, twoStepSettingsBodySchema } from '@app/shared/entity/schemas';
import { api } from '@/lib/api-client';
import { refreshSession } from '@/lib/session';
import { companyQueryKey } from './get-company';

export type TwoStepSettings = z.infer<typeof twoStepSettingsBodySchema>;

export const updateTwoStep = (body: TwoStepSettings) => api.put<CompanyDetails>('/company/two-step', body);

export const useUpdateTwoStep = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTwoStep,
    onSuccess: (company) => {
      queryClient.setQueryData(companyQueryKey, company);
      // The session says whether the signed-in person's own role now needs two-step authentication.
      return refreshSession();
    },
  });
};
