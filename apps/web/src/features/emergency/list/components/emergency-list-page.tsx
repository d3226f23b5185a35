import { Badge, Button, Card, EmptyState, Group, Paper, Skeleton, Stack, Text, Title, Alert } from '@mantine/core';
import { IconAlertCircle, IconMapPin, IconPrinter, IconUserCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { columnInfo } from '@/components/data-grid/grid-columns';
import { useTablePreference } from '@/components/data-grid/use-table-preference';
import { LiveStatus } from '@/components/ui/live-status';
import { formatLocalReading } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { useActiveSessions } from '../../api/get-active-sessions';
import { useEmergencyList } from '../../api/get-emergency-list';
import { useEmergencyPlaces } from '../../api/get-emergency-places';
import { useLiveEmergencyList } from '../hooks/use-live-emergency-list';
import { EMERGENCY_LIST_VIEW, listChoice, listFilter, searchList } from '../utils/list-view';
import { EmergencyListFilters } from './emergency-list-filters';
import { OnSiteAreaTable } from './on-site-area-table';
import { RunningSessionsBanner } from './running-sessions-banner';
import classes from './emergency-list.module.css';

const LIST_CONFIG = { ...EMERGENCY_LIST_VIEW, columns: columnInfo([]) };

/**
 * The emergency list (spec §2 /emergency-list, opened from the top bar in a window of its own): everyone
 * on site now in the reader's sites, by site and area, with what a warden needs to find them (photo,
 * user type, host, phone, when they signed in). It follows sign-ins and sign-outs live, says when it was
 * read, prints, and points to the sessions running now.
 */
export function EmergencyListPage() {
  const { t } = useTranslation('emergency');
  const session = useSession();
  const live = useLiveEmergencyList();
  const preference = useTablePreference('emergency-list', LIST_CONFIG);
  const places = useEmergencyPlaces();
  const choice = listChoice(preference.state.filters, places.data);
  const filter = listFilter(choice);
  const list = useEmergencyList(filter, preference.ready);
  const running = useActiveSessions();
  const shown = useMemo(
    () => (list.data ? searchList(list.data, preference.state.search) : undefined),
    [list.data, preference.state.search],
  );
  const canOpenSessions = !!session && isAllowed(session.permissions, 'show_emergency_sessions');
  const today = list.data?.read_at.local.slice(0, 10) ?? '';
  const narrowed = choice.siteIds.length > 0 || choice.areaIds.length > 0;
  const searching = preference.state.search.trim() !== '';

  return (
    <Stack gap="lg" data-testid="emergency-list-page" data-emergency-list-print>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
          <Title order={2}>{t('list.title')}</Title>
          <Group gap="sm" wrap="wrap">
            <span className={classes.noPrint}>
              <LiveStatus view={live} hint={t('list.live_hint')} testId="emergency-list-live" />
            </span>
            {list.data && (
              <Text size="sm" c="dimmed" data-testid="emergency-list-read-at">
                {t('list.read_at', { time: formatLocalReading(list.data.read_at.local) })}
              </Text>
            )}
          </Group>
        </Stack>
        <Group gap="sm" className={classes.noPrint}>
          {list.data && (
            <Badge size="xl" color="red.8" variant="filled" tt="none" data-testid="emergency-list-total">
              {t('list.total', { count: shown?.total ?? 0 })}
            </Badge>
          )}
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() => window.print()}
            disabled={!list.data}
            data-testid="emergency-list-print"
          >
            {t('list.print')}
          </Button>
        </Group>
      </Group>
      <Text className={classes.printOnly} fw={600}>
        {t('list.total', { count: shown?.total ?? 0 })}
      </Text>

      <div className={classes.noPrint}>
        <RunningSessionsBanner sessions={running.data ?? []} canOpen={canOpenSessions} />
      </div>

      <div className={classes.noPrint}>
        <EmergencyListFilters
          places={places.data}
          choice={choice}
          search={preference.state.search}
          disabled={!preference.ready}
          onSites={(siteIds) =>
            preference.update((state) => {
              // Areas stay chosen only inside the sites chosen.
              const keep = listChoice({ ...state.filters, site_id: siteIds }, places.data);
              return { ...state, filters: { site_id: siteIds, area_id: keep.areaIds } };
            })
          }
          onAreas={(areaIds) => preference.setFilter('area_id', areaIds)}
          onSearch={(search) => preference.update((state) => ({ ...state, search }))}
          onClear={() => preference.update((state) => ({ ...state, filters: {}, search: '' }))}
        />
      </div>

      {list.isError && !list.data ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('list.load_failed')}>
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void list.refetch()}>
            {t('list.retry')}
          </Button>
        </Alert>
      ) : !shown ? (
        <Stack gap="md" data-testid="emergency-list-loading">
          <Skeleton h={48} radius="md" />
          <Skeleton h={160} radius="md" />
        </Stack>
      ) : shown.sites.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconUserCheck size={28} />}
            title={searching ? t('list.no_match_title') : t('list.empty_title')}
            description={
              searching ? t('list.no_match_body') : narrowed ? t('list.empty_filtered') : t('list.empty_body')
            }
            py="xl"
            data-testid="emergency-list-empty"
          />
        </Paper>
      ) : (
        <Stack gap="lg" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {shown.sites.map((site) => (
            <Card
              key={site.id}
              withBorder
              radius="md"
              padding={0}
              className={classes.site}
              data-testid="emergency-site"
              data-name={site.name}
            >
              <Group justify="space-between" px="md" py="sm" wrap="nowrap">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <IconMapPin size={20} aria-hidden />
                  <Title order={3} size="h4" lineClamp={1}>
                    {site.name}
                  </Title>
                </Group>
                <Text fw={600} size="sm" data-testid="emergency-site-count">
                  {t('list.people_count', { count: site.count })}
                </Text>
              </Group>
              {site.areas.map((area) => (
                <OnSiteAreaTable key={area.id} area={area} today={today} />
              ))}
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
