import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClockX } from '@tabler/icons-react';
import { PageLink } from './page-link';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { usePageSearchText } from '../hooks/use-page-location';
import { useUnlockSignIn } from '../api/unlock-sign-in';
import { BackToLoginLink } from './back-to-login-link';
import { PublicCard } from './public-card';

const GoToSignIn = ({ label }: { label: string }) => (
  <Button
    fullWidth
    size="md"
    renderRoot={(props) => <PageLink to={paths.login} {...props} />}
    data-testid="unlock-go-login"
  >
    {label}
  </Button>
);

/**
 * The emailed unlock link (decision 016). Nothing happens until the person presses the button: mail
 * scanners that open links must not spend it on their own machines.
 */
export function UnlockSignInPage() {
  const { t } = useTranslation('auth');
  const token = usePageSearchText('token') ?? '';
  const unlock = useUnlockSignIn();
  const rejected = token === '' || (unlock.error instanceof ApiError && unlock.error.status < 500);

  if (unlock.isSuccess) {
    return (
      <PublicCard title={t('unlock.done_title')}>
        <Stack gap="md" data-testid="unlock-done">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
            {t('unlock.done')}
          </Alert>
          <GoToSignIn label={t('reset.go_login')} />
        </Stack>
      </PublicCard>
    );
  }

  if (rejected) {
    return (
      <PublicCard title={t('unlock.expired_title')}>
        <Stack gap="md" data-testid="unlock-expired">
          <Alert color="orange" variant="light" icon={<IconClockX size={18} />} role="alert">
            {unlock.error?.message || t('unlock.expired')}
          </Alert>
          <GoToSignIn label={t('reset.go_login')} />
        </Stack>
      </PublicCard>
    );
  }

  return (
    <PublicCard title={t('unlock.title')} description={t('unlock.subtitle')}>
      <Stack gap="md">
        {unlock.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {unlock.error.message || t('errors.unknown')}
          </Alert>
        )}
        <Button
          fullWidth
          size="md"
          loading={unlock.isPending}
          onClick={() => unlock.mutate(token)}
          data-testid="unlock-submit"
        >
          {t('unlock.submit')}
        </Button>
        <BackToLoginLink />
      </Stack>
    </PublicCard>
  );
}
