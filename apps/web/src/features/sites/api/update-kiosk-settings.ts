import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Kiosk, KioskSettingsInput } from '@app/shared/kiosks/schemas';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

type Input = { ids: string[]; settings: KioskSettingsInput };

/** One kiosk (PUT /kiosks/{id}/settings) or many with the same settings (PUT /kiosks/settings). */
export async function updateKioskSettings({ ids, settings }: Input): Promise<Kiosk[]> {
  if (ids.length === 1) return [await api.put<Kiosk>(`/kiosks/${ids[0]}/settings`, settings)];
  return (await api.put<{ data: Kiosk[] }>('/kiosks/settings', { ids, settings })).data;
}

export const useUpdateKioskSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKioskSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesRootKey }),
  });
};
