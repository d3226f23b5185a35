import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Kiosk } from '@app/shared/kiosks/schemas';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

// The same area (422) or an area gone meanwhile (404) is shown on the area field.
const handledByCaller = [404, 422];

/** One kiosk (PUT /kiosks/{id}/area) or many (PUT /kiosks/move) to an area; answers the moved kiosks. */
export async function moveKiosks({ ids, area_id }: { ids: string[]; area_id: string }): Promise<Kiosk[]> {
  if (ids.length === 1) return [await api.put<Kiosk>(`/kiosks/${ids[0]}/area`, { area_id }, { handledByCaller })];
  return (await api.put<{ data: Kiosk[] }>('/kiosks/move', { ids, area_id }, { handledByCaller })).data;
}

export const useMoveKiosks = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveKiosks,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesRootKey }),
  });
};
