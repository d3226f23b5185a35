import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { navigateTo } from '@/lib/navigation';

/** A plain click moves the app; a modified one (a new tab, a new window) is the browser's. */
export function followInApp(event: MouseEvent<HTMLAnchorElement>, href: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigateTo(href);
}

/**
 * A link to an address with a query (`/integration-error?id=…`), which the router's links do not take
 * as a path; with `back`, the small "back to …" link above a page's title (its arrow points to the
 * start of the line in Arabic too).
 */
export function HrefLink({
  href,
  children,
  back,
  testId,
}: {
  href: string;
  children: ReactNode;
  back?: boolean;
  testId?: string;
}) {
  return (
    <Anchor size="sm" href={href} onClick={(event) => followInApp(event, href)} data-testid={testId}>
      {back ? (
        <Group gap={4} component="span">
          <IconArrowLeft size={14} className="mirror-rtl" />
          {children}
        </Group>
      ) : (
        children
      )}
    </Anchor>
  );
}
