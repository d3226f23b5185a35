import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SignInFeedback } from '../hooks/use-sign-in-feedback';
import type { SignInError } from '../utils/sign-in-error';

function errorText(error: Exclude<SignInError, { kind: 'hidden' }>, remaining: number, t: TFunction<'auth'>) {
  switch (error.kind) {
    case 'unknown':
      return t('errors.unknown');
    case 'message':
      return error.message;
    case 'throttled':
      return remaining > 0
        ? t(`errors:${error.code}`, { seconds: remaining, minutes: Math.ceil(remaining / 60) })
        : t('errors.try_again');
  }
}

export function SignInErrorAlert({ feedback }: { feedback: SignInFeedback }) {
  const { t } = useTranslation('auth');
  const { error, remaining } = feedback;
  if (!error || error.kind === 'hidden') return null;

  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="sign-in-error">
      {errorText(error, remaining, t)}
    </Alert>
  );
}
