import { ActionIcon, Badge, Button, Group, Menu, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconDots,
  IconKey,
  IconListDetails,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '@app/shared/webhooks/schemas';
import { hrefFor, paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { endpointState, previousSecretSigns } from '../utils/endpoint-status';
import { eventChips } from '../utils/webhook-events';
import { LtrText } from './ltr-text';
import { AttemptResultBadge, EndpointStatusBadge } from './webhook-badges';

export type EndpointAction = 'edit' | 'test' | 'rotate' | 'toggle' | 'delete';

type EndpointsTableProps = {
  endpoints: readonly WebhookEndpoint[];
  /** The endpoint whose test message is being queued (its button spins). */
  testing: string | null;
  onAction: (action: EndpointAction, endpoint: WebhookEndpoint) => void;
};

/** The endpoint's events: a few as chips (how many more beside them), or one chip when it takes every event. */
function EventChips({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  const chips = eventChips(endpoint.events, endpoint.endpoint_kind);
  const chip = (key: string, label: string, title?: string) => (
    <Badge key={key} variant="default" radius="sm" tt="none" fw={500} title={title} data-testid="webhook-event-chip">
      {label}
    </Badge>
  );
  return (
    <Group gap={4} maw={280} data-testid="webhook-events">
      {chips.all
        ? chip('all', t('list.all_events', { count: endpoint.events.length }))
        : [
            ...chips.shown.map((event) => chip(event, t(`events.${event}.label`), event)),
            chips.more > 0 && chip('more', t('list.more_events', { count: chips.more })),
          ]}
    </Group>
  );
}

/** The company's endpoints: where each goes, what it is told of, where it stands and its last attempt. */
export function EndpointsTable({ endpoints, testing, onAction }: EndpointsTableProps) {
  const { t } = useTranslation('webhooks');
  return (
    <Table.ScrollContainer minWidth={940}>
      <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover data-testid="webhook-endpoints">
        <VisuallyHidden component="caption">{t('list.caption')}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.columns.endpoint')}</Table.Th>
            <Table.Th>{t('list.columns.events')}</Table.Th>
            <Table.Th>{t('list.columns.status')}</Table.Th>
            <Table.Th>{t('list.columns.pending')}</Table.Th>
            <Table.Th>{t('list.columns.last_attempt')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {endpoints.map((endpoint) => {
            const state = endpointState(endpoint);
            const name = { url: endpoint.endpoint_url };
            return (
              <Table.Tr
                key={endpoint.id}
                data-testid="webhook-row"
                data-id={endpoint.id}
                data-url={endpoint.endpoint_url}
                data-state={state}
              >
                <Table.Td>
                  <Stack gap={2} miw={220} maw={360}>
                    {endpoint.endpoint_kind !== 'standard' && (
                      <Badge
                        variant="light"
                        color={endpoint.endpoint_kind === 'slack' ? 'grape' : 'indigo'}
                        radius="sm"
                        tt="none"
                        data-testid="webhook-kind"
                      >
                        {t(`kinds.${endpoint.endpoint_kind}`)}
                      </Badge>
                    )}
                    <LtrText fw={600} mono data-testid="webhook-url">
                      {endpoint.endpoint_url}
                    </LtrText>
                    {endpoint.description && (
                      <Text size="sm" c="dimmed" style={{ unicodeBidi: 'plaintext' }} data-testid="webhook-description">
                        {endpoint.description}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <EventChips endpoint={endpoint} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start" maw={220}>
                    <EndpointStatusBadge state={state} />
                    {!endpoint.enabled && endpoint.disabled_at && (
                      <Text size="xs" c="dimmed" data-testid="webhook-disabled-at">
                        {t('list.since', { time: formatDateTime(endpoint.disabled_at) })}
                      </Text>
                    )}
                    {previousSecretSigns(endpoint) && (
                      <Text size="xs" c="dimmed" data-testid="webhook-previous-secret">
                        {t('list.previous_secret', { time: formatDateTime(endpoint.previous_secret_until!) })}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {endpoint.pending > 0 ? (
                    <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }} data-testid="webhook-pending">
                      {t('list.pending', { count: endpoint.pending })}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed" data-testid="webhook-pending">
                      {t('list.none_pending')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {endpoint.last_attempt ? (
                    <Stack gap={4} align="flex-start" maw={220} data-testid="webhook-last-attempt">
                      <Text size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(endpoint.last_attempt.at)}
                      </Text>
                      <AttemptResultBadge attempt={endpoint.last_attempt} />
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed" data-testid="webhook-last-attempt">
                      {t('list.never')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      variant="light"
                      size="xs"
                      leftSection={<IconListDetails size={14} />}
                      renderRoot={(props) => <Link to={hrefFor(paths.webhookLog, { id: endpoint.id })} {...props} />}
                      aria-label={t('actions.log_for', name)}
                      data-testid="webhook-log"
                    >
                      {t('actions.log')}
                    </Button>
                    <Tooltip label={t('actions.test')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('actions.test_for', name)}
                        loading={testing === endpoint.id}
                        onClick={() => onAction('test', endpoint)}
                        data-testid="webhook-test"
                      >
                        <IconSend size={16} className="mirror-rtl" />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('actions.edit')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('actions.edit_for', name)}
                        onClick={() => onAction('edit', endpoint)}
                        data-testid="webhook-edit"
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Tooltip label={t('actions.more')}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t('actions.more_for', name)}
                            data-testid="webhook-more"
                          >
                            <IconDots size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {endpoint.endpoint_kind === 'standard' && (
                          <Menu.Item
                            leftSection={<IconKey size={14} />}
                            onClick={() => onAction('rotate', endpoint)}
                            data-testid="webhook-rotate"
                          >
                            {t('actions.rotate')}
                          </Menu.Item>
                        )}
                        <Menu.Item
                          leftSection={endpoint.enabled ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
                          onClick={() => onAction('toggle', endpoint)}
                          data-testid="webhook-toggle"
                        >
                          {endpoint.enabled ? t('actions.disable') : t('actions.enable')}
                        </Menu.Item>
                        <Menu.Divider />
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => onAction('delete', endpoint)}
                          data-testid="webhook-delete"
                        >
                          {t('actions.delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
