import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconDeviceTablet, IconUrgent } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SessionSummary } from '@app/shared/emergency/schemas';
import { hrefFor, paths } from '@/config/paths';
import { formatLocalReading } from '@/lib/dates';
import { placesSummary } from '../utils/sessions-query';
import { SessionProgress } from './session-progress';

function Count({ label, value, color, testId }: { label: string; value: number; color: string; testId: string }) {
  return (
    <Stack gap={0} align="center">
      <Text fz={26} fw={700} lh={1.1} c={color} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
    </Stack>
  );
}

/** A running session: what it covers, who started it and when, its roll's counts, and the way in. */
export function ActiveSessionCard({ session }: { session: SessionSummary }) {
  const { t } = useTranslation('emergency');
  const places = placesSummary(session, 4);
  const href = hrefFor(paths.emergencySession, { sessionName: session.name, sessionId: session.id });
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid="active-session"
      data-name={session.name}
      style={{ borderInlineStart: `4px solid var(--mantine-color-${session.is_drill ? 'grape' : 'red'}-6)` }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
            <ThemeIcon size={40} radius="xl" color={session.is_drill ? 'grape' : 'red'} variant="light">
              {session.origin === 'kiosk' ? <IconDeviceTablet size={22} /> : <IconUrgent size={22} />}
            </ThemeIcon>
            <Stack gap={2} miw={0}>
              <Group gap="xs" wrap="wrap">
                <Title order={3} size="h4" dir="auto" data-testid="active-session-name">
                  {session.name}
                </Title>
                {session.is_drill && (
                  <Badge color="grape.8" variant="filled" data-testid="drill-badge">
                    {t('drill_label')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {session.origin === 'kiosk' && session.kiosk
                  ? t('sessions.started_by_kiosk', {
                      kiosk: session.kiosk.name,
                      time: formatLocalReading(session.started_at.local),
                    })
                  : t('sessions.started_by', {
                      name: session.started_by ?? t('sessions.someone'),
                      time: formatLocalReading(session.started_at.local),
                    })}
              </Text>
            </Stack>
          </Group>
          <Button
            color="red.8"
            rightSection={<IconArrowRight size={16} className="mirror-rtl" />}
            style={{ flexShrink: 0 }}
            renderRoot={(props) => <Link to={href} {...props} />}
            data-testid="active-session-open"
          >
            {t('sessions.open')}
          </Button>
        </Group>

        <Group gap={6} wrap="wrap">
          {places.names.map((name) => (
            <Badge key={name} variant="light" color="gray" tt="none">
              {name}
            </Badge>
          ))}
          {places.more > 0 && (
            <Badge variant="outline" color="gray" tt="none">
              {t('sessions.more_areas', { count: places.more })}
            </Badge>
          )}
        </Group>

        <SimpleGrid cols={3} spacing="sm">
          <Count label={t('status.present')} value={session.counts.present} color="teal.8" testId="active-present" />
          <Count
            label={t('status.not_present')}
            value={session.counts.not_present}
            color="red.8"
            testId="active-missing"
          />
          <Count label={t('status.out')} value={session.counts.out} color="gray.7" testId="active-out" />
        </SimpleGrid>
        <SessionProgress counts={session.counts} />
      </Stack>
    </Card>
  );
}
