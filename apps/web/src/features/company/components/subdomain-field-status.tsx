import { Loader } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { SubdomainStatus } from '../hooks/use-subdomain-status';

/** The icon at the end of the subdomain field. */
export function SubdomainFieldStatus({ status }: { status: SubdomainStatus }) {
  if (status === 'checking') return <Loader size="xs" />;
  if (status === 'available') return <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" />;
  if (status === 'taken') return <IconCircleX size={18} color="var(--mantine-color-red-6)" />;
  return null;
}
