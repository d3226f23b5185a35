import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ApiError } from '../lib/api-error';

type ErrorAlertProps = { error?: ApiError; message?: string; title?: string; children?: ReactNode };

/** What went wrong (the server's words are already in the person's language), announced as it appears. */
export function ErrorAlert({ error, message, title, children }: ErrorAlertProps) {
  return (
    <Alert color="red" variant="light" role="alert" title={title} icon={<IconAlertCircle aria-hidden />}>
      {message ?? error?.message}
      {children}
    </Alert>
  );
}
