import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InviteCandidate } from '@app/shared/people/schemas';
import { useInviteCandidates } from '../api/list-invite-candidates';
import { useInvitePeople } from '../api/invite-people';
import { notifyMassResult } from './notify-mass-result';

type InvitePanelProps = {
  personIds: readonly string[];
  onCancel: () => void;
  onDone: () => void;
};

/**
 * Spec "Invited user": the chosen people with their email, phone and whether each can be invited
 * (and why not), then one button that sends the invitations to those who can.
 */
export function InvitePanel({ personIds, onCancel, onDone }: InvitePanelProps) {
  const { t } = useTranslation('users');
  const candidates = useInviteCandidates(personIds, true);
  const invite = useInvitePeople();
  const list = candidates.data ?? [];
  const ready = list.filter((c) => c.error === null);

  const send = () => {
    const names = new Map(list.map((c) => [c.id, c.full_name]));
    invite.mutate(
      { person_ids: ready.map((c) => c.id) },
      {
        onSuccess: (result) => {
          notifyMassResult({
            title: t('toasts.invitation_sent'),
            done: (count) => t('mass.invited', { count }),
            result,
            names,
          });
          onDone();
        },
      },
    );
  };

  return (
    <Stack gap="md" data-testid="invite-panel">
      <Text size="sm">{t('invite.intro')}</Text>
      {candidates.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('invite.load_failed')}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={520} maxHeight={360}>
          <Table verticalSpacing="xs" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.name')}</Table.Th>
                <Table.Th>{t('columns.email')}</Table.Th>
                <Table.Th>{t('columns.phone')}</Table.Th>
                <Table.Th>{t('invite.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {candidates.isPending
                ? personIds.slice(0, 5).map((id) => (
                    <Table.Tr key={id}>
                      {Array.from({ length: 4 }, (_, cell) => (
                        <Table.Td key={cell}>
                          <Skeleton height={12} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : list.map((candidate) => <CandidateRow key={candidate.id} candidate={candidate} />)}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {candidates.data && (
        <Text size="sm" c="dimmed" data-testid="invite-summary">
          {t('invite.summary', { ready: ready.length, count: list.length })}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          leftSection={<IconMailForward size={16} />}
          disabled={ready.length === 0}
          loading={invite.isPending}
          onClick={send}
          data-testid="invite-send"
        >
          {t('invite.send', { count: ready.length })}
        </Button>
      </Group>
    </Stack>
  );
}

function CandidateRow({ candidate }: { candidate: InviteCandidate }) {
  const { t } = useTranslation('users');
  return (
    <Table.Tr data-testid="invite-candidate" data-ready={candidate.error === null}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {candidate.full_name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" dir="ltr" span c={candidate.email ? undefined : 'dimmed'}>
          {candidate.email ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" dir="ltr" span c={candidate.phone ? undefined : 'dimmed'}>
          {candidate.phone ? `${candidate.phone_code ? `+${candidate.phone_code} ` : ''}${candidate.phone}` : '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        {candidate.error ? (
          <Text size="sm" c="red" data-testid="invite-candidate-error">
            {candidate.error.message}
          </Text>
        ) : (
          <Badge variant="light" color="teal" tt="none">
            {candidate.dashboard_access === 'none' ? t('invite.ready') : t('invite.again')}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
