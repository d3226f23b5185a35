import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { SignInForm } from '../../features/sign-in/components/sign-in-form';
import { loadAccount } from '../../lib/account';
import { returnPathOf } from '../../lib/router';

/** Once signed in, the guard (route-view.tsx) opens the page the person was heading to, or home. */
export function SignInPage({ search }: { search: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t('sign_in.title')} intro={t('sign_in.intro')}>
      <Card withBorder padding="lg">
        <SignInForm returnPath={returnPathOf(search)} onSignedIn={() => loadAccount().then(() => undefined)} />
      </Card>
    </Page>
  );
}
