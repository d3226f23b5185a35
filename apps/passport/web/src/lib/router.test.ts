import { describe, expect, it } from 'vitest';
import { matchRoute, paths, returnPathOf, safeReturnPath, signInPathFor, withReturn } from './router';

describe('matchRoute', () => {
  it('reads every page from its path, a trailing slash included', () => {
    expect(matchRoute('/')).toEqual({ name: 'home' });
    expect(matchRoute('/sign-in')).toEqual({ name: 'signIn' });
    expect(matchRoute('/sign-up/')).toEqual({ name: 'signUp' });
    expect(matchRoute('/verify')).toEqual({ name: 'verify' });
    expect(matchRoute('/forgot-password')).toEqual({ name: 'forgotPassword' });
    expect(matchRoute('/reset-password')).toEqual({ name: 'resetPassword' });
    expect(matchRoute('/profile')).toEqual({ name: 'profile' });
    expect(matchRoute('/security')).toEqual({ name: 'security' });
    expect(matchRoute('/sessions')).toEqual({ name: 'sessions' });
    expect(matchRoute('/invitations')).toEqual({ name: 'invitations' });
  });

  it('takes the interaction id from the path, decoded, and round-trips the table', () => {
    expect(matchRoute('/interaction/abc_DEF-123')).toEqual({ name: 'interaction', uid: 'abc_DEF-123' });
    expect(matchRoute(paths.interaction('a b'))).toEqual({ name: 'interaction', uid: 'a b' });
    expect(matchRoute('/interaction/%E0%A4%A')).toEqual({ name: 'notFound' });
    expect(matchRoute('/interaction/a/b')).toEqual({ name: 'notFound' });
    expect(matchRoute('/interaction/')).toEqual({ name: 'notFound' });
  });

  it('knows no other page', () => {
    expect(matchRoute('/api/me')).toEqual({ name: 'notFound' });
    expect(matchRoute('/sign-in/extra')).toEqual({ name: 'notFound' });
  });
});

describe('safeReturnPath', () => {
  it('accepts the app’s own pages, with their query', () => {
    expect(safeReturnPath('/interaction/xyz')).toBe('/interaction/xyz');
    expect(safeReturnPath('/invitations')).toBe('/invitations');
    expect(safeReturnPath('/security?x=1')).toBe('/security?x=1');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses other origins, unknown pages and the sign-in pages', () => {
    for (const value of [
      null,
      undefined,
      '',
      'https://evil.example/interaction/x',
      '//evil.example/interaction/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'interaction/x',
      '/nowhere',
      '/sign-in',
      '/sign-up?return=/',
      '/reset-password',
    ]) {
      expect(safeReturnPath(value), String(value)).toBeUndefined();
    }
  });
});

describe('withReturn and returnPathOf', () => {
  it('carries a safe return path through the query and reads it back', () => {
    const href = withReturn(paths.signUp, '/interaction/u1');
    expect(href).toBe('/sign-up?return=%2Finteraction%2Fu1');
    expect(returnPathOf(href.slice(href.indexOf('?')))).toBe('/interaction/u1');
  });

  it('leaves the path alone when there is nowhere safe to return to', () => {
    expect(withReturn(paths.signIn, undefined)).toBe('/sign-in');
    expect(withReturn(paths.signIn, 'https://evil.example')).toBe('/sign-in');
    expect(returnPathOf('')).toBeUndefined();
    expect(returnPathOf('?return=https://evil.example')).toBeUndefined();
  });
});

describe('signInPathFor', () => {
  it('goes straight back to an application’s sign-in page, which has the form itself', () => {
    expect(signInPathFor('/interaction/u1')).toBe('/interaction/u1');
  });

  it('goes through the sign-in page for any other page, or when there is nowhere to return to', () => {
    expect(signInPathFor('/invitations')).toBe('/sign-in?return=%2Finvitations');
    expect(signInPathFor(undefined)).toBe('/sign-in');
    expect(signInPathFor('https://evil.example/')).toBe('/sign-in');
  });
});
