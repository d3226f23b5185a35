import { Card, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { PhotoField } from '../../features/account/components/photo-field';
import { ProfileForm } from '../../features/account/components/profile-form';
import { FaceSignInCard } from '../../features/face-sign-in/components/face-sign-in-card';
import { useAccount } from '../../lib/account';

export function ProfilePage() {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <Page title={t('profile.title')} intro={t('profile.intro')}>
      <Card withBorder padding="lg">
        <Stack gap="xl">
          <PhotoField account={account} />
          <ProfileForm account={account} />
        </Stack>
      </Card>
      <FaceSignInCard />
    </Page>
  );
}
