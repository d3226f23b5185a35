import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendRfidInstructionsBody, SendRfidInstructionsResponse } from '@app/shared/rfid/schemas';
import { api } from '@/lib/api-client';
import { rfidRootKey } from './rfid-query-key';

// A kiosk removed meanwhile (404) is shown in the form, on the kiosk field.
export const sendRfidInstructions = (body: SendRfidInstructionsBody) =>
  api.post<SendRfidInstructionsResponse>('/rfid/instructions', body, { handledByCaller: [404] });

export const useSendRfidInstructions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRfidInstructions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rfidRootKey }),
  });
};
