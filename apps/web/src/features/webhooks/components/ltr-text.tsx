import { Text, useDirection, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An address, a header or an event's name: left to right in every language, set to the start of the
 * line of the page (the right in Arabic), and broken anywhere rather than overflowing its cell.
 */
export function LtrText({ children, mono, ...props }: TextProps & { children: ReactNode; mono?: boolean }) {
  const { dir } = useDirection();
  return (
    <Text
      size="sm"
      {...props}
      dir="ltr"
      ta={dir === 'rtl' ? 'right' : 'left'}
      ff={mono ? 'monospace' : undefined}
      style={{ overflowWrap: 'anywhere' }}
    >
      {children}
    </Text>
  );
}
