import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CapacitySettings, CapacitySettingsBody } from '@app/shared/capacity/schemas';
import { api } from '@/lib/api-client';
import { capacitySettingsKey, occupancyRootKey } from './capacity-query-keys';

// Refused fields (400, 422) are shown under their fields by the form.
export const saveCapacitySettings = (body: CapacitySettingsBody) =>
  api.put<CapacitySettings>('/capacity/settings', body, { handledByCaller: [400, 422] });

export const useSaveCapacitySettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCapacitySettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(capacitySettingsKey, saved);
      // The levels and the visits counted follow the settings.
      return queryClient.invalidateQueries({ queryKey: occupancyRootKey });
    },
  });
};
