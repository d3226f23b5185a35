import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { PageLink } from './page-link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { usePageSearchText } from '../hooks/use-page-location';
import { useResetTokenCheck } from '../api/check-reset-token';
import { BackToLoginLink } from './back-to-login-link';
import { PublicCard } from './public-card';
import { ResetLinkExpired } from './reset-link-expired';
import { ResetPasswordForm } from './reset-password-form';

type Outcome = 'pending' | 'done' | 'expired';

// The server answers an unusable link with a client error (422 reset_link_expired, 400 for a malformed token).
const isLinkRejected = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

function ResetDone() {
  const { t } = useTranslation('auth');
  return (
    <PublicCard title={t('reset.done_title')}>
      <Stack gap="md" data-testid="reset-done">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
          {t('reset.done')}
        </Alert>
        <Button
          fullWidth
          size="md"
          renderRoot={(props) => <PageLink to={paths.login} {...props} />}
          data-testid="reset-go-login"
        >
          {t('reset.go_login')}
        </Button>
      </Stack>
    </PublicCard>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const token = usePageSearchText('token') ?? '';
  const check = useResetTokenCheck(token);
  const [outcome, setOutcome] = useState<Outcome>('pending');

  if (outcome === 'done') return <ResetDone />;

  const expired = token === '' || outcome === 'expired' || isLinkRejected(check.error);
  const ready = !expired && check.isSuccess;

  const content = () => {
    if (expired) return <ResetLinkExpired />;
    if (check.isError) {
      return (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Stack gap="xs" align="flex-start">
            {check.error.message || t('errors.unknown')}
            <Button variant="light" color="red" size="xs" onClick={() => void check.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      );
    }
    if (!ready) {
      return (
        <Center py="lg">
          <Loader />
        </Center>
      );
    }
    return (
      <ResetPasswordForm token={token} onDone={() => setOutcome('done')} onExpired={() => setOutcome('expired')} />
    );
  };

  return (
    <PublicCard title={t('reset.title')} description={ready ? t('reset.subtitle') : undefined}>
      {content()}
      <BackToLoginLink />
    </PublicCard>
  );
}
