import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { DashboardLinkButton } from '../../features/account/components/dashboard-link-button';
import { IdentityCard } from '../../features/identity-qr/components/identity-card';
import { PendingInvitations } from '../../features/invitations/components/pending-invitations';
import { linkProps } from '../../components/app-link';
import { useAccount } from '../../lib/account';
import { paths } from '../../lib/router';

export function HomePage() {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <Page title={t('home.title')}>
      <Stack gap="lg">
        <IdentityCard account={account} />
        <SimpleGrid cols={2} spacing="sm">
          <Button
            {...linkProps(paths.visits)}
            variant="light"
            leftSection={<IconCalendarEvent size={18} aria-hidden />}
          >
            {t('nav.visits')}
          </Button>
          <Button {...linkProps(paths.onSite)} variant="light" leftSection={<IconMapPin size={18} aria-hidden />}>
            {t('nav.on_site')}
          </Button>
        </SimpleGrid>
        <DashboardLinkButton />
        <PendingInvitations />
      </Stack>
    </Page>
  );
}
