import { Button, Stack } from '@mantine/core';
import { forgotBody } from '@app/shared/passport/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { ErrorAlert } from '../../../components/error-alert';
import { EmailField } from '../../../components/fields';
import { MailSentNotice, useMailSent } from '../../../components/mail-sent-notice';
import { checkForm } from '../../../lib/form-errors';
import { signInPathFor } from '../../../lib/router';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { forgotPassword } from '../api/forgot-password';

/** Asks for a reset link; the answer is the same whatever the address. */
export function ForgotPasswordForm({ returnPath }: { returnPath?: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sentTo, sent] = useMailSent(returnPath);
  const form = useFormSubmit(forgotPassword);

  const submit = form.submit({
    check: () => checkForm(forgotBody, { email: email.trim() }, () => t('validation.email')),
    send: (data) => data.email,
    done: (_, data) => sent(data.email),
  });

  if (sentTo) {
    return (
      <MailSentNotice
        title={t('forgot.sent_title')}
        message={t('forgot.sent', { email: sentTo })}
        returnPath={returnPath}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {form.error && <ErrorAlert error={form.error} />}
        <EmailField required value={email} onChange={setEmail} error={form.fields.email} />
        <Button type="submit" size="md" fullWidth loading={form.pending}>
          {t('forgot.submit')}
        </Button>
        <AppLink href={signInPathFor(returnPath)} size="sm" ta="center">
          {t('common.back_to_sign_in')}
        </AppLink>
      </Stack>
    </form>
  );
}
