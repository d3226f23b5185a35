import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Site } from '@app/shared/sites/schemas';
import { api } from '@/lib/api-client';
import type { SiteInput } from './create-site';
import { sitesRootKey } from './sites-query-key';

export const updateSite = ({ id, ...body }: SiteInput & { id: string }) =>
  api.put<Site>(`/sites/${id}`, body, { handledByCaller: [409, 422] });

export const useUpdateSite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesRootKey }),
  });
};
