import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ComplianceListItem } from '@app/shared/compliances/schemas';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useDeleteCompliance } from '../api/delete-compliance';
import { useCompliances } from '../api/list-compliances';
import { COMPLIANCES_GRID, complianceFilters, compliancesQuery } from '../utils/compliances-query';
import { useComplianceColumns } from './compliance-columns';
import { ComplianceFilterSelects } from './compliance-filters';

/** `/compliances`: the company's compliance in the shared grid, filtered by format and frequency. */
export function CompliancesPage() {
  const { t } = useTranslation('compliances');
  const grid = usePreferredGrid('compliances', useComplianceColumns(), COMPLIANCES_GRID);
  const { preference } = grid;
  const filters = complianceFilters(preference.state.filters);
  const list = useCompliances(compliancesQuery(preference, filters), preference.ready);
  const remove = useDeleteCompliance();
  const filtered = !!(preference.search || filters.format || filters.frequency);

  const confirmDelete = (item: ComplianceListItem) => {
    // Spec: ask first, and say what depends on it. A compliance a journey asks cannot go.
    if (item.journeys.length > 0) {
      modals.open({
        title: t('delete.in_use_title'),
        centered: true,
        children: (
          <Stack gap="sm" data-testid="compliance-in-use">
            <Text size="sm">{t('delete.in_use_body', { name: item.name })}</Text>
            <List size="sm" withPadding>
              {item.journeys.map((journey) => (
                <List.Item key={journey.id}>{journey.name}</List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button onClick={() => modals.closeAll()}>{t('common:actions.close')}</Button>
            </Group>
          </Stack>
        ),
      });
      return;
    }
    modals.openConfirmModal({
      title: t('delete.title'),
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('delete.body', { name: item.name })}</Text>
          {item.response_count > 0 && (
            <Text size="sm" c="dimmed" data-testid="compliance-delete-answers">
              {t('delete.answers_kept', { count: item.response_count })}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: t('delete.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'compliance-delete-confirm' },
      onConfirm: () => remove.mutate(item.id, { onSuccess: () => notifySuccess(t('toasts.deleted')) }),
    });
  };

  return (
    <Stack gap="lg" data-testid="compliances-page">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
        </Stack>
        <Button
          component={Link}
          to={paths.complianceNew}
          leftSection={<IconPlus size={16} />}
          data-testid="compliances-add"
        >
          {t('actions.add')}
        </Button>
      </Group>
      <DataGrid
        testId="compliances"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(item) => item.id}
        getRowLabel={(item) => item.name}
        rowProps={(item) => ({ 'data-name': item.name })}
        searchLabel={t('search')}
        countLabel={(count) => t('count', { count })}
        loadFailedTitle={t('load_failed')}
        filters={
          <ComplianceFilterSelects
            filters={filters}
            disabled={!preference.ready}
            onChange={(key, value) => preference.setFilter(key, value)}
          />
        }
        empty={{
          icon: IconShieldCheck,
          title: filtered ? t('empty.filtered_title') : t('empty.title'),
          description: filtered ? t('empty.filtered_body') : t('empty.body'),
          action: !filtered && (
            <Button variant="light" component={Link} to={paths.complianceNew} leftSection={<IconPlus size={16} />}>
              {t('actions.add_first')}
            </Button>
          ),
        }}
        rowActionsWidth={84}
        rowActions={(item) => (
          <GridRowActions>
            <GridRowAction
              label={t('actions.edit')}
              icon={<IconPencil size={16} />}
              onClick={() => navigateTo(hrefFor(paths.complianceUpdate, { id: item.id }))}
              testId="compliance-edit"
            />
            <GridRowAction
              label={t('actions.delete')}
              icon={<IconTrash size={16} />}
              color="red"
              onClick={() => confirmDelete(item)}
              testId="compliance-delete"
            />
          </GridRowActions>
        )}
      />
    </Stack>
  );
}
