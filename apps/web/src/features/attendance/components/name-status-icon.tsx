import { Loader } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { ModeNameStatus } from '../hooks/use-mode-name-status';

/** The icon at the end of the mode-name field while its name is checked. */
export function NameStatusIcon({ status }: { status: ModeNameStatus }) {
  if (status === 'checking') return <Loader size="xs" />;
  if (status === 'available')
    return <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" data-testid="mode-name-free" />;
  if (status === 'taken')
    return <IconCircleX size={18} color="var(--mantine-color-red-6)" data-testid="mode-name-taken" />;
  return null;
}
