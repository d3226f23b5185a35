import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRIVACY, type DeleteNowBody, type PrivacyRun } from '@app/shared/people/privacy';
import { api } from '@/lib/api-client';
import { privacyRootKey } from './privacy-query-keys';

/** A company with many people takes a while: the deletion runs while the call waits. */
const DELETE_NOW_TIMEOUT_MS = 5 * 60_000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST /privacy/user-types/{id}/delete-now: deletes at once what the type's retention makes due, as
 * the nightly job would. Spec §9: the result shows `PRIVACY.deletionDelayMs` after the deletion, so
 * the dialog's "Deleting…" is seen even when there was little to delete. A wrong password (changed
 * since it was checked) or throttling is answered in the dialog.
 */
export async function deleteNow({ typeId, body }: { typeId: string; body: DeleteNowBody }): Promise<PrivacyRun> {
  const run = await api.post<PrivacyRun>(`/privacy/user-types/${typeId}/delete-now`, body, {
    handledByCaller: [400, 422, 429],
    timeoutMs: DELETE_NOW_TIMEOUT_MS,
  });
  await pause(PRIVACY.deletionDelayMs);
  return run;
}

/** People and visits changed: the runs, the counts, the users list and the logbook are read again. */
export const useDeleteNow = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteNow,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: privacyRootKey }),
        client.invalidateQueries({ queryKey: ['people'] }),
        client.invalidateQueries({ queryKey: ['visits'] }),
      ]),
  });
};
