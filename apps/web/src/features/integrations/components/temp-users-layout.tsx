import { Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { useIntegration } from '../api/get-integration';
import type { TempPage } from '../utils/flow-links';
import { viewHref } from '../utils/flow-pages';
import { DirectoryLabel } from './directory-logo';
import { HrefLink } from './href-link';
import { IntegrationFlowSteps } from './integration-flow-steps';

type TempUsersLayoutProps = {
  integrationId: string;
  page: TempPage;
  /** Opened from the integration's view (`from=view`): it leads back there, not on through the flow. */
  fromView: boolean;
  title: string;
  description: string;
  /** The page's way on: Next, Migrate. */
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of the errors, duplicates and valid-users pages: where the flow stands (while setting
 * up), the way back (the list, or the view for an integration in use), the integration it is about.
 */
export function TempUsersLayout({
  integrationId,
  page,
  fromView,
  title,
  description,
  actions,
  children,
}: TempUsersLayoutProps) {
  const { t } = useTranslation('integrations');
  const integration = useIntegration(integrationId).data;
  useDocumentTitle(integration ? `${title} · ${integration.name}` : title);
  // An integration already migrated is in use: its records are reviewed from its view.
  const toView = fromView || integration?.migrated === true;
  return (
    <Stack gap="lg" data-testid={`integration-${page}-page`}>
      {integration && !toView && <IntegrationFlowSteps active="review" />}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4} style={{ flex: '1 1 420px', minWidth: 0 }}>
          {integration ? (
            <HrefLink back href={toView ? viewHref(integration) : paths.integration} testId="temp-users-back">
              {toView ? t('temp_users.back_to_view', { name: integration.name }) : t('back_to_list')}
            </HrefLink>
          ) : (
            <Skeleton h={16} w={160} />
          )}
          <Title order={2}>{title}</Title>
          <Text c="dimmed">{description}</Text>
          {integration && (
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={600} data-testid="temp-users-integration">
                <bdi>{integration.name}</bdi>
              </Text>
              <DirectoryLabel code={integration.dir_code} />
            </Group>
          )}
        </Stack>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
