import { Alert, Button, Stack } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useForgotPassword } from '../api/forgot-password';
import { useSignInFeedback } from '../hooks/use-sign-in-feedback';
import { useSignInForm } from '../hooks/use-sign-in-form';
import { zodFormErrors } from '@/lib/form-errors';
import { loadAuthSchemas } from '../utils/auth-schemas';
import { BackToLoginLink } from './back-to-login-link';
import { PublicCard } from './public-card';
import { EmailField } from './email-field';
import { SignInErrorAlert } from './sign-in-error-alert';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const feedback = useSignInFeedback();
  const form = useSignInForm({
    initialValues: { email: '' },
    validate: async (values) => zodFormErrors((await loadAuthSchemas()).forgotPasswordBodySchema, values, t),
  });

  const submit = form.onSubmit(({ email }) => {
    feedback.clear();
    forgot.mutate(email.trim(), { onError: feedback.report });
  });

  return (
    <PublicCard title={t('forgot.title')} description={forgot.isSuccess ? undefined : t('forgot.subtitle')}>
      {forgot.isSuccess ? (
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} data-testid="forgot-password-sent">
          {t('forgot.sent', { email: forgot.variables })}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <SignInErrorAlert feedback={feedback} />
            <EmailField autoComplete="email" data-testid="forgot-email" {...form.getInputProps('email')} />
            <Button
              type="submit"
              fullWidth
              size="md"
              loading={forgot.isPending}
              disabled={feedback.blocked}
              data-testid="forgot-submit"
            >
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <BackToLoginLink />
    </PublicCard>
  );
}
