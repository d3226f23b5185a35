import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A small "back to …" link above a page's title; its arrow points to the start of the line in Arabic too. */
export function BackLink({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <Anchor size="sm" renderRoot={(props) => <Link to={to} {...props} />} data-testid={testId}>
      <Group gap={4} component="span">
        <IconArrowLeft size={14} className="mirror-rtl" />
        {children}
      </Group>
    </Anchor>
  );
}
