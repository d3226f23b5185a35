import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyDetails } from '@app/shared/entity/schemas';
import { api } from '@/lib/api-client';
import { refreshSession } from '@/lib/session';
import { companyQueryKey } from './get-company';

export const deleteLogo = () => api.delete<CompanyDetails>('/company/logo');

export const useDeleteLogo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLogo,
    onSuccess: (company) => {
      queryClient.setQueryData(companyQueryKey, company);
      // The top bar draws the logo from the session.
      return refreshSession();
    },
  });
};
