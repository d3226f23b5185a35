import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../lib/use-request';
import { resendVerification } from '../api/resend-verification';

/** Sends the confirmation link again to `email`, and says so. */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useAction(resendVerification);
  const [sent, setSent] = useState(false);

  const send = async () => {
    setSent(false);
    if ((await resend.run(email)).ok) setSent(true);
  };

  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="light" loading={resend.pending} onClick={send}>
        {t('verify.resend')}
      </Button>
      <div role="status">{sent && <Text size="sm">{t('verify.resent', { email })}</Text>}</div>
      {resend.error && (
        <Text size="sm" c="red.9" role="alert">
          {resend.error.message}
        </Text>
      )}
    </Stack>
  );
}
