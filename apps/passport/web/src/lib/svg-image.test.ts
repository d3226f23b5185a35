import { describe, expect, it } from 'vitest';
import { svgImageUrl } from './svg-image';

describe('svgImageUrl', () => {
  it('encodes the markup into a data: address that decodes back to it', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1H0z" fill="#000"/></svg>';
    const url = svgImageUrl(svg);
    expect(url.startsWith('data:image/svg+xml;utf8,')).toBe(true);
    expect(url).not.toMatch(/[<>"#]/);
    expect(decodeURIComponent(url.slice('data:image/svg+xml;utf8,'.length))).toBe(svg);
  });
});
