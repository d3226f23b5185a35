import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rfidRootKey } from './rfid-query-key';

// A person deleted meanwhile (404) is reported by the page, which then shows the list as it is now.
export const removeRfidCard = (personId: string) =>
  api.delete<void>(`/rfid/people/${personId}/card`, { handledByCaller: [404] });

export const useRemoveRfidCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRfidCard,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rfidRootKey }),
  });
};
