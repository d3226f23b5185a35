import { Badge, Button, Group, Paper, Stack } from '@mantine/core';
import type { PassportInvitation } from '@app/shared/passport/schemas';
import { useTranslation } from 'react-i18next';
import { CompanyHeading } from '../../../components/company-heading';
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
        <CompanyHeading
          logo={invitation.entity_logo}
          company={invitation.entity_name}
          title={invitation.entity_name}
          lines={[
            ...(invitation.role ? [t('invitations.role', { role: invitation.role })] : []),
            t('invitations.invited_at', { date: formatDate(invitation.invited_at, i18n.language) }),
          ]}
          aside={
            showStatus && (
              <Badge color={STATUS_COLORS[invitation.status]} variant="light">
                {t(`invitations.status.${invitation.status}`)}
              </Badge>
            )
          }
        />
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
