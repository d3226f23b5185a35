import { Loader } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { NameStatus } from '../hooks/use-integration-name-status';

/** The icon at the end of the name field while its name is checked; its meaning is also said to screen readers. */
export function NameStatusIcon({ status }: { status: NameStatus }) {
  const { t } = useTranslation('integrations');
  if (status === 'checking') return <Loader size="xs" role="img" aria-label={t('name.checking')} />;
  if (status === 'available')
    return (
      <IconCircleCheck
        size={18}
        color="var(--mantine-color-teal-6)"
        role="img"
        aria-label={t('name.available')}
        data-testid="integration-name-free"
      />
    );
  if (status === 'taken')
    return (
      <IconCircleX
        size={18}
        color="var(--mantine-color-red-6)"
        role="img"
        aria-label={t('name.taken')}
        data-testid="integration-name-taken"
      />
    );
  return null;
}
