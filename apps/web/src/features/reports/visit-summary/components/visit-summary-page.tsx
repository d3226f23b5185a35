import '@mantine/charts/styles.css';
import {
  Alert,
  Anchor,
  Paper,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitSummary, VisitSummaryQuery } from '@app/shared/reports/visit-summary';
import { formatIsoDay } from '@/lib/dates';
import { ExportButton } from '../../components/export-button';
import { useUrlFilters } from '@/lib/url-filters';
import { useVisitSummary, useVisitSummaryOptions } from '../api/get-visit-summary';
import {
  historyHref,
  periodRange,
  summaryPageFiltersSchema,
  summaryQuery,
  type FigureFilters,
  type SummaryPageFilters,
} from '../utils/summary-period';
import { HeatMap } from './heat-map';
import { ChartCard, SummaryBars } from './summary-bars';
import { VisitSummaryFilters } from './visit-summary-filters';

const EXPORT_COLUMNS = ['day', 'visits', 'people', 'average_minutes'] as const;

/** Opens the History list behind a figure in the app (a plain link for a new tab). */
function useOpenHistory(query: VisitSummaryQuery) {
  const navigate = useNavigate();
  return (figure: FigureFilters = {}) => {
    void navigate({ href: historyHref(query, figure) });
  };
}

function Kpi({ label, value, href, testId }: { label: string; value: string; href: string; testId: string }) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" p={0}>
      <UnstyledButton
        component="a"
        href={href}
        p="md"
        display="block"
        aria-label={`${label}: ${value}. ${t('visit_summary.kpi.open', { figure: label })}`}
        onClick={(e: MouseEvent) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey) return;
          e.preventDefault();
          void navigate({ href });
        }}
        data-testid={testId}
      >
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text fz={28} fw={700} data-testid={`${testId}-value`}>
          {value}
        </Text>
      </UnstyledButton>
    </Paper>
  );
}

/**
 * The visit summary (spec §2 /reporting/visit_summary): for a period, counts and charts of the visits
 * that arrived (per day, site, area, user type, weekday and hour, late and early reasons), durations,
 * and a table per day; every figure opens the History list behind it.
 */
export function VisitSummaryPage() {
  const { t, i18n } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(summaryPageFiltersSchema);
  const range = periodRange(filters);
  const query = summaryQuery(filters);
  const summary = useVisitSummary(query);
  const options = useVisitSummaryOptions();
  const open = useOpenHistory(query);
  const data = summary.data;

  return (
    <Stack gap="lg" data-testid="visit-summary-page">
      <Stack gap={4}>
        <Title order={2}>{t('visit_summary.title')}</Title>
        <Text c="dimmed">{t('visit_summary.description')}</Text>
        {data && (
          <Text size="xs" c="dimmed" data-testid="visit-summary-timezone">
            {t('visit_summary.timezone', { timezone: data.timezone })}
          </Text>
        )}
      </Stack>

      <VisitSummaryFilters
        filters={filters}
        range={range}
        options={options.data}
        onChange={(change) => setFilters(change as Partial<SummaryPageFilters>)}
        actions={<ExportButton report="visit_summary" filters={query} columns={EXPORT_COLUMNS} />}
      />

      {summary.isError && !data ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('visit_summary.load_failed')} />
      ) : !data ? (
        <SummarySkeleton />
      ) : (
        <SummaryFigures data={data} query={query} open={open} language={i18n.language} />
      )}
    </Stack>
  );
}

function SummarySkeleton() {
  return (
    <Stack gap="md" data-testid="visit-summary-loading">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h={84} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={300} radius="md" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton h={240} radius="md" />
        <Skeleton h={240} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

function SummaryFigures({
  data,
  query,
  open,
  language,
}: {
  data: VisitSummary;
  query: VisitSummaryQuery;
  open: (figure?: FigureFilters) => void;
  language: string;
}) {
  const { t } = useTranslation('reports');
  const number = new Intl.NumberFormat(language);
  // Days as the app writes them (DD/MM), in the reader's digits.
  const twoDigits = new Intl.NumberFormat(language, { minimumIntegerDigits: 2, useGrouping: false });
  const dayLabel = (day: string) =>
    `${twoDigits.format(Number(day.slice(8, 10)))}/${twoDigits.format(Number(day.slice(5, 7)))}`;
  const duration = (minutes: number | null) => {
    if (minutes === null) return t('visit_summary.kpi.none');
    const whole = Math.round(minutes);
    return whole < 60
      ? t('visit_summary.minutes', { value: number.format(whole) })
      : t('visit_summary.hours_minutes', {
          hours: number.format(Math.floor(whole / 60)),
          minutes: number.format(whole % 60),
        });
  };
  const { totals } = data;
  const areas = data.sites.flatMap((s) =>
    s.areas.map((a) => ({
      ...a,
      site: s.site,
      label: data.sites.length > 1 ? `${a.area.name} · ${s.site.name}` : a.area.name,
    })),
  );
  const empty = totals.visits === 0;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} data-testid="visit-summary-kpis">
        <Kpi
          label={t('visit_summary.kpi.visits')}
          value={number.format(totals.visits)}
          href={historyHref(query)}
          testId="kpi-visits"
        />
        <Kpi
          label={t('visit_summary.kpi.people')}
          value={number.format(totals.people)}
          href={historyHref(query)}
          testId="kpi-people"
        />
        <Kpi
          label={t('visit_summary.kpi.completed')}
          value={number.format(totals.completed)}
          href={historyHref(query, { state: 'left' })}
          testId="kpi-completed"
        />
        <Kpi
          label={t('visit_summary.kpi.average')}
          value={duration(totals.average_minutes)}
          href={historyHref(query, { state: 'left' })}
          testId="kpi-average"
        />
        <Kpi
          label={t('visit_summary.kpi.median')}
          value={duration(totals.median_minutes)}
          href={historyHref(query, { state: 'left' })}
          testId="kpi-median"
        />
        <Kpi
          label={t('visit_summary.kpi.no_shows')}
          value={number.format(totals.no_shows)}
          href={historyHref(query, { state: 'expected' })}
          testId="kpi-no-shows"
        />
      </SimpleGrid>

      <ChartCard
        title={t('visit_summary.charts.per_day')}
        hint={t('visit_summary.charts.click_hint')}
        testId="chart-per-day"
      >
        <SummaryBars
          layout="time"
          data={data.days.map((d) => ({ label: dayLabel(d.day), visits: d.visits }))}
          onSelect={(i) => open({ from: data.days[i]!.day, to: data.days[i]!.day })}
          testId="chart-per-day-chart"
        />
      </ChartCard>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard title={t('visit_summary.charts.per_site')} testId="chart-per-site">
          {data.sites.length === 0 ? (
            <NoData text={t('visit_summary.charts.no_data')} />
          ) : (
            <SummaryBars
              layout="list"
              data={data.sites.map((s) => ({ label: s.site.name, visits: s.visits }))}
              onSelect={(i) => open({ site_id: data.sites[i]!.site.id })}
              testId="chart-per-site-chart"
            />
          )}
        </ChartCard>
        <ChartCard title={t('visit_summary.charts.per_area')} testId="chart-per-area">
          {areas.length === 0 ? (
            <NoData text={t('visit_summary.charts.no_data')} />
          ) : (
            <SummaryBars
              layout="list"
              color="cyan.6"
              data={areas.map((a) => ({ label: a.label, visits: a.visits }))}
              onSelect={(i) => open({ site_id: areas[i]!.site.id, area_id: areas[i]!.area.id })}
              testId="chart-per-area-chart"
            />
          )}
        </ChartCard>
        <ChartCard title={t('visit_summary.charts.per_user_type')} testId="chart-per-user-type">
          {data.user_types.length === 0 ? (
            <NoData text={t('visit_summary.charts.no_data')} />
          ) : (
            <SummaryBars
              layout="list"
              color="grape.6"
              data={data.user_types.map((u) => ({
                label: u.user_type?.name ?? t('visit_summary.charts.no_user_type'),
                visits: u.visits,
              }))}
              onSelect={(i) => {
                const type = data.user_types[i]!.user_type;
                open(type ? { user_type_id: type.id } : {});
              }}
              testId="chart-per-user-type-chart"
            />
          )}
        </ChartCard>
        <ChartCard
          title={t('visit_summary.charts.heat_map')}
          hint={t('visit_summary.charts.heat_hint')}
          testId="chart-heat-map"
        >
          {empty ? (
            <NoData text={t('visit_summary.charts.no_data')} />
          ) : (
            <HeatMap
              cells={data.heat_map}
              onSelect={({ weekday, hour }) => open({ weekday: String(weekday), hour: String(hour) })}
            />
          )}
        </ChartCard>
        <ChartCard title={t('visit_summary.charts.late_reasons')} testId="chart-late-reasons">
          {data.late_reasons.length === 0 ? (
            <NoData text={t('visit_summary.charts.no_reasons')} />
          ) : (
            <SummaryBars
              layout="list"
              color="orange.6"
              data={data.late_reasons.map((r) => ({ label: r.reason.name, visits: r.visits }))}
              onSelect={(i) => open({ late_reason_id: data.late_reasons[i]!.reason.id })}
              testId="chart-late-reasons-chart"
            />
          )}
        </ChartCard>
        <ChartCard title={t('visit_summary.charts.early_reasons')} testId="chart-early-reasons">
          {data.early_reasons.length === 0 ? (
            <NoData text={t('visit_summary.charts.no_reasons')} />
          ) : (
            <SummaryBars
              layout="list"
              color="red.6"
              data={data.early_reasons.map((r) => ({ label: r.reason.name, visits: r.visits }))}
              onSelect={(i) => open({ early_reason_id: data.early_reasons[i]!.reason.id })}
              testId="chart-early-reasons-chart"
            />
          )}
        </ChartCard>
      </SimpleGrid>

      <ChartCard title={t('visit_summary.table.title')} testId="visit-summary-days">
        <ScrollArea.Autosize mah={420} type="auto">
          <Table striped highlightOnHover stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('visit_summary.columns.day')}</Table.Th>
                <Table.Th ta="end">{t('visit_summary.columns.visits')}</Table.Th>
                <Table.Th ta="end">{t('visit_summary.columns.people')}</Table.Th>
                <Table.Th ta="end">{t('visit_summary.columns.average_minutes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.days.map((d) => (
                <Table.Tr key={d.day} data-day={d.day}>
                  <Table.Td>
                    <Anchor
                      href={historyHref(query, { from: d.day, to: d.day })}
                      aria-label={t('visit_summary.table.open_day', { day: formatIsoDay(d.day) })}
                      onClick={(e: MouseEvent) => {
                        if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                        e.preventDefault();
                        open({ from: d.day, to: d.day });
                      }}
                    >
                      {formatIsoDay(d.day)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="end">{number.format(d.visits)}</Table.Td>
                  <Table.Td ta="end">{number.format(d.people)}</Table.Td>
                  <Table.Td ta="end">{duration(d.average_minutes)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </ChartCard>
    </Stack>
  );
}

function NoData({ text }: { text: string }) {
  return (
    <Text c="dimmed" size="sm" py="lg" ta="center">
      {text}
    </Text>
  );
}
