import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { SignUpForm } from '../../features/sign-in/components/sign-up-form';
import { returnPathOf } from '../../lib/router';

export function SignUpPage({ search }: { search: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t('sign_up.title')} intro={t('sign_up.intro')}>
      <Card withBorder padding="lg">
        <SignUpForm returnPath={returnPathOf(search)} />
      </Card>
    </Page>
  );
}
