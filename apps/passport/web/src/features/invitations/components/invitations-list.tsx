import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PageLoader } from '../../../components/page-loader';
import { useInvitations } from '../use-invitations';
import { InvitationList } from './invitation-item';

/** Every invitation with its status, the waiting ones first. */
export function InvitationsList() {
  const { t } = useTranslation();
  const { data, error, reload, answering, answer } = useInvitations();

  if (error) {
    return (
      <ErrorAlert error={error}>
        <div>
          <Button mt="sm" size="compact-sm" variant="light" color="red" onClick={reload}>
            {t('common.retry')}
          </Button>
        </div>
      </ErrorAlert>
    );
  }
  if (!data) return <PageLoader />;
  if (data.length === 0) return <Text c="dimmed">{t('invitations.empty')}</Text>;

  const list = [...data].sort(
    (a, b) =>
      Number(b.status === 'invited') - Number(a.status === 'invited') || b.invited_at.localeCompare(a.invited_at),
  );
  return <InvitationList invitations={list} answering={answering} onAnswer={(id, choice) => void answer(id, choice)} />;
}
