import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Area } from '@app/shared/sites/schemas';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

// The same site (422) or a name already used in the target site (409) is shown on the site field.
export const moveArea = ({ id, site_id }: { id: string; site_id: string }) =>
  api.put<Area>(`/areas/${id}/site`, { site_id }, { handledByCaller: [409, 422] });

export const useMoveArea = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveArea,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesRootKey }),
  });
};
