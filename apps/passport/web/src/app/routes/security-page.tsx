import { ChangePasswordCard } from '../../features/account/components/change-password-card';
import { DeactivateCard } from '../../features/account/components/deactivate-card';
import { TwoStepCard } from '../../features/two-step/components/two-step-card';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { loadAccount, useAccount } from '../../lib/account';

export function SecurityPage() {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <Page title={t('security.title')} intro={t('security.intro')}>
      <ChangePasswordCard />
      <TwoStepCard enabled={account.two_step_enabled} onChanged={() => loadAccount().then(() => undefined)} />
      <DeactivateCard />
    </Page>
  );
}
