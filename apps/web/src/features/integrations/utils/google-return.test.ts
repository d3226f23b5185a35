import { describe, expect, it } from 'vitest';
import { googleReturnOf, suggestedGoogleName } from './google-return';

const AUTH = '01930000-0000-7000-8000-0000000000AA';
const INTEG = '01930000-0000-7000-8000-0000000000bb';

describe('googleReturnOf', () => {
  it('reads the consent for a new integration', () => {
    expect(googleReturnOf({ accessToken: AUTH, refreshToken: 'new', encryptedEmail: 'admin@school.org' })).toEqual({
      kind: 'create',
      authorizationId: AUTH.toLowerCase(),
      account: 'admin@school.org',
    });
  });

  it('reads a re-authentication, with no account when Google named none', () => {
    expect(googleReturnOf({ accessToken: AUTH, refreshToken: INTEG, encryptedEmail: '-' })).toEqual({
      kind: 'reauth',
      authorizationId: AUTH.toLowerCase(),
      integrationId: INTEG,
      account: null,
    });
  });

  it('refuses an address the server cannot have written', () => {
    expect(googleReturnOf({ accessToken: 'ya29.token', refreshToken: 'new', encryptedEmail: 'x' })).toEqual({
      kind: 'invalid',
    });
    expect(googleReturnOf({ accessToken: AUTH, refreshToken: '1//refresh', encryptedEmail: 'x' })).toEqual({
      kind: 'invalid',
    });
  });
});

describe('suggestedGoogleName', () => {
  it('names the domain of the account', () => {
    expect(suggestedGoogleName('Google Workspace', 'admin@school.org')).toBe('Google Workspace (school.org)');
    expect(suggestedGoogleName('Google Workspace', 'school.org')).toBe('Google Workspace (school.org)');
    expect(suggestedGoogleName('Google Workspace', null)).toBe('Google Workspace');
  });

  it('stays within the name limit', () => {
    const long = `admin@${'a'.repeat(60)}.org`;
    expect(suggestedGoogleName('Google Workspace', long)).toBe('Google Workspace');
  });
});
