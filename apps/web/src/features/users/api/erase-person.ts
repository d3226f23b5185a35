import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrivacyRun } from '@app/shared/people/privacy';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

/**
 * POST /people/{id}/erase: one person's personal data erased on request; their visits stay,
 * anonymised. A wrong password, a refusal (they sign in to the dashboard, the company's default
 * record) or throttling is answered in the dialog.
 */
export const erasePerson = ({ id, password }: { id: string; password: string }) =>
  api.post<PrivacyRun>(`/people/${id}/erase`, { password }, { handledByCaller: [400, 422, 429] });

/**
 * The person is gone from the lists and their visits are anonymised; the privacy manager's runs list
 * the erasure. Not waited for: the drawer closes first, so it does not show the person going.
 */
export const useErasePerson = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: erasePerson,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: peopleRootKey });
      void client.invalidateQueries({ queryKey: ['visits'] });
      void client.invalidateQueries({ queryKey: ['privacy'] });
    },
  });
};
