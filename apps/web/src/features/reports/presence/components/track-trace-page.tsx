import {
  Alert,
  Avatar,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconInfoCircle, IconPrinter, IconRoute, IconSitemap, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactRow } from '@app/shared/reports/presence';
import { PersonSearchSelect, type PersonOption } from '@/components/people-picker/people-picker';
import { DATE_INPUT_FORMAT, FIRST_DAY_OF_WEEK, formatIsoDay, formatLocalReading } from '@/lib/dates';
import { ExportButton } from '../../components/export-button';
import { useUrlFilters } from '@/lib/url-filters';
import { usePresenceOptions } from '../api/get-presence-options';
import { useTrackTrace } from '../api/get-track-trace';
import { trackTracePageSchema } from '../utils/presence-filters';
import classes from './track-trace.module.css';

/** The columns an export of the view writes, in the table's order. */
const EXPORT_COLUMNS = [
  'level',
  'name',
  'company',
  'site',
  'area',
  'overlap_minutes',
  'first_overlap',
  'last_overlap',
  'linked_by',
] as const;

function ContactRows({ rows }: { rows: ContactRow[] }) {
  const { t } = useTranslation('reports');
  return rows.map((row) => (
    <Table.Tr
      key={`${row.level}:${row.person.id}:${row.area.id}:${row.linked_by?.id ?? ''}`}
      data-testid="track-trace-row"
      data-name={row.person.full_name}
      data-level={row.level}
    >
      <Table.Td>
        <Badge variant="light" color={row.level === 1 ? 'red' : 'orange'} size="sm">
          {row.level === 1 ? t('track_trace.first_level') : t('track_trace.second_level')}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={row.person.photo_url}
            name={row.person.full_name}
            color="initials"
            radius="xl"
            size={28}
            alt=""
          />
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={500} dir="auto">
              {row.person.full_name}
            </Text>
            {row.person.company_name && (
              <Text size="xs" c="dimmed" dir="auto">
                {row.person.company_name}
              </Text>
            )}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {row.site.name} · {row.area.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500} data-testid="track-trace-minutes">
          {t('track_trace.minutes', { count: row.overlap_minutes })}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" dir="ltr" ta="start">
          {formatLocalReading(row.first_overlap.local)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" dir="ltr" ta="start">
          {formatLocalReading(row.last_overlap.local)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" dir="auto">
          {row.linked_by?.full_name ?? ''}
        </Text>
      </Table.Td>
    </Table.Tr>
  ));
}

/**
 * Track and trace (spec §2 /reporting/track-trace): for a person and a day, everyone who was in the same
 * area at overlapping times and for how long, one level further on request; printable and exportable.
 * The person, day and level are in the address, so a link (or a reload) shows the same answer.
 */
export function TrackTracePage() {
  const { t } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(trackTracePageSchema);
  const options = usePresenceOptions();
  const depth: 1 | 2 = filters.depth === '2' ? 2 : 1;
  const query = { person_id: filters.person_id, date: filters.date, depth };
  const trace = useTrackTrace(query);
  const [picked, setPicked] = useState<PersonOption | null>(null);
  const known = trace.data?.person;
  const person: PersonOption | null =
    picked?.id === filters.person_id
      ? picked
      : known && known.id === filters.person_id
        ? { id: known.id, full_name: known.full_name, email: null }
        : null;
  const ready = Boolean(filters.person_id && filters.date);
  const rows = trace.data?.data ?? [];
  const timezone = trace.data?.timezone ?? options.data?.timezone;

  const choosePerson = (next: PersonOption | null) => {
    setPicked(next);
    setFilters({
      person_id: next?.id,
      // A person picked without a day is traced for today, which the address then says.
      ...(next && !filters.date && options.data ? { date: options.data.today } : {}),
    });
  };

  return (
    <Stack gap="lg" data-testid="track-trace-page" data-track-trace-print="">
      <Group justify="space-between" align="flex-end" wrap="wrap" className={classes.noPrint}>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2}>{t('track_trace.title')}</Title>
          <Text c="dimmed">{t('track_trace.description')}</Text>
          {timezone && (
            <Text size="xs" c="dimmed">
              {t('track_trace.timezone', { timezone })}
            </Text>
          )}
        </Stack>
        {ready && trace.data && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              onClick={() => window.print()}
              data-testid="track-trace-print"
            >
              {t('track_trace.print')}
            </Button>
            <ExportButton
              report="track_trace"
              filters={{ person_id: filters.person_id, date: filters.date, depth }}
              columns={EXPORT_COLUMNS}
            />
          </Group>
        )}
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap" className={classes.noPrint}>
        <div style={{ minWidth: 260 }}>
          <PersonSearchSelect
            label={t('track_trace.person')}
            description={t('track_trace.person_hint')}
            source="track-trace"
            value={person}
            onChange={choosePerson}
            testId="track-trace-person"
          />
        </div>
        <DatePickerInput
          label={t('track_trace.date')}
          valueFormat={DATE_INPUT_FORMAT}
          firstDayOfWeek={FIRST_DAY_OF_WEEK}
          maxDate={options.data?.today}
          value={filters.date ?? null}
          onChange={(date) => setFilters({ date: date ?? undefined })}
          w={170}
          data-testid="track-trace-date"
        />
        {ready && (
          <Button
            variant={depth === 2 ? 'light' : 'default'}
            leftSection={<IconSitemap size={16} />}
            onClick={() => setFilters({ depth: depth === 2 ? undefined : '2' })}
            data-testid="track-trace-next-level"
            aria-pressed={depth === 2}
          >
            {depth === 2 ? t('track_trace.hide_next_level') : t('track_trace.next_level')}
          </Button>
        )}
      </Group>

      {!ready ? (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconRoute size={28} />}
            title={t('track_trace.choose_title')}
            description={t('track_trace.choose_body')}
            py="xl"
            data-testid="track-trace-choose"
          />
        </Paper>
      ) : trace.isError && !trace.data ? (
        <Alert color="red" title={t('track_trace.load_failed')}>
          <Button variant="light" color="red" size="xs" onClick={() => void trace.refetch()}>
            {t('track_trace.retry')}
          </Button>
        </Alert>
      ) : !trace.data ? (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} radius="sm" />
          ))}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Title order={3} size="h4" className={classes.printTitle}>
            {t('track_trace.report_of', { name: trace.data.person.full_name, date: formatIsoDay(trace.data.date) })}
          </Title>
          <Group justify="space-between" className={classes.noPrint}>
            <Text size="sm" c="dimmed" data-testid="track-trace-count">
              {t('track_trace.count', { count: trace.data.count })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            <IconInfoCircle size={14} style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
            {t('track_trace.rule')}
          </Text>
          {rows.length === 0 ? (
            <Paper withBorder radius="md">
              <EmptyState
                icon={<IconUsersGroup size={28} />}
                title={t('track_trace.empty_title')}
                description={t('track_trace.empty_body')}
                py="xl"
                data-testid="track-trace-empty"
              />
            </Paper>
          ) : (
            <Paper withBorder radius="md" style={{ overflowX: 'auto', opacity: trace.isPlaceholderData ? 0.6 : 1 }}>
              <Table
                className={classes.table}
                striped
                highlightOnHover
                verticalSpacing="xs"
                data-testid="track-trace-table"
                aria-label={t('track_trace.report_of', {
                  name: trace.data.person.full_name,
                  date: formatIsoDay(trace.data.date),
                })}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th style={{ minWidth: 150 }}>{t('track_trace.columns.level')}</Table.Th>
                    <Table.Th>{t('track_trace.columns.name')}</Table.Th>
                    <Table.Th>{t('track_trace.columns.area')}</Table.Th>
                    <Table.Th>{t('track_trace.columns.overlap_minutes')}</Table.Th>
                    <Table.Th>{t('track_trace.columns.first_overlap')}</Table.Th>
                    <Table.Th>{t('track_trace.columns.last_overlap')}</Table.Th>
                    <Table.Th>{t('track_trace.columns.linked_by')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <ContactRows rows={rows} />
                </Table.Tbody>
              </Table>
            </Paper>
          )}
        </Stack>
      )}
    </Stack>
  );
}
