// Creating a passport: names, email and a password. The answer is always "check your inbox", whether or
// not the address already has a passport, so no one learns who does.
import { Button, Group, Stack, Text } from '@mantine/core';
import { signUpBody } from '@app/shared/passport/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { ErrorAlert } from '../../../components/error-alert';
import { EmailField, NameFields, PasswordField } from '../../../components/fields';
import { MailSentNotice, useMailSent } from '../../../components/mail-sent-notice';
import { checkForm } from '../../../lib/form-errors';
import { currentLanguage } from '../../../lib/i18n';
import { signInPathFor } from '../../../lib/router';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { signUp } from '../api/sign-up';
import { ResendVerification } from './resend-verification';

const FIELD_MESSAGES: Record<string, string> = {
  email: 'validation.email',
  first_name: 'validation.first_name',
  last_name: 'validation.last_name',
  password: 'validation.password_length',
};

export function SignUpForm({ returnPath }: { returnPath?: string }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ first_name: '', last_name: '', email: '', password: '' });
  const [sentTo, sent] = useMailSent(returnPath);
  const form = useFormSubmit(signUp);

  const change = (name: keyof typeof values) => (value: string) => setValues({ ...values, [name]: value });

  const submit = form.submit({
    check: () =>
      checkForm(signUpBody, { ...values, email: values.email.trim(), lang: currentLanguage() }, (field) =>
        t(FIELD_MESSAGES[field] ?? 'validation.check_form'),
      ),
    done: (_, data) => sent(data.email),
  });

  if (sentTo) {
    return (
      <MailSentNotice
        title={t('sign_up.sent_title')}
        message={t('sign_up.sent', { email: sentTo })}
        returnPath={returnPath}
      >
        <Text size="sm">{t('sign_up.not_received')}</Text>
        <ResendVerification email={sentTo} />
      </MailSentNotice>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {form.error && <ErrorAlert error={form.error} />}
        <NameFields values={values} onChange={(name, value) => change(name)(value)} errors={form.fields} />
        <EmailField required value={values.email} onChange={change('email')} error={form.fields.email} />
        <PasswordField kind="new" value={values.password} onChange={change('password')} error={form.fields.password} />
        <Button type="submit" size="md" fullWidth loading={form.pending}>
          {t('sign_up.submit')}
        </Button>
        <Group justify="center" gap={4}>
          <Text size="sm">{t('sign_up.have_passport')}</Text>
          <AppLink href={signInPathFor(returnPath)} size="sm" fw={600}>
            {t('sign_up.sign_in')}
          </AppLink>
        </Group>
      </Stack>
    </form>
  );
}
