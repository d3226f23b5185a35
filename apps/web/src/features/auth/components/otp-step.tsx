import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInResponse } from '@app/shared/auth/schemas';
import { useVerifyOtp } from '../api/verify-otp';
import { useSignInFeedback } from '../hooks/use-sign-in-feedback';
import { useSignInForm } from '../hooks/use-sign-in-form';
import { zodFormErrors } from '@/lib/form-errors';
import { loadAuthSchemas } from '../utils/auth-schemas';
import { SignInErrorAlert } from './sign-in-error-alert';

type OtpStepProps = { onResponse: (response: SignInResponse) => void; onBack: () => void };

export function OtpStep({ onResponse, onBack }: OtpStepProps) {
  const { t } = useTranslation('auth');
  const [useRecovery, setUseRecovery] = useState(false);
  const verify = useVerifyOtp();
  const feedback = useSignInFeedback();
  const form = useSignInForm({
    initialValues: { code: '' },
    validate: async (values) => zodFormErrors((await loadAuthSchemas()).verifyOtpBodySchema, values, t),
  });

  const toggleMode = () => {
    setUseRecovery((on) => !on);
    form.reset();
    feedback.clear();
  };

  const submit = form.onSubmit((values) => {
    feedback.clear();
    verify.mutate(values.code.trim(), {
      onSuccess: onResponse,
      onError: (error) => {
        form.setFieldValue('code', '');
        feedback.report(error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed" ta="center">
          {useRecovery ? t('otp.recovery_hint') : t('otp.code_hint')}
        </Text>
        <SignInErrorAlert feedback={feedback} />
        <TextInput
          key={useRecovery ? 'recovery' : 'code'}
          label={useRecovery ? t('otp.recovery_label') : t('otp.code_label')}
          placeholder={useRecovery ? 'xxxxx-xxxxx' : '000000'}
          autoComplete="one-time-code"
          inputMode={useRecovery ? 'text' : 'numeric'}
          maxLength={useRecovery ? 11 : 6}
          leftSection={<IconShieldLock size={16} />}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.3em' } }}
          dir="ltr"
          required
          data-autofocus
          data-testid="otp-code"
          {...form.getInputProps('code')}
        />
        <Button
          type="submit"
          fullWidth
          size="md"
          loading={verify.isPending}
          disabled={feedback.blocked}
          data-testid="otp-submit"
        >
          {t('otp.submit')}
        </Button>
        <Stack gap={6} align="center">
          <Anchor component="button" type="button" size="sm" onClick={toggleMode} data-testid="otp-toggle-recovery">
            {useRecovery ? t('otp.use_app_code') : t('otp.use_recovery')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onBack}>
            {t('otp.back')}
          </Anchor>
        </Stack>
      </Stack>
    </form>
  );
}
