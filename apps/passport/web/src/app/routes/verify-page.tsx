import { Card } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { VerifyEmail } from '../../features/sign-in/components/verify-email';
import { loadAccount } from '../../lib/account';
import { notifySuccess } from '../../lib/notify';
import { takeReturn } from '../../lib/pending-return';
import { navigate, paths } from '../../lib/router';

/** /verify?token=…: the mailed link. Confirmed means signed in; then back to where the person was heading. */
export function VerifyPage({ search }: { search: string }) {
  const { t } = useTranslation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const verified = useCallback(async () => {
    await loadAccount();
    notifySuccess(t('verify.done'));
    navigate(takeReturn() ?? paths.home, { replace: true });
  }, [t]);

  return (
    <Page title={t('verify.title')}>
      <Card withBorder padding="lg">
        <VerifyEmail token={token} onVerified={verified} />
      </Card>
    </Page>
  );
}
