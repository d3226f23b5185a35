import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../lib/api-error';
import { ErrorAlert } from './error-alert';

/** A list that could not be read: what went wrong, and Retry. */
export function RetryAlert({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorAlert error={error}>
      <div>
        <Button mt="sm" size="compact-sm" variant="light" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    </ErrorAlert>
  );
}
