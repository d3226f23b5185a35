import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToRollInput, RollEntry, SessionDetail } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';
import { mergeEntries } from '../utils/roll';
import { sessionQueryKey } from './get-session';

/** Someone at the muster point who is not on the roll: added present (the same client id twice adds once). */
export const addToRoll = (sessionId: string, body: AddToRollInput) =>
  api.post<RollEntry>(`/emergency/sessions/${encodeURIComponent(sessionId)}/roll`, body, { handledByCaller: [400] });

export const useAddToRoll = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddToRollInput) => addToRoll(sessionId, body),
    onSuccess: (entry) =>
      queryClient.setQueryData<SessionDetail>(sessionQueryKey(sessionId), (detail) =>
        detail ? { ...detail, roll: mergeEntries(detail.roll, [entry]) } : detail,
      ),
  });
};
