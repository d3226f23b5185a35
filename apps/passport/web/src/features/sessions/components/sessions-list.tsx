// The browsers signed in to this passport: this one marked, each other one signed out on its own or all at once.
import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { toApiError, useAction, useRequest } from '../../../lib/use-request';
import { endSession } from '../api/end-session';
import { listSessions, type Session } from '../api/list-sessions';
import { describeDevice } from '../user-agent';

export function SessionsList() {
  const { t } = useTranslation();
  const load = useCallback((signal: AbortSignal) => listSessions(signal), []);
  const sessions = useRequest('sessions', load);
  const [ending, setEnding] = useState<string>();
  const endAll = useAction(async (ids: string[]) => {
    // One call per session: the API has no "every other session" call. Each ended one leaves the list.
    for (const id of ids) {
      await endSession(id);
      sessions.setData((list) => list?.filter((session) => session.id !== id));
    }
  });

  const end = async (id: string) => {
    setEnding(id);
    try {
      await endSession(id);
      sessions.setData((list) => list?.filter((session) => session.id !== id));
      notifySuccess(t('sessions.ended'));
    } catch (error) {
      notifyError(toApiError(error).message);
    } finally {
      setEnding(undefined);
    }
  };

  if (sessions.error) {
    return (
      <ErrorAlert error={sessions.error}>
        <div>
          <Button mt="sm" size="compact-sm" variant="light" color="red" onClick={sessions.reload}>
            {t('common.retry')}
          </Button>
        </div>
      </ErrorAlert>
    );
  }
  if (!sessions.data) return <PageLoader />;

  // This device first, then the most recently seen.
  const list = [...sessions.data].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at),
  );
  const others = list.filter((session) => !session.current).map((session) => session.id);

  return (
    <Stack gap="md">
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('sessions.list')}>
        {list.map((session) => (
          <li key={session.id}>
            <SessionItem session={session} ending={ending === session.id} onEnd={() => void end(session.id)} />
          </li>
        ))}
      </Stack>
      {others.length > 0 && (
        <>
          {endAll.error && <ErrorAlert error={endAll.error} />}
          <Button
            variant="outline"
            color="red.9"
            loading={endAll.pending}
            onClick={async () => {
              if ((await endAll.run(others)).ok) notifySuccess(t('sessions.ended_others'));
            }}
          >
            {t('sessions.end_others')}
          </Button>
        </>
      )}
    </Stack>
  );
}

function SessionItem({ session, ending, onEnd }: { session: Session; ending: boolean; onEnd: () => void }) {
  const { t, i18n } = useTranslation();
  // "Last seen 3 minutes ago" is as of when the list was shown.
  const [now] = useState(() => Date.now());
  const device = describeDevice(session.user_agent);
  const name =
    device.browser && device.os
      ? t('sessions.browser_on', { browser: device.browser, os: device.os })
      : (device.browser ?? device.os ?? t('sessions.unknown_device'));
  const Icon = device.mobile ? IconDeviceMobile : IconDeviceDesktop;

  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
          <Icon size={22} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            {session.current && (
              <Badge color="green" variant="light">
                {t('sessions.this_device')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('sessions.last_seen', { when: formatRelative(session.last_seen_at, now, i18n.language) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('sessions.signed_in', { when: formatDateTime(session.created_at, i18n.language) })}
          </Text>
          {session.ip && (
            <Text size="sm" c="dimmed">
              {t('sessions.ip', { ip: session.ip })}
            </Text>
          )}
        </Stack>
        {!session.current && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            loading={ending}
            onClick={onEnd}
            style={{ flexShrink: 0 }}
          >
            {t('sessions.end')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
