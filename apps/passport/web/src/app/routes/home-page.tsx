import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { DashboardLinkButton } from '../../features/account/components/dashboard-link-button';
import { IdentityCard } from '../../features/identity-qr/components/identity-card';
import { PendingInvitations } from '../../features/invitations/components/pending-invitations';
import { useAccount } from '../../lib/account';

export function HomePage() {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <Page title={t('home.title')}>
      <Stack gap="lg">
        <IdentityCard account={account} />
        <DashboardLinkButton />
        <PendingInvitations />
      </Stack>
    </Page>
  );
}
