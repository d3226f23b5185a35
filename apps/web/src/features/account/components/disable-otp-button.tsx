import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { otpDisableBodySchema } from '@app/shared/auth/schemas';
import { ApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { refreshSession } from '@/lib/session';
import { useDisableOtp } from '../api/disable-otp';
import { zodFormErrors } from '@/lib/form-errors';

/** Turning two-step authentication off asks for the password first, in a dialog. */
export function DisableOtpButton() {
  const { t } = useTranslation('account');
  const [opened, { open, close }] = useDisclosure(false);
  const disable = useDisableOtp();
  const form = useForm({
    initialValues: { password: '' },
    validate: (values) => zodFormErrors(otpDisableBodySchema, values, t),
  });

  const closeDialog = () => {
    form.reset();
    close();
  };

  const submit = form.onSubmit(({ password }) => {
    disable.mutate(password, {
      onSuccess: () => {
        closeDialog();
        notifySuccess(t('disable.done'));
        // Last: the refreshed session unmounts this button. A failure was reported by the API client.
        refreshSession().catch(() => undefined);
      },
      onError: (error) =>
        form.setFieldError('password', error instanceof ApiError ? error.message : t('errors.unknown')),
    });
  });

  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconShieldOff size={18} />}
        onClick={open}
        data-testid="otp-disable"
      >
        {t('disable.button')}
      </Button>
      <Modal opened={opened} onClose={closeDialog} title={t('disable.title')} centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('disable.warning')}</Text>
            <PasswordInput
              label={t('disable.password')}
              autoComplete="current-password"
              required
              data-autofocus
              data-testid="otp-disable-password"
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={closeDialog}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" color="red" loading={disable.isPending} data-testid="otp-disable-submit">
                {t('disable.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
