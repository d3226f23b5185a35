import { Button, Card, Stack, Title } from '@mantine/core';
import { changePasswordBody } from '@app/shared/passport/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PasswordField } from '../../../components/fields';
import { checkForm } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { changePassword } from '../api/change-password';

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const [values, setValues] = useState({ current_password: '', password: '' });
  const form = useFormSubmit(changePassword);

  const submit = form.submit({
    check: () =>
      checkForm(changePasswordBody, values, (field) =>
        field === 'current_password' ? t('validation.password_required') : t('validation.password_length'),
      ),
    done: () => {
      setValues({ current_password: '', password: '' });
      notifySuccess(t('password.changed'));
    },
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="password-title">
            {t('password.title')}
          </Title>
          {form.error && Object.keys(form.error.fields).length === 0 && <ErrorAlert error={form.error} />}
          <PasswordField
            label={t('fields.current_password')}
            kind="current"
            value={values.current_password}
            onChange={(current_password) => setValues({ ...values, current_password })}
            error={form.fields.current_password}
          />
          <PasswordField
            label={t('fields.new_password')}
            kind="new"
            value={values.password}
            onChange={(password) => setValues({ ...values, password })}
            error={form.fields.password}
          />
          <Button type="submit" loading={form.pending} style={{ alignSelf: 'flex-start' }}>
            {t('password.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
