import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconListDetails, IconUrgent } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { LiveStatus } from '@/components/ui/live-status';
import { hrefFor, paths } from '@/config/paths';
import { useLiveView } from '@/lib/live-view';
import { navigateTo } from '@/lib/navigation';
import { useSession } from '@/lib/session';
import { useActiveSessions } from '../../api/get-active-sessions';
import { useSessionStats } from '../../api/get-session-stats';
import { areasWithSessionKey, emergencySessionsRootKey } from '../../api/emergency-query-keys';
import { ActiveSessionCard } from './active-session-card';
import { SessionStatsCards } from './session-stats';
import { SessionsHistory } from './sessions-history';
import { StartSessionModal } from './start-session-modal';

const LIVE_KEYS = [emergencySessionsRootKey, areasWithSessionKey];

/**
 * The emergency sessions (spec §2 /emergency-sessions): the sessions running now on top, each with its
 * roll's counts live; "Start session"; the drill and emergency statistics; and every past session.
 */
export function EmergencySessionsPage() {
  const { t } = useTranslation('emergency');
  const session = useSession();
  const live = useLiveView(LIVE_KEYS);
  const active = useActiveSessions();
  const stats = useSessionStats();
  const [starting, setStarting] = useState(false);
  const canSeeList = !!session && isAllowed(session.permissions, 'show_emergency_list');

  return (
    <Stack gap="xl" data-testid="emergency-sessions-page">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
          <Title order={2}>{t('sessions.title')}</Title>
          <Group gap="sm" wrap="wrap">
            <LiveStatus view={live} hint={t('sessions.live_hint')} testId="emergency-sessions-live" />
            <Text c="dimmed" size="sm">
              {t('sessions.description')}
            </Text>
          </Group>
        </Stack>
        <Group gap="sm">
          {canSeeList && (
            <Button
              variant="default"
              leftSection={<IconListDetails size={18} />}
              component="a"
              href={paths.emergencyList}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="sessions-open-list"
            >
              {t('sessions.open_list')}
            </Button>
          )}
          <Button
            color="red.8"
            size="md"
            leftSection={<IconUrgent size={20} />}
            onClick={() => setStarting(true)}
            data-testid="sessions-start"
          >
            {t('sessions.start')}
          </Button>
        </Group>
      </Group>

      <Stack gap="md">
        <Title order={3} size="h4">
          {t('sessions.active_title')}
        </Title>
        {active.isPending ? (
          <Skeleton h={180} radius="md" />
        ) : (active.data ?? []).length === 0 ? (
          <Text c="dimmed" data-testid="active-sessions-none">
            {t('sessions.active_none')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-testid="active-sessions">
            {(active.data ?? []).map((s) => (
              <ActiveSessionCard key={s.id} session={s} />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <Stack gap="md">
        <Title order={3} size="h4">
          {t('stats.title')}
        </Title>
        <SessionStatsCards stats={stats.data} />
      </Stack>

      <Stack gap="md">
        <Title order={3} size="h4">
          {t('sessions.history_title')}
        </Title>
        <SessionsHistory />
      </Stack>

      <StartSessionModal
        opened={starting}
        onClose={() => setStarting(false)}
        onStarted={(detail) => {
          setStarting(false);
          navigateTo(
            hrefFor(paths.emergencySession, { sessionName: detail.session.name, sessionId: detail.session.id }),
          );
        }}
      />
    </Stack>
  );
}
