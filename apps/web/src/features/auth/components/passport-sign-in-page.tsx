// /sso/<code> (the passport's sign-in came back through the server) and /login-one-time?token=<code>
// (the passport's "open the dashboard"): the one-time code opens a session, then the sign-in finishes
// as a password sign-in does: the company opens, or the person chooses one, or gives their two-step code.
import { Alert, Anchor, Center } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PassportExchangeResponse } from '@app/shared/auth/passport';
import { paths } from '@/config/paths';
import { exchangePassportCode } from '../api/exchange-passport-code';
import { useReactivatePassport } from '../api/reactivate-passport';
import { useSignInFeedback } from '../hooks/use-sign-in-feedback';
import { useSignInSteps } from '../hooks/use-sign-in-steps';
import { takeNextPage } from '../utils/next-page';
import { passportCodeOf } from '../utils/passport-code';
import { EntityChooser } from './entity-chooser';
import { OtpStep } from './otp-step';
import { PassportLoader } from './passport-loader';
import { PublicCard } from './public-card';
import { ReactivatePassportModal } from './reactivate-passport-modal';
import { SignInErrorAlert } from './sign-in-error-alert';

// The sign-in pages are another document: a full load, not a move of this app's router.
const toSignIn = () => window.location.assign(paths.login);

function BackToSignIn() {
  const { t } = useTranslation('auth');
  return (
    <Center>
      <Anchor href={paths.login} size="sm" data-testid="back-to-login">
        {t('back_to_login')}
      </Anchor>
    </Center>
  );
}

export function PassportSignInPage() {
  const { t } = useTranslation(['passport-sign-in', 'auth']);
  const code = useRouterState({
    select: (state) => passportCodeOf(state.location.pathname, state.location.searchStr),
  });
  const { step, openEntity, handleResponse } = useSignInSteps({ nextPage: takeNextPage });
  const feedback = useSignInFeedback();
  const reactivate = useReactivatePassport();
  // A deactivated passport waits for the person's answer in the 'Reactivate My Passport Account' dialog.
  const [deactivated, setDeactivated] = useState<{ days: number } | null>(null);
  const [failed, setFailed] = useState<'missing_code' | 'refused' | null>(code ? null : 'missing_code');

  const answer = (response: PassportExchangeResponse) => {
    if (response.status === 'passport_deactivated') setDeactivated({ days: response.days });
    else handleResponse(response);
  };
  const fail = (error: unknown) => {
    setDeactivated(null);
    feedback.report(error);
    setFailed('refused');
  };

  useEffect(() => {
    if (!code) return;
    // StrictMode runs this twice: the code is sent once (exchangePassportCode), answered here once.
    let current = true;
    exchangePassportCode(code).then(
      (response) => current && answer(response),
      (error: unknown) => current && fail(error),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per code: the answer handlers are this render's.
  }, [code]);

  const reactivatePassport = () => {
    if (!code) return;
    reactivate.mutate(code, {
      onSuccess: (response) => {
        setDeactivated(null);
        if (response.status === 'passport_deactivated') fail(new Error('passport still deactivated'));
        else handleResponse(response);
      },
      onError: fail,
    });
  };

  if (failed) {
    return (
      <PublicCard title={t('failed_title')}>
        {failed === 'missing_code' ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            data-testid="sign-in-error"
          >
            {t('missing_code')}
          </Alert>
        ) : (
          <SignInErrorAlert feedback={feedback} />
        )}
        <BackToSignIn />
      </PublicCard>
    );
  }
  if (step.name === 'otp') {
    return (
      <PublicCard title={t('auth:otp.title')}>
        <OtpStep onResponse={handleResponse} onBack={toSignIn} />
      </PublicCard>
    );
  }
  if (step.name === 'choose') {
    return (
      <PublicCard title={t('auth:choose.title')} description={t('auth:choose.subtitle')}>
        <EntityChooser entities={step.entities} onChosen={openEntity} />
      </PublicCard>
    );
  }
  return (
    <>
      <PassportLoader label={t('signing_in')} />
      <ReactivatePassportModal
        opened={deactivated !== null}
        days={deactivated?.days ?? null}
        reactivating={reactivate.isPending}
        onReactivate={reactivatePassport}
      />
    </>
  );
}
