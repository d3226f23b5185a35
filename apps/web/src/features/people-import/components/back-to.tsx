import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { navigateTo } from '@/lib/navigation';

/**
 * A "back to …" link to an address with a query (`/users/import?task=…`), which the router's links
 * do not take as a path: the app's navigation on a plain click, the browser's own on a modified one
 * (a new tab). Looks like the shared BackLink; its arrow points to the start of the line in Arabic too.
 */
export function BackTo({ href, children, testId }: { href: string; children: ReactNode; testId?: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigateTo(href);
  };
  return (
    <Anchor size="sm" href={href} onClick={follow} data-testid={testId}>
      <Group gap={4} component="span">
        <IconArrowLeft size={14} className="mirror-rtl" />
        {children}
      </Group>
    </Anchor>
  );
}
