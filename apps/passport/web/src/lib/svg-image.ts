/**
 * An SVG document as an image address: shown through <img>, its markup never enters the page (no script,
 * no styles, nothing to inject), and the CSP's `img-src data:` allows it.
 */
export function svgImageUrl(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}
