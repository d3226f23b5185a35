import { describe, expect, it } from 'vitest';
import type { Directory } from '@app/shared/integrations/schemas';
import { credentialFieldsOf, isDirectoryCode, orderedDirectories } from './directories';

const directory = (code: Directory['code'], config: string[] = [], secrets: string[] = []): Directory => ({
  code,
  config_keys: config,
  secret_keys: secrets,
  fields: [],
  writes_back: false,
  available: true,
  consent: false,
});

describe('orderedDirectories', () => {
  it('offers the directories in the product order', () => {
    const listed = [
      directory('scim'),
      directory('paxton'),
      directory('googleAD'),
      directory('wonde'),
      directory('azureAD'),
    ];
    expect(orderedDirectories(listed).map((d) => d.code)).toEqual(['googleAD', 'azureAD', 'paxton', 'wonde', 'scim']);
  });

  it('leaves out a directory this app does not know', () => {
    const unknown = { ...directory('wonde'), code: 'okta' } as unknown as Directory;
    expect(orderedDirectories([unknown, directory('wonde')]).map((d) => d.code)).toEqual(['wonde']);
  });
});

describe('isDirectoryCode', () => {
  it('knows the spec codes only', () => {
    expect(isDirectoryCode('azureAD')).toBe(true);
    expect(isDirectoryCode('azuread')).toBe(false);
    expect(isDirectoryCode(3)).toBe(false);
  });
});

describe('credentialFieldsOf', () => {
  it('asks the shown keys first, then the secrets, as passwords', () => {
    const net2 = directory('paxton', ['server_url', 'username', 'client_id'], ['password']);
    expect(credentialFieldsOf(net2)).toEqual([
      { key: 'server_url', secret: false, url: true, autoComplete: 'off' },
      { key: 'username', secret: false, url: false, autoComplete: 'off' },
      { key: 'client_id', secret: false, url: false, autoComplete: 'off' },
      { key: 'password', secret: true, url: false, autoComplete: 'new-password' },
    ]);
  });
});
