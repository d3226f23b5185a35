import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CompanyDetails, updateCompanyBodySchema } from '@app/shared/entity/schemas';
import { api } from '@/lib/api-client';
import { refreshSession } from '@/lib/session';
import { companyQueryKey } from './get-company';

export type UpdateCompanyBody = z.input<typeof updateCompanyBodySchema>;

// A taken subdomain is shown on its field rather than as a toast.
export const updateCompany = (body: UpdateCompanyBody) =>
  api.put<CompanyDetails>('/company', body, { handledByCaller: [409] });

export const useUpdateCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(companyQueryKey, company);
      // The side menu shows the company name from the session.
      return refreshSession();
    },
  });
};
