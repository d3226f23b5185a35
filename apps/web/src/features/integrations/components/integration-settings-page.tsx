import { Alert, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/ui/back-link';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { paths } from '@/config/paths';
import { useNotFoundIfMissing } from '@/lib/record-id';
import { useIntegration } from '../api/get-integration';
import { useDirectories } from '../api/list-directories';
import { useIntegrationAreas } from '../api/list-integration-areas';
import { useSiteOptions, useUserTypeOptions } from '../api/get-integration-choices';
import { useFlowEntryGuard } from '../hooks/use-flow-entry-guard';
import { DirectoryLabel } from './directory-logo';
import { IntegrationFlowSteps } from './integration-flow-steps';
import { IntegrationSettingsForm } from './integration-settings-form';
import { IntegrationStatusBadge } from './integration-status-badge';

/**
 * `/integration-settings?id=` (spec §4 "settings and mapping"): the integration's sites, the
 * directory's groups each mapped to a user type, the person details to take, how often to sync, and
 * for a directory that takes them back, the sign-ins to send. Save, or save and sync.
 */
export function IntegrationSettingsPage() {
  const { t } = useTranslation('integrations');
  const id = useFlowEntryGuard();
  const integration = useIntegration(id);
  useNotFoundIfMissing(integration.error);
  const directories = useDirectories();
  const sites = useSiteOptions();
  const userTypes = useUserTypeOptions();
  const current = integration.data;
  const directory = current && directories.data?.find((d) => d.code === current.dir_code);
  const areas = useIntegrationAreas(id, !!directory?.writes_back);

  const failed = integration.isError || directories.isError || sites.isError || userTypes.isError;
  const ready =
    current && directory && sites.data && userTypes.data && (!directory.writes_back || areas.data !== undefined);
  const retry = () => {
    for (const query of [integration, directories, sites, userTypes, areas]) if (query.isError) void query.refetch();
  };

  if (!id) return null;
  return (
    <Stack gap="lg" maw={1100} data-testid="integration-settings-page">
      <Stack gap={4}>
        <BackLink to={paths.integration}>{t('back_to_list')}</BackLink>
        <Title order={2}>{t('settings.title')}</Title>
        {current ? (
          <Group gap="sm" wrap="wrap">
            <Text fw={600} data-testid="integration-settings-name">
              <bdi dir="auto">{current.name}</bdi>
            </Text>
            <DirectoryLabel code={current.dir_code} />
            <IntegrationStatusBadge status={current.status} />
          </Group>
        ) : (
          <Skeleton h={24} w={320} />
        )}
        <Text c="dimmed">{t('settings.description')}</Text>
      </Stack>
      {current && !current.migrated && current.dir_code !== 'scim' && <IntegrationFlowSteps active="settings" />}
      {current && !current.editable && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="integration-settings-read-only">
          {t('settings.read_only')}
        </Alert>
      )}
      {failed && !ready ? (
        <LoadFailedAlert title={t('settings.load_failed')} onRetry={retry} />
      ) : ready ? (
        <IntegrationSettingsForm
          key={current.id}
          integration={current}
          directory={directory}
          sites={sites.data}
          userTypes={userTypes.data}
          areas={areas.data ?? []}
        />
      ) : (
        <Stack gap="md">
          <Skeleton h={120} radius="md" />
          <Skeleton h={260} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}
