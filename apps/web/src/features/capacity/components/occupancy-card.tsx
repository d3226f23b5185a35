import { Card, Divider, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuilding, IconDoorEnter, IconGauge } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import type { CapacityLevel } from '@app/shared/capacity/levels';
import type { Occupancy, PlaceOccupancy } from '@app/shared/capacity/schemas';
import { useSession } from '@/lib/session';
import { LEVEL_LOOK, approvalsWaiting, filledPercent, occupancyRows, type OccupancyRow } from '../utils/occupancy';
import { CapacityApprovals } from './capacity-approvals';
import { LevelBadge } from './level-badge';

type MeasureProps = {
  kind: 'on_site' | 'visitors_today';
  place: string;
  count: number;
  limit: number;
  level: CapacityLevel | null;
};

/** One count against its limit: in words, with its level's word, and as a bar in the level's colour. */
function Measure({ kind, place, count, limit, level }: MeasureProps) {
  const { t } = useTranslation('capacity');
  return (
    <Stack gap={6} data-testid={`occupancy-${kind}`} data-level={level ?? undefined}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} data-testid={`occupancy-${kind}-text`}>
          {t(`occupancy.${kind}`, { count, limit })}
        </Text>
        {level && <LevelBadge level={level} testId={`occupancy-${kind}-level`} />}
      </Group>
      <Progress
        value={filledPercent(count, limit)}
        color={LEVEL_LOOK[level ?? 'low'].bar}
        size="md"
        radius="xl"
        aria-label={t(`occupancy.${kind}_label`, { place, count, limit })}
      />
    </Stack>
  );
}

/** A place's name, then its people on site and today's visitors, each against its limit when it has one. */
function PlaceRow({ row }: { row: OccupancyRow }) {
  const { t } = useTranslation('capacity');
  const place: PlaceOccupancy = row.place;
  const PlaceIcon = row.kind === 'site' ? IconBuilding : IconDoorEnter;
  return (
    <Group
      align="flex-start"
      gap="md"
      wrap="wrap"
      py="xs"
      // An area sits under its site, indented on the reading side: its name only where the counts stand in
      // columns beside it (they stay in line with the site's), the whole row where they wrap under it.
      ps={row.kind === 'area' ? { base: 'xl', md: 0 } : 0}
      data-testid="occupancy-place"
      data-kind={row.kind}
      data-name={place.name}
    >
      <Group
        gap="xs"
        wrap="nowrap"
        miw={0}
        ps={row.kind === 'area' ? { base: 0, md: 'xl' } : 0}
        style={{ flex: '1 1 180px' }}
      >
        <PlaceIcon size={18} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" fw={row.kind === 'site' ? 700 : 500} truncate="end" dir="auto" data-testid="occupancy-name">
          {place.name}
        </Text>
      </Group>
      <div style={{ flex: '1 1 220px' }}>
        {place.capacity !== null ? (
          <Measure kind="on_site" place={place.name} count={place.on_site} limit={place.capacity} level={place.level} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="occupancy-on_site-text">
            {t('occupancy.on_site_plain', { count: place.on_site })}
          </Text>
        )}
      </div>
      <div style={{ flex: '1 1 220px' }}>
        {place.daily_visitor_limit !== null && (
          <Measure
            kind="visitors_today"
            place={place.name}
            count={place.visitors_today}
            limit={place.daily_visitor_limit}
            level={place.daily_level}
          />
        )}
      </div>
    </Group>
  );
}

/**
 * The dashboard's occupancy (decision 054): each site, then its areas, against their capacity and
 * daily visitor limit; and the requests to come in past a full place that wait for an admin.
 */
export function OccupancyCard({ occupancy: data }: { occupancy: Occupancy }) {
  const { t } = useTranslation('capacity');
  const canDecide = isAllowed(useSession()?.permissions, 'sites_devices');
  // A decided request leaves the list, and its buttons with it: focus goes back to the card.
  const title = useRef<HTMLHeadingElement>(null);
  const rows = occupancyRows(data);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="occupancy-title" data-testid="occupancy-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color="indigo" size={36} radius="md" aria-hidden>
              <IconGauge size={20} />
            </ThemeIcon>
            <Stack gap={0}>
              <Title order={3} size="h4" id="occupancy-title" ref={title} tabIndex={-1}>
                {t('occupancy.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('occupancy.description')}
              </Text>
            </Stack>
          </Group>
          <Text size="xs" c="dimmed" data-testid="occupancy-nearing">
            {t('occupancy.nearing_from', { percent: data.nearing_percent })}
          </Text>
        </Group>
        {rows.length > 0 && (
          <Stack gap={0} data-testid="occupancy-places">
            {rows.map((row) => (
              <PlaceRow key={`${row.kind}-${row.place.id}`} row={row} />
            ))}
          </Stack>
        )}
        {approvalsWaiting(data) && (
          <>
            {rows.length > 0 && <Divider />}
            <CapacityApprovals
              count={data.waiting_approvals}
              canDecide={canDecide}
              onDecided={() => title.current?.focus()}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
