import { Group, MultiSelect, Select, Stack, Text, Title, EmptyState, Paper } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconUserCheck, IconUsersGroup } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { DATE_INPUT_FORMAT, FIRST_DAY_OF_WEEK } from '@/lib/dates';
import { ExportButton } from '../../components/export-button';
import { useUrlFilters } from '@/lib/url-filters';
import { usePresenceOptions } from '../api/get-presence-options';
import { useUsersNotOnSite } from '../api/list-users-not-on-site';
import { NOT_ON_SITE_GRID, notOnSiteFilters, notOnSitePageSchema, notOnSiteQuery } from '../utils/presence-filters';
import { useNotOnSiteColumns } from './not-on-site-columns';

/**
 * Users not on site (spec §2 /reporting/users-not-on-site): the people of the chosen user types who are
 * not signed in now, or did not come in on a chosen day, with their last visit. Nothing is listed until
 * the reader has chosen the user types (which are the question), and the choice stays in the address.
 */
export function UsersNotOnSitePage() {
  const { t } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(notOnSitePageSchema);
  const grid = usePreferredGrid('reporting-users-not-on-site', useNotOnSiteColumns(), NOT_ON_SITE_GRID);
  const { preference } = grid;
  const options = usePresenceOptions();
  const chosen = filters.user_type_id.length > 0;
  const list = useUsersNotOnSite(notOnSiteQuery(filters, preference), preference.ready && chosen);
  const timezone = list.data?.timezone ?? options.data?.timezone;

  const visibleColumns = useMemo(
    () => preference.state.columnOrder.filter((id) => preference.state.columnVisibility[id] !== false),
    [preference.state.columnOrder, preference.state.columnVisibility],
  );
  const exportColumns = visibleColumns.flatMap((id) =>
    id === 'last_signed_in' ? ['last_signed_in', 'last_signed_out'] : [id],
  );

  const controls = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <MultiSelect
        label={t('users_not_on_site.user_types')}
        placeholder={chosen ? undefined : t('users_not_on_site.user_types_placeholder')}
        data={(options.data?.user_types ?? []).map((u) => ({ value: u.id, label: u.name }))}
        value={filters.user_type_id}
        onChange={(ids) => setFilters({ user_type_id: ids })}
        searchable
        clearable
        miw={240}
        maw={480}
        data-testid="not-on-site-user-types"
      />
      <Select
        label={t('users_not_on_site.site')}
        placeholder={t('users_not_on_site.any_site')}
        data={(options.data?.sites ?? []).map((s) => ({ value: s.id, label: s.name }))}
        value={filters.site_id ?? null}
        onChange={(id) => setFilters({ site_id: id ?? undefined })}
        clearable
        searchable
        w={200}
        data-testid="not-on-site-site"
      />
      <DatePickerInput
        label={t('users_not_on_site.day')}
        description={t('users_not_on_site.day_hint')}
        valueFormat={DATE_INPUT_FORMAT}
        firstDayOfWeek={FIRST_DAY_OF_WEEK}
        maxDate={options.data?.today}
        value={filters.day ?? null}
        onChange={(day) => setFilters({ day: day ?? undefined })}
        clearable
        w={240}
        data-testid="not-on-site-day"
      />
    </Group>
  );

  return (
    <Stack gap="lg" data-testid="users-not-on-site-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2}>{t('users_not_on_site.title')}</Title>
          <Text c="dimmed">{t('users_not_on_site.description')}</Text>
          {timezone && (
            <Text size="xs" c="dimmed">
              {t('users_not_on_site.timezone', { timezone })}
            </Text>
          )}
        </Stack>
        {chosen && (
          <ExportButton
            report="users_not_on_site"
            filters={notOnSiteFilters(filters, preference)}
            columns={exportColumns}
          />
        )}
      </Group>

      {controls}

      {chosen ? (
        <DataGrid
          testId="not-on-site"
          columns={grid.columns}
          {...gridListProps(list)}
          preference={preference}
          getRowId={(row) => row.person.id}
          getRowLabel={(row) => row.person.full_name}
          rowProps={(row) => ({ 'data-name': row.person.full_name })}
          searchLabel={t('users_not_on_site.search')}
          countLabel={(count) => t('users_not_on_site.count', { count })}
          loadFailedTitle={t('users_not_on_site.load_failed')}
          empty={{
            icon: IconUserCheck,
            title: t('users_not_on_site.empty_title'),
            description: preference.search
              ? t('common.no_rows')
              : filters.day
                ? t('users_not_on_site.empty_day')
                : t('users_not_on_site.empty_now'),
          }}
        />
      ) : (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconUsersGroup size={28} />}
            title={t('users_not_on_site.choose_title')}
            description={t('users_not_on_site.choose_body')}
            py="xl"
            data-testid="not-on-site-choose"
          />
        </Paper>
      )}
    </Stack>
  );
}
