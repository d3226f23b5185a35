import { Button } from '@mantine/core';
import { IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { logout } from '@/lib/session';
import { StatusPage } from '@/components/ui/status-page';

/** /otp-error: the company requires two-step authentication for this person's role (a 403 with otp_error). */
export function OtpErrorPage() {
  const { t } = useTranslation('pages');
  return (
    <StatusPage
      standalone
      icon={IconShieldLock}
      color="indigo"
      title={t('otp_error.title')}
      description={t('otp_error.body')}
      testId="otp-error-page"
      actions={
        <>
          <Button
            leftSection={<IconShieldLock size={16} />}
            onClick={() => navigateTo(hrefFor(paths.twoStep, {}, { force_otp: 1 }))}
            data-testid="otp-error-enable"
          >
            {t('otp_error.enable')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconLogout size={16} />}
            onClick={() => void logout()}
            data-testid="otp-error-logout"
          >
            {t('otp_error.logout')}
          </Button>
        </>
      }
    />
  );
}
