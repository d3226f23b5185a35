import { describe, expect, it } from 'vitest';
import { linkExpiredHref } from './link-expired';

describe('linkExpiredHref', () => {
  it('carries the exact message and the passport flag', () => {
    const href = linkExpiredHref({
      message:
        'Your confirmation link has expired because your visit has been deleted. Please contact the system admin for further details.',
      userHasPassport: true,
    });
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/link-expired');
    expect(url.searchParams.get('message')).toBe(
      'Your confirmation link has expired because your visit has been deleted. Please contact the system admin for further details.',
    );
    expect(url.searchParams.get('userHasPassport')).toBe('true');
  });

  it('leaves the generic message to the page when there is none', () => {
    expect(linkExpiredHref()).toBe('/link-expired');
    expect(linkExpiredHref({ message: '  ', userHasPassport: false })).toBe('/link-expired');
  });
});
