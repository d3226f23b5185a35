// Links between the app's pages: real <a href> elements (open in a new tab, copy the address) that move
// through history without reloading when simply clicked.
import { Anchor, type AnchorProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { navigate } from '../lib/router';

/** Handles a plain click on a link to `href` inside the app; a modified click keeps the browser's meaning. */
export function followLink(event: MouseEvent<HTMLElement>, href: string): void {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return;
  }
  event.preventDefault();
  navigate(href);
}

/** Props that make any Mantine component with `component="a"` a link inside the app. */
export const linkProps = (href: string) => ({
  component: 'a' as const,
  href,
  onClick: (event: MouseEvent<HTMLElement>) => followLink(event, href),
});

export function AppLink({ href, children, ...props }: AnchorProps & { href: string; children: ReactNode }) {
  return (
    <Anchor {...props} href={href} onClick={(event) => followLink(event, href)}>
      {children}
    </Anchor>
  );
}
