import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyDetails } from '@app/shared/entity/schemas';
import { api } from '@/lib/api-client';
import { refreshSession } from '@/lib/session';
import { companyQueryKey } from './get-company';

export const uploadLogo = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return api.upload<CompanyDetails>('/company/logo', body, 'PUT');
};

export const useUploadLogo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (company) => {
      queryClient.setQueryData(companyQueryKey, company);
      // The top bar draws the logo from the session.
      return refreshSession();
    },
  });
};
