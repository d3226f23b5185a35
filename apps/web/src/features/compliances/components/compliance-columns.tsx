import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComplianceListItem } from '@app/shared/compliances/schemas';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { formatDate } from '@/lib/dates';
import { COMPLIANCE_SORT_COLUMNS } from '../utils/compliances-query';
import { ComplianceFormatIcon, FORMAT_COLORS } from './compliance-format-icon';

const column = gridColumnHelper<ComplianceListItem>();

/** How often a compliance is asked, with its validation days when answers last until they expire. */
export function useFrequencyLabel() {
  const { t } = useTranslation('compliances');
  return useCallback(
    (item: Pick<ComplianceListItem, 'frequency' | 'validity_days'>) =>
      item.frequency === 'until_expiry' && item.validity_days
        ? t('frequency_with_days', {
            frequency: t('frequencies.until_expiry'),
            days: t('days', { count: item.validity_days }),
          })
        : t(`frequencies.${item.frequency}`),
    [t],
  );
}

/** The compliance grid's columns, in their default order. */
export function useComplianceColumns(): GridColumnDef<ComplianceListItem>[] {
  const { t } = useTranslation('compliances');
  const frequencyLabel = useFrequencyLabel();
  return useMemo(
    () =>
      withServerSorting(
        [
          column.accessor('name', {
            size: 210,
            enableHiding: false,
            meta: { label: t('table.name') },
            cell: ({ row }) => (
              <Text size="sm" fw={500} truncate="end" data-testid="compliance-name">
                {row.original.name}
              </Text>
            ),
          }),
          column.accessor('format', {
            size: 150,
            meta: { label: t('table.format') },
            cell: ({ row }) => (
              <Badge
                variant="light"
                tt="none"
                color={FORMAT_COLORS[row.original.format]}
                leftSection={<ComplianceFormatIcon format={row.original.format} size={14} />}
                data-testid="compliance-format"
              >
                {t(`formats.${row.original.format}`)}
              </Badge>
            ),
          }),
          column.accessor('frequency', {
            size: 180,
            meta: { label: t('table.frequency') },
            cell: ({ row }) => (
              <Text size="sm" truncate="end" data-testid="compliance-frequency">
                {frequencyLabel(row.original)}
              </Text>
            ),
          }),
          column.accessor('version', {
            size: 100,
            meta: { label: t('table.version'), align: 'end' },
            cell: ({ row }) => (
              <Badge variant="outline" color="gray" tt="none" data-testid="compliance-version">
                {t('version', { version: row.original.version })}
              </Badge>
            ),
          }),
          column.display({
            id: 'answers',
            size: 110,
            meta: { label: t('table.answers'), align: 'end', hiddenByDefault: true },
            cell: ({ row }) => (
              <Text size="sm" c={row.original.response_count ? undefined : 'dimmed'}>
                {t('answers', { count: row.original.response_count })}
              </Text>
            ),
          }),
          column.display({
            id: 'journeys',
            size: 180,
            meta: { label: t('table.journeys') },
            cell: ({ row }) => {
              const names = row.original.journeys.map((j) => j.name);
              if (names.length === 0)
                return (
                  <Text size="sm" c="dimmed">
                    {t('table.no_journeys')}
                  </Text>
                );
              return (
                <Tooltip label={names.join(', ')} multiline maw={320} withArrow>
                  <Group gap={4} wrap="nowrap" data-testid="compliance-journeys">
                    {names.slice(0, 2).map((name) => (
                      <Badge key={name} variant="default" tt="none" maw={120}>
                        {name}
                      </Badge>
                    ))}
                    {names.length > 2 && (
                      <Badge variant="default" tt="none">
                        +{names.length - 2}
                      </Badge>
                    )}
                  </Group>
                </Tooltip>
              );
            },
          }),
          column.accessor('updated_at', {
            size: 130,
            meta: { label: t('table.updated'), align: 'end', hiddenByDefault: true },
            // Spec §9: grid dates read DD/MM/YYYY.
            cell: ({ row }) => <Text size="sm">{formatDate(row.original.updated_at)}</Text>,
          }),
        ],
        COMPLIANCE_SORT_COLUMNS,
      ),
    [t, frequencyLabel],
  );
}
