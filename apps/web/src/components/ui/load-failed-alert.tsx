import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type LoadFailedAlertProps = { title: string; onRetry: () => void };

/** What could not be read, said in place, with the way to read it again. */
export function LoadFailedAlert({ title, onRetry }: LoadFailedAlertProps) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title}>
      <Button variant="light" color="red" size="xs" mt="xs" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
