import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SessionSummary } from '@app/shared/emergency/schemas';
import { hrefFor, paths } from '@/config/paths';
import { timeOfReading } from '@/lib/dates';

/** The sessions running now, each with a way to it (for those who may run sessions). */
export function RunningSessionsBanner({ sessions, canOpen }: { sessions: SessionSummary[]; canOpen: boolean }) {
  const { t } = useTranslation('emergency');
  if (sessions.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={t('list.running_title', { count: sessions.length })}
      data-testid="emergency-running"
    >
      <Stack gap="xs">
        {sessions.map((session) => (
          <Group key={session.id} justify="space-between" gap="sm" wrap="wrap" data-testid="emergency-running-session">
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600} dir="auto">
                {session.name}
              </Text>
              {session.is_drill && (
                <Badge color="grape.8" variant="filled" size="sm" data-testid="drill-badge">
                  {t('drill_label')}
                </Badge>
              )}
              <Text size="sm" c="dimmed">
                {t('list.running_since', {
                  time: timeOfReading(session.started_at.local),
                  accounted: session.counts.present + session.counts.out,
                  total: session.counts.total,
                })}
              </Text>
            </Group>
            {canOpen && (
              <Button
                size="xs"
                color="red.8"
                rightSection={<IconArrowRight size={14} className="mirror-rtl" />}
                renderRoot={(props) => (
                  <Link
                    to={hrefFor(paths.emergencySession, { sessionName: session.name, sessionId: session.id })}
                    {...props}
                  />
                )}
                data-testid="emergency-running-open"
              >
                {t('list.open_session')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
