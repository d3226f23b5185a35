import { Alert, Stack } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberReturn } from '../lib/pending-return';
import { signInPathFor } from '../lib/router';
import { AppLink } from './app-link';

type MailSentNoticeProps = {
  title: string;
  /** Where the link went, announced as it appears. */
  message: string;
  /** The page to come back to after signing in. */
  returnPath?: string;
  /** Anything more to say or offer, between the notice and the way back. */
  children?: ReactNode;
};

/** A form's answer once it has mailed a link: what was sent where, then the way back to signing in. */
export function MailSentNotice({ title, message, returnPath, children }: MailSentNoticeProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden />} title={title}>
        <div role="status">{message}</div>
      </Alert>
      {children}
      <AppLink href={signInPathFor(returnPath)}>{t('common.back_to_sign_in')}</AppLink>
    </Stack>
  );
}

/**
 * The address a link was mailed to, once it was, and what to call when it is. The mailed link brings the
 * person back without the application they came from: sending remembers it.
 */
export function useMailSent(returnPath?: string) {
  const [sentTo, setSentTo] = useState<string>();
  const sent = (email: string) => {
    rememberReturn(returnPath);
    setSentTo(email);
  };
  return [sentTo, sent] as const;
}
