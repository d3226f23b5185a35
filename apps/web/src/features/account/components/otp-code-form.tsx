import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { otpEnableBodySchema } from '@app/shared/auth/schemas';
import { ApiError } from '@/lib/api-client';
import { useEnableOtp } from '../api/enable-otp';
import { zodFormErrors } from '@/lib/form-errors';

export function OtpCodeForm({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation('account');
  const enable = useEnableOtp();
  const form = useForm({
    initialValues: { code: '' },
    validate: (values) => zodFormErrors(otpEnableBodySchema, values, t),
  });

  const submit = form.onSubmit(({ code }) => {
    enable.mutate(code.trim(), {
      onSuccess: (result) => onEnabled(result.recovery_codes),
      onError: (error) => {
        form.setFieldValue('code', '');
        form.setFieldError('code', error instanceof ApiError ? error.message : t('errors.unknown'));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('enrol.code_label')}
          description={t('enrol.code_hint')}
          placeholder="000000"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          dir="ltr"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.3em' } }}
          required
          data-testid="otp-enable-code"
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={enable.isPending} data-testid="otp-enable-submit">
          {t('enrol.submit')}
        </Button>
      </Stack>
    </form>
  );
}
