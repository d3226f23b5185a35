import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PasswordField } from '../../../components/fields';
import { SubmitOrCancel } from '../../../components/submit-or-cancel';
import { clearAccount } from '../../../lib/account';
import { notifySuccess } from '../../../lib/notify';
import { navigate, paths } from '../../../lib/router';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { deactivateAccount } from '../api/deactivate-account';

/** Deactivation says what it does and how to undo it, then asks for the password, in place. */
export function DeactivateCard() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const form = useFormSubmit(deactivateAccount);

  const cancel = () => {
    setConfirming(false);
    setPassword('');
    form.setFields({});
    form.reset();
  };

  const submit = form.submit({
    check: () =>
      password ? { ok: true, data: password } : { ok: false, errors: { password: t('validation.password_required') } },
    done: () => {
      navigate(paths.signIn, { replace: true });
      clearAccount();
      notifySuccess(t('deactivate.done'));
    },
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="deactivate-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="deactivate-title">
          {t('deactivate.title')}
        </Title>
        <Text size="sm">{t('deactivate.intro')}</Text>
        {!confirming ? (
          <>
            <Text size="sm">{t('deactivate.reactivate')}</Text>
            <Button
              color="red.9"
              variant="outline"
              onClick={() => setConfirming(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('deactivate.open')}
            </Button>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Alert
                color="yellow"
                variant="light"
                icon={<IconAlertTriangle aria-hidden />}
                title={t('deactivate.confirm_title')}
              >
                {t('deactivate.reactivate')}
              </Alert>
              {form.error && !form.error.fields.password && <ErrorAlert error={form.error} />}
              <PasswordField
                kind="current"
                value={password}
                onChange={setPassword}
                error={form.fields.password}
                autoFocus
              />
              <SubmitOrCancel label={t('deactivate.submit')} color="red.9" pending={form.pending} onCancel={cancel} />
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
