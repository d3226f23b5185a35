import { Button, Stack } from '@mantine/core';
import { resetBody } from '@app/shared/passport/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { ErrorAlert } from '../../../components/error-alert';
import { PasswordField } from '../../../components/fields';
import { checkForm } from '../../../lib/form-errors';
import { paths } from '../../../lib/router';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { resetPassword } from '../api/reset-password';

/** A new password with the mailed token; a link that no longer works offers a new one. */
export function ResetPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const form = useFormSubmit(resetPassword);

  if (!token) {
    return (
      <Stack gap="md">
        <ErrorAlert message={t('reset.incomplete')} />
        <AppLink href={paths.forgotPassword}>{t('reset.ask_again')}</AppLink>
      </Stack>
    );
  }

  const submit = form.submit({
    check: () => {
      const checked = checkForm(resetBody, { token, password }, () => t('validation.password_length'));
      // A token the form cannot send is said on the one field there is.
      return checked.ok
        ? checked
        : { ok: false, errors: { password: checked.errors.password ?? t('reset.incomplete') } };
    },
    done: () => onReset(),
  });

  const tokenRefused = form.error && !form.error.fields.password;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {tokenRefused && (
          <ErrorAlert error={form.error}>
            <div>
              <AppLink href={paths.forgotPassword} size="sm">
                {t('reset.ask_again')}
              </AppLink>
            </div>
          </ErrorAlert>
        )}
        <PasswordField
          label={t('fields.new_password')}
          kind="new"
          value={password}
          onChange={setPassword}
          error={form.fields.password}
        />
        <Button type="submit" size="md" fullWidth loading={form.pending}>
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
