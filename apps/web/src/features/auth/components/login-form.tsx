import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PageLink } from './page-link';
import { useTranslation } from 'react-i18next';
import type { SignInResponse } from '@app/shared/auth/schemas';
import { paths } from '@/config/paths';
import { useLogin } from '../api/login';
import { useSignInFeedback } from '../hooks/use-sign-in-feedback';
import { useSignInForm } from '../hooks/use-sign-in-form';
import { zodFormErrors } from '@/lib/form-errors';
import { loadAuthSchemas } from '../utils/auth-schemas';
import { EmailField } from './email-field';
import { SignInErrorAlert } from './sign-in-error-alert';

type LoginFormProps = { subdomain: string | null; onResponse: (response: SignInResponse) => void };

export function LoginForm({ subdomain, onResponse }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const feedback = useSignInFeedback();
  const form = useSignInForm({
    initialValues: { email: '', password: '' },
    validate: async (values) => zodFormErrors((await loadAuthSchemas()).loginBodySchema, values, t),
  });

  const submit = form.onSubmit((values) => {
    feedback.clear();
    login.mutate(
      { ...values, email: values.email.trim(), ...(subdomain ? { subdomain } : {}) },
      { onSuccess: onResponse, onError: feedback.report },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SignInErrorAlert feedback={feedback} />
        <EmailField autoComplete="username" data-testid="login-email" {...form.getInputProps('email')} />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          required
          data-testid="login-password"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor
            size="sm"
            renderRoot={(props) => <PageLink to={paths.forgotPassword} {...props} />}
            data-testid="forgot-password-link"
          >
            {t('login.forgot_password')}
          </Anchor>
        </Group>
        <Button
          type="submit"
          fullWidth
          size="md"
          loading={login.isPending}
          disabled={feedback.blocked}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
