import { Skeleton, Stack, type MantineSpacing } from '@mantine/core';

/** A list's or drawer's placeholder while it loads: a few grey rows, hidden from screen readers. */
export function RowsSkeleton({ rows, height, gap = 'xs' }: { rows: number; height: number; gap?: MantineSpacing }) {
  return (
    <Stack gap={gap} aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={height} />
      ))}
    </Stack>
  );
}
