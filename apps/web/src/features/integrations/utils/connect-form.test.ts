import { describe, expect, it } from 'vitest';
import { connectBody, connectErrors, emptyConnectValues, nameProblem, validateConnect } from './connect-form';
import { credentialFieldsOf } from './directories';

const t = (key: string, vars?: Record<string, string | number>) => (vars ? `${key} ${JSON.stringify(vars)}` : key);
const net2 = {
  code: 'paxton' as const,
  config_keys: ['server_url', 'username', 'client_id'],
  secret_keys: ['password'],
};
const fields = credentialFieldsOf(net2);

describe('nameProblem', () => {
  it('asks for 2 to 50 characters once trimmed', () => {
    expect(nameProblem('  ', t)).toBe('integrations:name.required');
    expect(nameProblem(' a ', t)).toBe('integrations:name.length {"min":2,"max":50}');
    expect(nameProblem('x'.repeat(51), t)).toBe('integrations:name.length {"min":2,"max":50}');
    expect(nameProblem(' Staff ', t)).toBeNull();
  });
});

describe('validateConnect', () => {
  it('requires the name and every credential', () => {
    expect(validateConnect(emptyConnectValues(fields), fields, t)).toEqual({
      name: 'integrations:name.required',
      'credentials.server_url': 'integrations:connect.errors.required',
      'credentials.username': 'integrations:connect.errors.required',
      'credentials.client_id': 'integrations:connect.errors.required',
      'credentials.password': 'integrations:connect.errors.required',
    });
  });

  it('checks the server address is a web address', () => {
    const values = {
      name: 'Door system',
      credentials: { server_url: 'net2.local:8080', username: 'admin', client_id: 'abc', password: 'pw' },
    };
    expect(validateConnect(values, fields, t)).toEqual({ 'credentials.server_url': 'integrations:connect.errors.url' });
    values.credentials.server_url = 'https://net2.local:8080';
    expect(validateConnect(values, fields, t)).toEqual({});
  });
});

describe('connectBody', () => {
  it('splits the values into config and secrets, trimmed', () => {
    const values = {
      name: ' Door system ',
      credentials: { server_url: ' https://net2.local ', username: 'admin', client_id: 'abc', password: ' pw ' },
    };
    expect(connectBody(net2, values)).toEqual({
      name: 'Door system',
      dir_code: 'paxton',
      config: { server_url: 'https://net2.local', username: 'admin', client_id: 'abc' },
      secrets: { password: 'pw' },
    });
  });
});

describe('connectErrors', () => {
  const keys = ['server_url', 'username', 'client_id', 'password'];

  it('puts a refused credential on its field, by key or by body path', () => {
    expect(connectErrors({ password: ['Authentication failed.'], 'config.server_url': ['Bad'] }, keys)).toEqual({
      fields: { 'credentials.password': 'Authentication failed.', 'credentials.server_url': 'Bad' },
      other: null,
    });
  });

  it('puts a taken name on the name, and anything else above the buttons', () => {
    expect(connectErrors({ name: ['Taken.'], config: ['Unreachable.'], dir_code: ['Not set up.'] }, keys)).toEqual({
      fields: { name: 'Taken.' },
      other: 'Unreachable.\nNot set up.',
    });
  });
});
