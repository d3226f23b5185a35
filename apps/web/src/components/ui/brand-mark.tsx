import { Group, Text, type MantineBreakpoint } from '@mantine/core';

type BrandMarkProps = { size?: number; name?: string; nameVisibleFrom?: MantineBreakpoint };

/** The product's own mark, shown where a company has no logo. */
export function BrandMark({ size = 30, name, nameVisibleFrom }: BrandMarkProps) {
  return (
    <Group gap={8} wrap="nowrap" data-testid="brand-mark">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <defs>
          <linearGradient id="brand-mark-fill" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#5c7cfa" />
            <stop offset="1" stopColor="#3b5bdb" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill="url(#brand-mark-fill)" />
        <path
          d="M9 22V10h5.5a4.5 4.5 0 0 1 0 9H12"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="21.5" cy="21.5" r="2.5" fill="#fff" />
      </svg>
      {name && (
        <Text fw={700} size="md" c="inherit" style={{ whiteSpace: 'nowrap' }} visibleFrom={nameVisibleFrom}>
          {name}
        </Text>
      )}
    </Group>
  );
}
