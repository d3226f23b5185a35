import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Site, siteBodySchema } from '@app/shared/sites/schemas';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

export type SiteInput = z.input<typeof siteBodySchema>;

// A taken name (409) and rejected fields (422) are shown on the form's fields.
export const createSite = (body: SiteInput) => api.post<Site>('/sites', body, { handledByCaller: [409, 422] });

export const useCreateSite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesRootKey }),
  });
};
