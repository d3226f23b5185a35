import { describe, expect, it } from 'vitest';
import {
  deltaLinkState,
  opensReauthByItself,
  reauthBodyOf,
  reauthFieldsOf,
  statusActionOf,
  viewAbilitiesOf,
} from './view-rules';

describe('opensReauthByItself (spec §8)', () => {
  it('opens for a refused or invalid integration, or when the address asks', () => {
    expect(opensReauthByItself({ status: 'authentication_failed', dir_code: 'azureAD' }, null)).toBe(true);
    expect(opensReauthByItself({ status: 'invalid', dir_code: 'paxton' }, null)).toBe(true);
    expect(opensReauthByItself({ status: 'active', dir_code: 'wonde' }, '1')).toBe(true);
    expect(opensReauthByItself({ status: 'active', dir_code: 'wonde' }, null)).toBe(false);
    expect(opensReauthByItself({ status: 'active', dir_code: 'wonde' }, '0')).toBe(false);
  });

  it('never opens for SCIM, which has no credentials', () => {
    expect(opensReauthByItself({ status: 'invalid', dir_code: 'scim' }, '1')).toBe(false);
  });
});

describe('statusActionOf (spec §4)', () => {
  it('deactivates what runs and reactivates what was deactivated', () => {
    expect(statusActionOf('active')).toBe('deactivate');
    expect(statusActionOf('active_with_errors')).toBe('deactivate');
    expect(statusActionOf('inactive')).toBe('reactivate');
    expect(statusActionOf('draft')).toBeNull();
    expect(statusActionOf('authentication_failed')).toBeNull();
  });
});

describe('viewAbilitiesOf', () => {
  it('offers sync and re-authentication to read directories, a token to SCIM', () => {
    expect(viewAbilitiesOf({ dir_code: 'azureAD', write_back: false })).toEqual({
      sync: true,
      reauth: true,
      scimToken: false,
      writeBack: false,
      attendanceCodes: false,
    });
    expect(viewAbilitiesOf({ dir_code: 'scim', write_back: false })).toMatchObject({
      sync: false,
      reauth: false,
      scimToken: true,
    });
  });

  it('offers write-back when it is on, attendance codes to Wonde', () => {
    expect(viewAbilitiesOf({ dir_code: 'wonde', write_back: true })).toMatchObject({
      writeBack: true,
      attendanceCodes: true,
    });
  });
});

describe('deltaLinkState', () => {
  it('says when the next sync reads everything again', () => {
    expect(deltaLinkState(null)).toBeNull();
    expect(deltaLinkState(2)).toBe('fresh');
    expect(deltaLinkState(6.2)).toBe('soon');
    expect(deltaLinkState(7)).toBe('expired');
  });
});

describe('re-authentication form', () => {
  const directory = { config_keys: ['server_url', 'username'], secret_keys: ['password'] };

  it('prefills what is shown again and says which secrets are stored', () => {
    expect(
      reauthFieldsOf(directory, {
        config: { server_url: 'https://net2', username: 'admin' },
        secrets_set: ['password'],
      }),
    ).toEqual({
      config: [
        { key: 'server_url', initial: 'https://net2' },
        { key: 'username', initial: 'admin' },
      ],
      secrets: [{ key: 'password', stored: true }],
    });
  });

  it('sends the keys typed and leaves out a stored secret left empty', () => {
    const fields = reauthFieldsOf(directory, { config: {}, secrets_set: ['password'] });
    expect(reauthBodyOf(fields, { server_url: ' https://net2 ', username: 'admin', password: '' })).toEqual({
      body: { config: { server_url: 'https://net2', username: 'admin' }, secrets: {} },
    });
    expect(reauthBodyOf(fields, { server_url: 'u', username: 'a', password: 's3cret ' })).toEqual({
      body: { config: { server_url: 'u', username: 'a' }, secrets: { password: 's3cret ' } },
    });
  });

  it('names the first required field left empty', () => {
    const fields = reauthFieldsOf(directory, { config: {}, secrets_set: [] });
    expect(reauthBodyOf(fields, { server_url: 'u', username: ' ', password: 'p' })).toEqual({ missing: 'username' });
    expect(reauthBodyOf(fields, { server_url: 'u', username: 'a', password: '' })).toEqual({ missing: 'password' });
  });
});
