import { Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { PassportInvitation } from '@app/shared/passport/schemas';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import type { Answer } from '../api/answer-invitation';

const STATUS_COLORS: Record<PassportInvitation['status'], string> = {
  invited: 'blue',
  accepted: 'green',
  rejected: 'gray',
  revoked: 'gray',
};

type InvitationItemProps = {
  invitation: PassportInvitation;
  /** The answer being sent for this invitation, if any. */
  answering?: Answer;
  onAnswer: (answer: Answer) => void;
  showStatus?: boolean;
};

/** A company's invitation: who, as what, since when, and Accept / Reject while it waits. */
export function InvitationItem({ invitation, answering, onAnswer, showStatus = true }: InvitationItemProps) {
  const { t, i18n } = useTranslation();
  const pending = invitation.status === 'invited';
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={invitation.entity_logo} alt="" radius="md" size={44} color="blue">
            {invitation.entity_name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600}>{invitation.entity_name}</Text>
            {invitation.role && (
              <Text size="sm" c="dimmed">
                {t('invitations.role', { role: invitation.role })}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t('invitations.invited_at', { date: formatDate(invitation.invited_at, i18n.language) })}
            </Text>
          </Stack>
          {showStatus && (
            <Badge color={STATUS_COLORS[invitation.status]} variant="light" style={{ flexShrink: 0 }}>
              {t(`invitations.status.${invitation.status}`)}
            </Badge>
          )}
        </Group>
        {pending && (
          <Group gap="sm" grow>
            <Button
              loading={answering === 'accept'}
              disabled={answering === 'reject'}
              onClick={() => onAnswer('accept')}
              aria-label={t('invitations.accept_from', { company: invitation.entity_name })}
            >
              {t('invitations.accept')}
            </Button>
            <Button
              variant="default"
              loading={answering === 'reject'}
              disabled={answering === 'accept'}
              onClick={() => onAnswer('reject')}
              aria-label={t('invitations.reject_from', { company: invitation.entity_name })}
            >
              {t('invitations.reject')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

type InvitationListProps = {
  invitations: PassportInvitation[];
  /** The answer being sent, and for which invitation. */
  answering: { id: string; answer: Answer } | undefined;
  onAnswer: (id: string, answer: Answer) => void;
  /** Whether an invitation shows its status (it does when left out). */
  showStatus?: (invitation: PassportInvitation) => boolean;
};

/** Invitations as a list, one item each. */
export function InvitationList({ invitations, answering, onAnswer, showStatus }: InvitationListProps) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {invitations.map((invitation) => (
        <li key={invitation.id}>
          <InvitationItem
            invitation={invitation}
            answering={answering?.id === invitation.id ? answering.answer : undefined}
            onAnswer={(choice) => onAnswer(invitation.id, choice)}
            showStatus={showStatus?.(invitation)}
          />
        </li>
      ))}
    </Stack>
  );
}
