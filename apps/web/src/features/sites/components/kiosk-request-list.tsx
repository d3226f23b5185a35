import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconScreenShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isFinishedKioskRequest, type KioskRequest } from '@app/shared/kiosks/requests';
import { formatDateTime } from '@/lib/dates';
import { kioskDataUrl, useCancelKioskRequest, useKioskRequests } from '../api/kiosk-requests';
import { REQUEST_STATUS_COLOURS, timeWithSeconds } from '../utils/kiosk-requests';

type KioskRequestListProps = {
  kioskId: string;
  onViewScreen: (request: KioskRequest) => void;
};

/** The states a request went through, with their times: "placed 10:01:02 › pending 10:01:02 › …". */
function History({ request }: { request: KioskRequest }) {
  const { t, i18n } = useTranslation('kiosks');
  return (
    <Text size="xs" c="dimmed" data-testid="kiosk-request-history">
      {request.history
        .map((step) => `${t(`remote.statuses.${step.status}`)} ${timeWithSeconds(step.at, i18n.language)}`)
        .join(' › ')}
    </Text>
  );
}

function RequestCard({
  request,
  onViewScreen,
}: {
  request: KioskRequest;
  onViewScreen: KioskRequestListProps['onViewScreen'];
}) {
  const { t } = useTranslation('kiosks');
  const cancel = useCancelKioskRequest();
  const finished = isFinishedKioskRequest(request.status);
  // A request the kiosk runs is stopped (closed); one it has not begun is canceled.
  const stopLabel = request.status === 'running' ? t('remote.stop') : t('remote.cancel');
  return (
    <Card withBorder padding="sm" data-testid="kiosk-request" data-action={request.action} data-status={request.status}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500}>
            {t(`remote.actions.${request.action}`)}
            {request.params.door_name ? ` · ${request.params.door_name}` : ''}
            {request.params.version ? ` · ${request.params.version}` : ''}
            {request.action === 'kiosk_logging'
              ? ` · ${request.params.enabled ? t('remote.logging_on') : t('remote.logging_off')}`
              : ''}
          </Text>
          <Badge color={REQUEST_STATUS_COLOURS[request.status]} variant="light" data-testid="kiosk-request-status">
            {t(`remote.statuses.${request.status}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('remote.asked_by', { name: request.requested_by.name, when: formatDateTime(request.created_at) })}
        </Text>
        {request.error && (
          <Text size="sm" c="red" data-testid="kiosk-request-error">
            {request.error}
          </Text>
        )}
        <History request={request} />
        <Group gap="xs">
          {request.action === 'remote_show_screen' && !finished && (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconScreenShare size={14} />}
              onClick={() => onViewScreen(request)}
              data-testid="kiosk-request-view-screen"
            >
              {t('remote.view_screen')}
            </Button>
          )}
          {request.has_data && (
            <Anchor href={kioskDataUrl(request.id)} size="xs" download data-testid="kiosk-request-download">
              <Group gap={4} component="span">
                <IconDownload size={14} />
                {t('remote.download_data')}
              </Group>
            </Anchor>
          )}
          {!finished && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(request.id)}
              data-testid="kiosk-request-cancel"
            >
              {stopLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** A kiosk's most recent remote requests, newest first, kept live by the kiosks' events. */
export function KioskRequestList({ kioskId, onViewScreen }: KioskRequestListProps) {
  const { t } = useTranslation('kiosks');
  const requests = useKioskRequests(kioskId);
  if (requests.isPending) return <Skeleton h={80} />;
  if (requests.isError)
    return (
      <Alert color="red" variant="light">
        {t('remote.load_failed')}
      </Alert>
    );
  if (requests.data.data.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="kiosk-requests-empty">
        {t('remote.none_yet')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="kiosk-requests">
      {requests.data.data.map((request) => (
        <RequestCard key={request.id} request={request} onViewScreen={onViewScreen} />
      ))}
    </Stack>
  );
}
