import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconClockHour4, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CapacityApproval } from '@app/shared/capacity/schemas';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { RowsSkeleton } from '@/components/ui/rows-skeleton';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDecideCapacityApproval } from '../api/decide-capacity-approval';
import { useWaitingApprovals } from '../api/list-capacity-approvals';
import { askedAt, fullPlaceName, wayLabel } from '../utils/approvals';

type Decide = ReturnType<typeof useDecideCapacityApproval>;

/** One request: who, the place that was full and why, when and how they asked; and the decision. */
function ApprovalRow({ approval, decide }: { approval: CapacityApproval; decide: Decide | null }) {
  const { t } = useTranslation('capacity');
  const name = approval.person.name;
  const place = fullPlaceName(approval);
  const deciding = decide?.isPending && decide.variables?.id === approval.id ? decide.variables.decision : null;
  const choose = (decision: 'approve' | 'reject') => decide?.mutate({ id: approval.id, decision });

  return (
    <Paper withBorder radius="md" p="sm" data-testid="capacity-approval" data-person={name} data-id={approval.id}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
          <Text size="sm" fw={600} data-testid="capacity-approval-person">
            <bdi>{name}</bdi>
          </Text>
          <Text size="sm" data-testid="capacity-approval-reason" data-reason={approval.reason}>
            {t(`approvals.reasons.${approval.reason}`, { place })}
          </Text>
          <Text size="xs" c="dimmed" data-testid="capacity-approval-asked">
            {t('approvals.asked', { time: askedAt(approval.asked_at), way: wayLabel(approval.asked_way, t) })}
          </Text>
        </Stack>
        {decide && (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              color="teal.9"
              leftSection={<IconCheck size={14} />}
              loading={deciding === 'approve'}
              disabled={deciding === 'reject'}
              aria-label={t('approvals.approve_label', { name })}
              onClick={() => choose('approve')}
              data-testid="capacity-approve"
            >
              {t('approvals.approve')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              leftSection={<IconX size={14} />}
              loading={deciding === 'reject'}
              disabled={deciding === 'approve'}
              aria-label={t('approvals.reject_label', { name })}
              onClick={() => choose('reject')}
              data-testid="capacity-reject"
            >
              {t('approvals.reject')}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The requests to come in past a full place that wait for an admin (the company asks for approval).
 * Members who manage sites and devices decide them here; the others see them.
 */
export function CapacityApprovals({
  count,
  canDecide,
  onDecided,
}: {
  count: number;
  canDecide: boolean;
  /** A request was decided (it leaves the list). */
  onDecided: () => void;
}) {
  const { t } = useTranslation('capacity');
  const approvals = useWaitingApprovals(true);
  const decide = useDecideCapacityApproval({
    onDecided: (decided) => {
      const name = decided.person.name;
      notifySuccess(
        decided.state === 'rejected'
          ? t('approvals.rejected', { name })
          : t('approvals.approved', { name, area: decided.area.name }),
      );
      onDecided();
    },
    // Decided meanwhile (or gone): the server's words.
    onFailed: (error) => {
      if (error instanceof ApiError) notifyError(error.message);
    },
  });

  let body;
  if (approvals.isError && !approvals.data)
    body = <LoadFailedAlert title={t('approvals.load_failed')} onRetry={() => void approvals.refetch()} />;
  else if (!approvals.data) body = <RowsSkeleton rows={Math.min(count, 3)} height={64} />;
  else
    body = (
      <Stack gap="xs" data-testid="capacity-approvals-list">
        {approvals.data.data.map((approval) => (
          <ApprovalRow key={approval.id} approval={approval} decide={canDecide ? decide : null} />
        ))}
        {approvals.data.next_cursor !== null && (
          <Text size="xs" c="dimmed" data-testid="capacity-approvals-more">
            {t('approvals.more', { shown: approvals.data.data.length, count: approvals.data.count })}
          </Text>
        )}
      </Stack>
    );

  return (
    <Stack gap="xs" data-testid="capacity-approvals">
      <Group gap="xs">
        <IconClockHour4 size={18} aria-hidden />
        <Title order={4} size="h5">
          {t('approvals.title')}
        </Title>
        <Badge variant="filled" color="yellow.5" autoContrast tt="none" data-testid="capacity-approvals-count">
          {t('approvals.count', { count })}
        </Badge>
      </Group>
      {!canDecide && (
        <Text size="xs" c="dimmed">
          {t('approvals.read_only')}
        </Text>
      )}
      {body}
    </Stack>
  );
}
