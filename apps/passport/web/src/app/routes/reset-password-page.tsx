import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { ResetPasswordForm } from '../../features/sign-in/components/reset-password-form';
import { notifySuccess } from '../../lib/notify';
import { takeReturn } from '../../lib/pending-return';
import { navigate, signInPathFor } from '../../lib/router';

/** /reset-password?token=…: the mailed link. Then the person signs in with the new password. */
export function ResetPasswordPage({ search }: { search: string }) {
  const { t } = useTranslation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const reset = () => {
    notifySuccess(t('reset.done'));
    navigate(signInPathFor(takeReturn()), { replace: true });
  };
  return (
    <Page title={t('reset.title')}>
      <Card withBorder padding="lg">
        <ResetPasswordForm token={token} onReset={reset} />
      </Card>
    </Page>
  );
}
