import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/ui/back-link';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { useSearchText } from '@/lib/search-param';
import { useDirectories } from '../api/list-directories';
import { orderedDirectories } from '../utils/directories';
import { DirectoryChooser } from './directory-chooser';
import { DirectoryConnectForm } from './directory-connect-form';
import { IntegrationFlowSteps } from './integration-flow-steps';

/**
 * `/sync-integration` (spec §4 "create (authentication)"): choose the directory, then connect it. The
 * choice is kept in the address (`?directory=`), so Back returns to the cards and a reload keeps it.
 */
export function ConnectDirectoryPage() {
  const { t } = useTranslation('integrations');
  const directories = useDirectories();
  const chosenCode = useSearchText('directory');
  const offered = directories.data ? orderedDirectories(directories.data) : undefined;
  const chosen = offered?.find((d) => d.code === chosenCode && d.available);

  return (
    <Stack gap="lg" maw={1100} data-testid="connect-directory-page">
      <Stack gap={4}>
        <BackLink to={paths.integration}>{t('back_to_list')}</BackLink>
        <Title order={2}>{t('connect.title')}</Title>
        <Text c="dimmed">{t('connect.description')}</Text>
      </Stack>
      <IntegrationFlowSteps active="connect" />
      {directories.isError && !offered ? (
        <LoadFailedAlert title={t('connect.load_failed')} onRetry={() => void directories.refetch()} />
      ) : !offered ? (
        <Skeleton h={240} radius="md" />
      ) : chosen ? (
        <DirectoryConnectForm
          key={chosen.code}
          directory={chosen}
          onChangeDirectory={() => navigateTo(paths.syncIntegration)}
        />
      ) : (
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('connect.choose')}
          </Title>
          <DirectoryChooser
            directories={offered}
            onChoose={(code) => navigateTo(hrefFor(paths.syncIntegration, {}, { directory: code }))}
          />
        </Stack>
      )}
    </Stack>
  );
}
