import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconInfoCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import type { Flow, Journey } from '@app/shared/journeys/schemas';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useDeleteFlow, useJourneyFlows } from '../api/flows';
import { FlowSummary } from './flow-summary';

/** The journey's flows, one per user type, with their steps at a glance. */
export function JourneyFlowsCard({ journey }: { journey: Journey }) {
  const { t } = useTranslation('journeys');
  const permissions = useSession()?.permissions;
  const canAdd = isAllowed(permissions, 'add_journey_flow');
  const canEdit = isAllowed(permissions, 'edit_journey_flow');
  const flows = useJourneyFlows(journey.id);
  const remove = useDeleteFlow();

  const confirmDelete = (flow: Flow) =>
    modals.openConfirmModal({
      title: t('flows.delete_title', { name: flow.user_type.name }),
      children: <Text size="sm">{t('flows.delete_body', { journey: journey.name })}</Text>,
      labels: { confirm: t('flows.delete_confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'flow-delete-confirm' },
      onConfirm: () =>
        remove.mutate(flow.id, { onSuccess: () => notifySuccess(t('flows.deleted', { name: flow.user_type.name })) }),
    });

  return (
    <Card withBorder radius="md" p="lg" data-testid="journey-flows">
      <Group justify="space-between" mb="md">
        <div>
          <Title order={4}>{t('flows.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('flows.description')}
          </Text>
        </div>
        {canAdd && (
          <Button
            component={Link}
            to={hrefFor(paths.addJourneyFlow, { id: journey.id })}
            variant="light"
            leftSection={<IconPlus size={16} />}
            data-testid="flow-add"
          >
            {t('flows.add')}
          </Button>
        )}
      </Group>
      {flows.isPending && <Skeleton h={90} radius="md" />}
      {flows.data?.data.length === 0 && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} data-testid="flows-empty">
          {t('flows.empty')}
        </Alert>
      )}
      <Stack gap="sm">
        {flows.data?.data.map((flow) => (
          <Paper key={flow.id} withBorder radius="md" p="md" data-testid="flow-row" data-name={flow.user_type.name}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={6} miw={0}>
                <Group gap="xs">
                  <Text fw={600}>{flow.user_type.name}</Text>
                  <Badge variant="dot" color="gray" size="sm">
                    {t(`registration.${flow.user_type.registration_method}`)}
                  </Badge>
                </Group>
                <FlowSummary flow={flow} />
              </Stack>
              {canEdit && (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={flow.editable ? t('flows.edit') : t('flows.not_yours')} withArrow>
                    <span>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('flows.edit_for', { name: flow.user_type.name })}
                        disabled={!flow.editable}
                        onClick={() => navigateTo(hrefFor(paths.updateJourneyFlow, { id: flow.id }))}
                        data-testid="flow-edit"
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </span>
                  </Tooltip>
                  <Tooltip label={flow.editable ? t('flows.delete') : t('flows.not_yours')} withArrow>
                    <span>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('flows.delete_for', { name: flow.user_type.name })}
                        disabled={!flow.editable}
                        onClick={() => confirmDelete(flow)}
                        data-testid="flow-delete"
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </span>
                  </Tooltip>
                </Group>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Card>
  );
}
