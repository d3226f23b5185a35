import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconPlugConnected, IconPlus, IconWebhook } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { useUrlFilters } from '@/lib/url-filters';
import { useIntegrations } from '../api/list-integrations';
import { DIRECTORY_ORDER } from '../utils/directories';
import { pageToOpen } from '../utils/flow-pages';
import { INTEGRATIONS_GRID, directoryFilterOf, integrationsQuery } from '../utils/integrations-query';
import { DirectoryLogo, useDirectoryName } from './directory-logo';
import { useIntegrationColumns } from './integration-columns';

/** What the server says when Google's consent did not come back (google-consent.ts: /integration?google=…). */
const returnSchema = z.object({ google: z.enum(['denied', 'failed']).optional() });

/**
 * `/integration` (spec §2): the company's directory integrations, with each one's directory, status,
 * sites and sync times; a row opens the integration (a draft continues its setup), and a new one
 * starts at "Connect a directory". Webhooks, which tell the company's own systems, open beside it.
 */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const directoryName = useDirectoryName();
  const grid = usePreferredGrid('integrations', useIntegrationColumns(), INTEGRATIONS_GRID);
  const { preference } = grid;
  const directory = directoryFilterOf(preference.state.filters);
  const list = useIntegrations(integrationsQuery(preference, directory), preference.ready);
  const filtered = !!(preference.search || directory);
  const [{ google }, setReturn] = useUrlFilters(returnSchema);

  const connect = (testId: string, variant?: 'light') => (
    <Button
      component={Link}
      to={paths.syncIntegration}
      variant={variant}
      leftSection={<IconPlus size={16} />}
      data-testid={testId}
    >
      {t('list.connect')}
    </Button>
  );

  return (
    <Stack gap="lg" data-testid="integrations-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Title order={2}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.description')}</Text>
        </Stack>
        <Group gap="sm">
          {/* Outgoing webhooks (decision 052): the company's own systems told of what happens, beside the directories. */}
          <Button
            component={Link}
            to={paths.webhooks}
            variant="default"
            leftSection={<IconWebhook size={16} />}
            data-testid="integrations-webhooks"
          >
            {t('list.webhooks')}
          </Button>
          {connect('integrations-connect')}
        </Group>
      </Group>
      {google && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t(`google.return.${google}_title`)}
          withCloseButton
          closeButtonLabel={t('list.dismiss')}
          onClose={() => setReturn({ google: undefined })}
          data-testid="integrations-google-return"
        >
          {t(`google.return.${google}_body`)}
        </Alert>
      )}
      <DataGrid
        testId="integrations"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(item) => item.id}
        getRowLabel={(item) => item.name}
        rowProps={(item) => ({ 'data-name': item.name, 'data-status': item.status })}
        searchLabel={t('list.search')}
        countLabel={(count) => t('list.count', { count })}
        loadFailedTitle={t('list.load_failed')}
        filters={
          <Select
            aria-label={t('list.filter_directory')}
            placeholder={t('list.any_directory')}
            clearable
            disabled={!preference.ready}
            w={{ base: '100%', sm: 210 }}
            data={DIRECTORY_ORDER.map((code) => ({ value: code, label: directoryName(code) }))}
            value={directory}
            onChange={(value) => preference.setFilter('dir_code', value)}
            leftSection={directory ? <DirectoryLogo code={directory} size={20} /> : undefined}
            data-testid="integrations-filter-directory"
          />
        }
        empty={{
          icon: IconPlugConnected,
          title: filtered ? t('list.empty.filtered_title') : t('list.empty.title'),
          description: filtered ? t('list.empty.filtered_body') : t('list.empty.body'),
          action: !filtered && connect('integrations-connect-first', 'light'),
        }}
        rowActionsWidth={220}
        rowActions={(item) => (
          <GridRowActions>
            <GridRowAction
              label={item.status === 'draft' ? t('list.continue') : t('list.open')}
              icon={<IconArrowRight size={16} className="mirror-rtl" />}
              onClick={() => navigateTo(pageToOpen(item))}
              withLabel
              testId="integration-open"
            />
          </GridRowActions>
        )}
      />
    </Stack>
  );
}
