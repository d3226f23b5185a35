import { describe, expect, it } from 'vitest';
import { SIGN_IN_PAGES, signInPageOf } from './sign-in-pages';

describe('signInPageOf', () => {
  it('names each sign-in page by its path, with or without a trailing slash', () => {
    for (const path of Object.values(SIGN_IN_PAGES)) {
      expect(signInPageOf(path)).toBe(path);
      expect(signInPageOf(`${path}/`)).toBe(path);
    }
  });

  it('names no page for the app’s other paths, a longer path or another case', () => {
    for (const path of ['/', '/logout', '/login-one-time', '/logins', '/login/extra', '/LOGIN', '//login', '']) {
      expect(signInPageOf(path), path).toBeUndefined();
    }
  });
});
