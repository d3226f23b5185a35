import { Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

// The marked cell's start edge: a logical border, on the right in Arabic.
export const invalidCell = {
  background: 'var(--mantine-color-red-light)',
  borderInlineStart: '3px solid var(--mantine-color-red-filled)',
} as const;

/**
 * A value of a directory record in a grid cell, with the server's problem about it under it. Values
 * that read left to right in every language (emails, phones, ids) are set so.
 */
export function RecordValue({
  value,
  problem,
  ltr,
  empty,
}: {
  value: ReactNode;
  problem?: string;
  ltr?: boolean;
  /** What an empty value reads as (a dash for the eye, words for a screen reader). */
  empty: string;
}) {
  const blank = value === null || value === undefined || value === '';
  return (
    <Stack gap={2}>
      {blank ? (
        <Text size="sm" c="dimmed">
          <span aria-hidden>—</span>
          <VisuallyHidden>{empty}</VisuallyHidden>
        </Text>
      ) : (
        <Text
          size="sm"
          dir={ltr ? 'ltr' : undefined}
          style={ltr ? { textAlign: 'start', unicodeBidi: 'plaintext' } : undefined}
        >
          {typeof value === 'string' ? <bdi>{value}</bdi> : value}
        </Text>
      )}
      {problem && (
        <Text size="xs" c="red.9" fw={500} data-testid="record-problem">
          <IconAlertCircle size={12} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
          {problem}
        </Text>
      )}
    </Stack>
  );
}
