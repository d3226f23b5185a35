import { Button, PasswordInput, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { useSignInFeedback } from '../hooks/use-sign-in-feedback';
import { useSignInForm } from '../hooks/use-sign-in-form';
import { serverFormErrors, zodFormErrors } from '@/lib/form-errors';
import { loadAuthSchemas } from '../utils/auth-schemas';
import { SignInErrorAlert } from './sign-in-error-alert';

type ResetPasswordFormProps = { token: string; onDone: () => void; onExpired: () => void };

export function ResetPasswordForm({ token, onDone, onExpired }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const reset = useResetPassword();
  const feedback = useSignInFeedback();
  const form = useSignInForm({
    initialValues: { password: '', password_confirmation: '' },
    validate: async (values) =>
      zodFormErrors((await loadAuthSchemas()).resetPasswordBodySchema, { ...values, token }, t),
  });

  const submit = form.onSubmit((values) => {
    feedback.clear();
    reset.mutate(
      { ...values, token },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'reset_link_expired') return onExpired();
          if (error instanceof ApiError) form.setErrors(serverFormErrors(error.fields));
          feedback.report(error);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SignInErrorAlert feedback={feedback} />
        <PasswordInput
          label={t('reset.password')}
          description={t('reset.password_hint')}
          autoComplete="new-password"
          leftSection={<IconLock size={16} />}
          required
          data-autofocus
          data-testid="reset-password"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('reset.password_confirmation')}
          autoComplete="new-password"
          leftSection={<IconLock size={16} />}
          required
          data-testid="reset-password-confirmation"
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" fullWidth size="md" loading={reset.isPending} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
