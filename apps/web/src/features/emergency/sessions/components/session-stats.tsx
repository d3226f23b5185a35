import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFlame, IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SessionStats as Stats } from '@app/shared/emergency/schemas';
import { formatLocalReading } from '@/lib/dates';

function StatCard({ kind, stats }: { kind: 'drills' | 'emergencies'; stats: Stats['drills'] }) {
  const { t } = useTranslation('emergency');
  const Icon = kind === 'drills' ? IconSchool : IconFlame;
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`stats-${kind}`}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" color={kind === 'drills' ? 'grape' : 'red'}>
          <Icon size={24} />
        </ThemeIcon>
        <Stack gap={4} miw={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(`stats.${kind}`)}
          </Text>
          <Text fz={28} fw={700} lh={1.1} data-testid={`stats-${kind}-count`}>
            {stats.count}
          </Text>
          <Text size="sm" c="dimmed">
            {stats.last_at ? t('stats.last', { time: formatLocalReading(stats.last_at.local) }) : t('stats.never')}
          </Text>
          <Text size="sm" data-testid={`stats-${kind}-median`}>
            {stats.median_minutes_to_all === null
              ? t('stats.median_none')
              : t('stats.median', { minutes: Math.round(stats.median_minutes_to_all * 10) / 10 })}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** Drills and real emergencies counted apart: how many, the last one, the usual time to everyone accounted for. */
export function SessionStatsCards({ stats }: { stats: Stats | undefined }) {
  if (!stats)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Skeleton h={128} radius="md" />
        <Skeleton h={128} radius="md" />
      </SimpleGrid>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="session-stats">
      <StatCard kind="drills" stats={stats.drills} />
      <StatCard kind="emergencies" stats={stats.emergencies} />
    </SimpleGrid>
  );
}
