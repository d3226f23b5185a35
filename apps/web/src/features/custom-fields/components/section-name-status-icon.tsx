import { Loader } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { SectionNameStatus } from '../hooks/use-section-name-status';

/** The icon at the end of a section-name field while its name is checked. */
export function SectionNameStatusIcon({ status }: { status: SectionNameStatus }) {
  if (status === 'checking') return <Loader size="xs" />;
  if (status === 'available') return <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" />;
  if (status === 'taken') return <IconCircleX size={18} color="var(--mantine-color-red-6)" />;
  return null;
}
