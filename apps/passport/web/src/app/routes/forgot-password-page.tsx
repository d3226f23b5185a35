import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { ForgotPasswordForm } from '../../features/sign-in/components/forgot-password-form';
import { returnPathOf } from '../../lib/router';

export function ForgotPasswordPage({ search }: { search: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t('forgot.title')} intro={t('forgot.intro')}>
      <Card withBorder padding="lg">
        <ForgotPasswordForm returnPath={returnPathOf(search)} />
      </Card>
    </Page>
  );
}
