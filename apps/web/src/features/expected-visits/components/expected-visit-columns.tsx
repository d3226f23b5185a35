import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@app/shared/visits/schemas';
import { gridColumnHelper, withServerSorting, type GridColumnDef } from '@/components/data-grid/grid-columns';
import { GridText } from '@/components/data-grid/grid-text';
import { EXPECTED_VISIT_SORT_COLUMNS, formatClockReading } from '../utils/expected-visits-query';
import { ComplianceMailsNote } from './compliance-mails-note';
import { JourneyStageBadge } from './journey-stage-badge';

const column = gridColumnHelper<Visit>();

/** The expected visits grid's columns, in their default order. Times are readings of the company's clock. */
export function useExpectedVisitColumns(): GridColumnDef<Visit>[] {
  const { t } = useTranslation('expected-visits');
  return useMemo(
    () =>
      withServerSorting(
        [
          column.accessor((v) => v.person.full_name, {
            id: 'visitor',
            size: 175,
            enableHiding: false,
            meta: { label: t('table.visitor') },
            cell: ({ row }) => (
              <Stack gap={0} miw={0}>
                <GridText value={row.original.person.full_name} truncate fw={500} testId="expected-visit-name" />
                {row.original.person.email && (
                  <GridText value={row.original.person.email} truncate ltr size="xs" dimmed />
                )}
              </Stack>
            ),
          }),
          column.display({
            id: 'stage',
            size: 150,
            meta: { label: t('table.stage') },
            cell: ({ row }) => (
              <Stack gap={2} miw={0} align="flex-start">
                <JourneyStageBadge stage={row.original.stage} />
                <ComplianceMailsNote mails={row.original.compliance_mails} />
              </Stack>
            ),
          }),
          column.accessor((v) => v.expected?.at ?? '', {
            id: 'expected',
            // The date and time are never cut.
            size: 160,
            minSize: 160,
            meta: { label: t('table.expected') },
            cell: ({ row }) => (
              <Text size="sm" dir="ltr" span style={{ whiteSpace: 'nowrap' }} data-testid="expected-visit-time-cell">
                {row.original.expected ? formatClockReading(row.original.expected.local) : '—'}
              </Text>
            ),
          }),
          column.accessor((v) => `${v.site.name} ${v.area.name}`, {
            id: 'place',
            size: 155,
            meta: { label: t('table.place') },
            cell: ({ row }) => (
              <Stack gap={0} miw={0}>
                <GridText value={row.original.site.name} truncate />
                <GridText value={row.original.area.name} truncate size="xs" dimmed />
              </Stack>
            ),
          }),
          column.accessor((v) => v.user_type?.name ?? '', {
            id: 'user_type',
            size: 130,
            meta: { label: t('table.user_type'), hiddenByDefault: true },
            cell: ({ row }) => <GridText value={row.original.user_type?.name} truncate />,
          }),
          column.display({
            id: 'hosts',
            size: 130,
            meta: { label: t('table.hosts') },
            cell: ({ row }) => <GridText value={row.original.hosts.map((h) => h.full_name).join(', ')} truncate />,
          }),
          column.display({
            id: 'company',
            size: 140,
            meta: { label: t('table.company'), hiddenByDefault: true },
            cell: ({ row }) => <GridText value={row.original.person.company_name} truncate />,
          }),
          column.display({
            id: 'notes',
            size: 160,
            meta: { label: t('table.notes'), hiddenByDefault: true },
            cell: ({ row }) => <GridText value={row.original.notes} truncate />,
          }),
        ],
        EXPECTED_VISIT_SORT_COLUMNS,
      ),
    [t],
  );
}
