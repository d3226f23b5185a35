// The browser tab says which screen (and which tab of it) is open: "Kiosks · Front Desk".
import { useEffect } from 'react';
import { usePublicConfig } from './public-config';

/** The window title for a screen: its own title, then the product's name when there is one. */
export const documentTitle = (title: string, product: string | undefined): string =>
  product && product !== title ? `${title} · ${product}` : title;

/** Sets the window's title while the screen is open, and gives the product's name back after. */
export function useDocumentTitle(title: string): void {
  const product = usePublicConfig()?.provider_name;
  useEffect(() => {
    document.title = documentTitle(title, product);
    return () => {
      if (product) document.title = product;
    };
  }, [title, product]);
}
