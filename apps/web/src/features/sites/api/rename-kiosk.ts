import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Kiosk } from '@app/shared/kiosks/schemas';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

export const renameKiosk = ({ id, name }: { id: string; name: string }) =>
  api.put<Kiosk>(`/kiosks/${id}/name`, { name }, { handledByCaller: [422] });

export const useRenameKiosk = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameKiosk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesRootKey }),
  });
};
