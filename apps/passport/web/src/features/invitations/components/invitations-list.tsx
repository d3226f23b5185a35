import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { useInvitations } from '../use-invitations';
import { InvitationList } from './invitation-item';

/** Every invitation with its status, the waiting ones first. */
export function InvitationsList() {
  const { t } = useTranslation();
  const { data, error, reload, answering, answer } = useInvitations();

  if (error) return <RetryAlert error={error} onRetry={reload} />;
  if (!data) return <PageLoader />;
  if (data.length === 0) return <Text c="dimmed">{t('invitations.empty')}</Text>;

  const list = [...data].sort(
    (a, b) =>
      Number(b.status === 'invited') - Number(a.status === 'invited') || b.invited_at.localeCompare(a.invited_at),
  );
  return <InvitationList invitations={list} answering={answering} onAnswer={(id, choice) => void answer(id, choice)} />;
}
