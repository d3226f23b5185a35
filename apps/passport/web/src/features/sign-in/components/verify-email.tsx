// The mailed confirmation link: spends its token once (the page may mount twice), which also signs the
// person in, then goes where they were heading (an application's sign-in) or home.
import { Button, Stack, Text } from '@mantine/core';
import { forgotBody } from '@app/shared/passport/schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { EmailField } from '../../../components/fields';
import { PageLoader } from '../../../components/page-loader';
import type { ApiError } from '../../../lib/api-error';
import { checkForm } from '../../../lib/form-errors';
import { once } from '../../../lib/once';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { toApiError } from '../../../lib/use-request';
import { resendVerification } from '../api/resend-verification';
import { verifyEmail } from '../api/verify-email';

export function VerifyEmail({ token, onVerified }: { token: string; onVerified: () => void | Promise<void> }) {
  const { t } = useTranslation();
  const [error, setError] = useState<ApiError>();

  useEffect(() => {
    if (!token) return;
    let live = true;
    once(`verify:${token}`, () => verifyEmail(token)).then(
      () => live && onVerified(),
      (caught: unknown) => live && setError(toApiError(caught)),
    );
    return () => {
      live = false;
    };
  }, [token, onVerified]);

  if (token && !error) return <PageLoader label={t('verify.checking')} />;
  return (
    <Stack gap="lg">
      <ErrorAlert error={error} message={error ? undefined : t('verify.incomplete')} title={t('verify.failed_title')} />
      <AskAgain />
    </Stack>
  );
}

/** A new link for an address the person types (a failed link does not say whose it was). */
function AskAgain() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const form = useFormSubmit(resendVerification);

  const submit = form.submit({
    check: () => {
      setSentTo(undefined);
      return checkForm(forgotBody, { email: email.trim() }, () => t('validation.email'));
    },
    send: (data) => data.email,
    done: (_, data) => setSentTo(data.email),
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <EmailField label={t('verify.ask_again')} value={email} onChange={setEmail} error={form.fields.email} />
        <Button type="submit" variant="light" loading={form.pending} style={{ alignSelf: 'flex-start' }}>
          {t('verify.resend')}
        </Button>
        <div role="status">{sentTo && <Text size="sm">{t('verify.resent', { email: sentTo })}</Text>}</div>
        {form.error && !form.error.fields.email && <ErrorAlert error={form.error} />}
      </Stack>
    </form>
  );
}
