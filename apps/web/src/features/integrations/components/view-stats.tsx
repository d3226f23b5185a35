import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Integration } from '@app/shared/integrations/schemas';
import { DELTA_LINK_DAYS, stageOf } from '@app/shared/integrations/status';
import { formatDateTime } from '@/lib/dates';
import type { IntegrationStatistics } from '../api/get-statistics';
import { tempPageHref, type TempPage } from '../utils/flow-links';
import { deltaLinkState } from '../utils/view-rules';
import { followInApp } from './href-link';

type Stat = {
  id: 'imported' | 'errors' | 'duplicates' | 'valid' | 'people' | 'archived';
  value: number;
  colour?: string;
  /** The page listing them (opened from the view). */
  page?: TempPage;
};

function StatCard({ stat, integrationId }: { stat: Stat; integrationId: string }) {
  const { t } = useTranslation('integrations');
  const label = t(`integration_view.stats.${stat.id}`);
  const href = stat.page ? tempPageHref(stat.page, integrationId, true) : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`integration-stat-${stat.id}`}>
      <Stack gap={2}>
        <Text size="xs" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text fw={700} size="xl" c={stat.value > 0 ? stat.colour : undefined} data-testid="integration-stat-value">
          {stat.value.toLocaleString()}
        </Text>
        {href && (
          <Anchor
            size="xs"
            href={href}
            onClick={(event) => followInApp(event, href)}
            data-testid={`integration-stat-${stat.id}-link`}
          >
            {t('integration_view.stats.open', { name: label })}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/** Spec §3 stats: what the last read found, and the people kept in step; each list a link to its page. */
export function StatsCards({ integrationId, stats }: { integrationId: string; stats: IntegrationStatistics }) {
  const list: Stat[] = [
    { id: 'imported', value: stats.imported },
    { id: 'errors', value: stats.errors, colour: 'red.8', page: 'error' },
    { id: 'duplicates', value: stats.duplicates, colour: 'orange.9', page: 'duplicate' },
    { id: 'valid', value: stats.valid, colour: 'teal.8' },
    // From the view, the valid-users page lists the people kept in step (spec §2).
    { id: 'people', value: stats.people, page: 'valid' },
    { id: 'archived', value: stats.archived },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="integration-stats">
      {list.map((stat) => (
        <StatCard key={stat.id} stat={stat} integrationId={integrationId} />
      ))}
    </SimpleGrid>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

const STAGE_COLOURS = { processing: 'blue', done: 'teal', failed: 'red', 'auth-failed': 'red' } as const;

/**
 * Sync health: the last successful sync, the next one, how often, the latest run; for Microsoft Graph
 * the delta link's age (after DELTA_LINK_DAYS the next sync reads the whole directory by itself); when
 * the directory's token was last refreshed.
 */
export function SyncHealthCard({ integration, stats }: { integration: Integration; stats: IntegrationStatistics }) {
  const { t } = useTranslation('integrations');
  const when = (value: string | null, none: string) => (value ? <bdi dir="ltr">{formatDateTime(value)}</bdi> : none);
  const delta = deltaLinkState(stats.delta_age_days);
  const run = stats.last_run;
  const nextSync =
    integration.status === 'inactive'
      ? t('integration_view.health.auto_off')
      : when(stats.next_sync_at ?? integration.next_sync_at, t('integration_view.health.not_scheduled'));
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="sync-health-title"
      data-testid="sync-health"
    >
      <Title order={3} size="h4" id="sync-health-title" mb="md">
        {t('integration_view.health.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="dl" m={0}>
        <Fact label={t('integration_view.health.last_success')} testId="health-last-success">
          {when(stats.last_success_at ?? integration.last_success_at, t('integration_view.health.never'))}
        </Fact>
        <Fact label={t('integration_view.health.next_sync')} testId="health-next-sync">
          {nextSync}
        </Fact>
        <Fact label={t('integration_view.health.frequency')} testId="health-frequency">
          {integration.dir_code === 'scim'
            ? t('integration_view.health.pushed')
            : t(`frequencies.${integration.sync_frequency}`)}
        </Fact>
        <Fact label={t('integration_view.health.last_run')} testId="health-last-run">
          {run ? (
            <Group gap={6} component="span">
              <Badge variant="light" color={STAGE_COLOURS[stageOf(run.sync_status.id)]} tt="none">
                {run.sync_status.text}
              </Badge>
              {when(run.finished_at ?? run.started_at, '')}
            </Group>
          ) : (
            t('integration_view.health.no_run')
          )}
        </Fact>
        {delta && (
          <Fact label={t('integration_view.health.delta_age')} testId="health-delta-age">
            <Text
              span
              size="sm"
              c={delta === 'expired' ? 'orange.9' : undefined}
              fw={delta === 'fresh' ? undefined : 600}
            >
              {(stats.delta_age_days ?? 0) < 1
                ? t('integration_view.health.under_a_day')
                : t('integration_view.health.days', { count: Math.floor(stats.delta_age_days ?? 0) })}
            </Text>
            <Text span display="block" size="xs" c="dimmed">
              {t('integration_view.health.delta_hint', { days: DELTA_LINK_DAYS })}
            </Text>
            {delta === 'expired' && (
              <Text span display="block" size="xs" c="orange.9">
                {t('integration_view.health.delta_expired')}
              </Text>
            )}
          </Fact>
        )}
        {integration.dir_code !== 'scim' && (
          <Fact label={t('integration_view.health.token_refreshed')} testId="health-token-refreshed">
            {when(integration.token_refreshed_at, t('integration_view.health.never'))}
          </Fact>
        )}
      </SimpleGrid>
    </Card>
  );
}
