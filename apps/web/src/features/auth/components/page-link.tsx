import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { goToPage } from '../hooks/use-page-location';

type PageLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/**
 * A link to another sign-in page: a real link (a new tab, a copied address), followed in this document
 * without loading it again. For Mantine's `renderRoot`.
 */
export function PageLink({ to, onClick, ...props }: PageLinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (event.defaultPrevented || !plain) return;
    event.preventDefault();
    goToPage(to);
  };
  return <a {...props} href={to} onClick={follow} />;
}
