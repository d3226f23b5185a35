import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../api/answer-invitation';
import { useInvitations } from '../use-invitations';
import { InvitationList } from './invitation-item';

/**
 * The home screen's waiting invitations. Nothing shows while they load, when there are none, or when they
 * cannot be read: the QR code above is what the home screen is for. One answered here stays, with its new
 * status, until the page is left.
 */
export function PendingInvitations() {
  const { t } = useTranslation();
  const { data, answering, answer } = useInvitations();
  const [answeredHere, setAnsweredHere] = useState<string[]>([]);
  const shown = (data ?? []).filter((item) => item.status === 'invited' || answeredHere.includes(item.id));
  if (shown.length === 0) return null;

  const respond = async (id: string, choice: Answer) => {
    setAnsweredHere((ids) => [...ids, id]);
    await answer(id, choice);
  };

  return (
    <Stack component="section" gap="sm" aria-labelledby="pending-invitations-title">
      <Title order={2} size="h3" id="pending-invitations-title">
        {t('invitations.pending_title')}
      </Title>
      <InvitationList
        invitations={shown}
        answering={answering}
        onAnswer={(id, choice) => void respond(id, choice)}
        showStatus={(invitation) => invitation.status !== 'invited'}
      />
    </Stack>
  );
}
