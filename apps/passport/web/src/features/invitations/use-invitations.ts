// The invitations, read once per screen, and the answers to them: the list shows the new status at once,
// with the spec's toasts.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { toApiError, useRequest } from '../../lib/use-request';
import { answerInvitation, type Answer } from './api/answer-invitation';
import { listInvitations } from './api/list-invitations';

export function useInvitations() {
  const { t } = useTranslation();
  const load = useCallback((signal: AbortSignal) => listInvitations(signal), []);
  const invitations = useRequest('invitations', load);
  const [answering, setAnswering] = useState<{ id: string; answer: Answer }>();

  const answer = async (id: string, choice: Answer) => {
    setAnswering({ id, answer: choice });
    try {
      await answerInvitation(id, choice);
      const status = choice === 'accept' ? 'accepted' : 'rejected';
      invitations.setData((list) => list?.map((item) => (item.id === id ? { ...item, status } : item)));
      notifySuccess(choice === 'accept' ? t('invitations.accepted_toast') : t('invitations.rejected_toast'));
    } catch (error) {
      notifyError(toApiError(error).message);
    } finally {
      setAnswering(undefined);
    }
  };

  return { ...invitations, answering, answer };
}
