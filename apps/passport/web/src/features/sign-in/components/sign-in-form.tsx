// Email and password, then (when two-step is on) a code from the authenticator app or a recovery code.
// Used by the sign-in page and, inline, by an application's sign-in page (/interaction/:uid).
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { passportSignInBody } from '@app/shared/passport/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { CodeInput } from '../../../components/code-input';
import { ErrorAlert } from '../../../components/error-alert';
import { EmailField, PasswordField } from '../../../components/fields';
import { checkForm } from '../../../lib/form-errors';
import { paths, withReturn } from '../../../lib/router';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useAction } from '../../../lib/use-request';
import { signIn } from '../api/sign-in';
import { signInWithCode } from '../api/sign-in-with-code';
import { ResendVerification } from './resend-verification';

type SignInFormProps = {
  /** The page to come back to from the links to create a passport or reset a password. */
  returnPath?: string;
  /** Signed in (both steps done). */
  onSignedIn: () => void | Promise<void>;
};

export function SignInForm({ returnPath, onSignedIn }: SignInFormProps) {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [email, setEmail] = useState('');

  if (step === 'code') return <CodeStep onSignedIn={onSignedIn} onBack={() => setStep('password')} />;
  return (
    <PasswordStep
      email={email}
      onEmailChange={setEmail}
      returnPath={returnPath}
      onSignedIn={onSignedIn}
      onCodeRequired={() => setStep('code')}
    />
  );
}

function PasswordStep({
  email,
  onEmailChange,
  returnPath,
  onSignedIn,
  onCodeRequired,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  returnPath?: string;
  onSignedIn: () => void | Promise<void>;
  onCodeRequired: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const form = useFormSubmit(signIn);

  const submit = form.submit({
    check: () =>
      checkForm(passportSignInBody, { email: email.trim(), password }, (field) =>
        field === 'email' ? t('validation.email') : t('validation.password_required'),
      ),
    done: async (value) => {
      if (value.status === 'otp_required') onCodeRequired();
      else await onSignedIn();
    },
  });

  const notVerified = form.error?.code === 'email_not_verified';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {form.error && (
          <ErrorAlert error={form.error}>
            {notVerified && (
              <Stack mt="sm">
                <Text size="sm">{t('sign_in.not_verified_hint')}</Text>
                <ResendVerification email={email.trim()} />
              </Stack>
            )}
          </ErrorAlert>
        )}
        <EmailField autoComplete="username" required value={email} onChange={onEmailChange} error={form.fields.email} />
        <PasswordField kind="current" value={password} onChange={setPassword} error={form.fields.password} />
        <Group justify="flex-end">
          <AppLink href={withReturn(paths.forgotPassword, returnPath)} size="sm">
            {t('sign_in.forgot')}
          </AppLink>
        </Group>
        <Button type="submit" size="md" fullWidth loading={form.pending}>
          {t('sign_in.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('sign_in.no_passport')}{' '}
          <AppLink href={withReturn(paths.signUp, returnPath)} fw={600}>
            {t('sign_in.create')}
          </AppLink>
        </Text>
      </Stack>
    </form>
  );
}

function CodeStep({ onSignedIn, onBack }: { onSignedIn: () => void | Promise<void>; onBack: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const action = useAction(signInWithCode);

  const send = async (value: string) => {
    const valid = mode === 'app' ? /^\d{6}$/.test(value) : /^[a-z0-9]{5}-[a-z0-9]{5}$/i.test(value.trim());
    if (!valid) {
      setFieldError(mode === 'app' ? t('validation.code') : t('validation.recovery_code'));
      return;
    }
    setFieldError(undefined);
    const result = await action.run(value.trim());
    if (result.ok) await onSignedIn();
    else setCode('');
  };

  const switchMode = () => {
    setMode(mode === 'app' ? 'recovery' : 'app');
    setCode('');
    setFieldError(undefined);
    action.reset();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send(code);
      }}
      noValidate
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('otp.title')}
        </Title>
        {action.error && <ErrorAlert error={action.error} />}
        {mode === 'app' ? (
          <CodeInput
            label={t('otp.code_label')}
            description={t('otp.code_hint')}
            value={code}
            onChange={setCode}
            onComplete={(value) => void send(value)}
            error={fieldError ?? action.error?.fields.code}
            disabled={action.pending}
            autoFocus
          />
        ) : (
          <TextInput
            label={t('otp.recovery_label')}
            description={t('otp.recovery_hint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="abcde-12345"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={fieldError ?? action.error?.fields.code}
            data-autofocus
            autoFocus
          />
        )}
        <Button type="submit" size="md" fullWidth loading={action.pending}>
          {t('otp.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={switchMode}>
            {mode === 'app' ? t('otp.use_recovery') : t('otp.use_app')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('otp.back')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
