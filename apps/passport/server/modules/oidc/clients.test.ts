import { describe, expect, it } from 'vitest';
import { clientsFromEnv } from './clients';

describe('PASSPORT_CLIENTS', () => {
  it('reads a list of confidential clients with exact redirect addresses', () => {
    const clients = clientsFromEnv(
      JSON.stringify([
        {
          client_id: 'wiki',
          client_secret: 'x'.repeat(40),
          client_name: 'Wiki',
          redirect_uris: ['https://wiki.example/cb'],
        },
      ]),
    );
    expect(clients).toEqual([
      expect.objectContaining({
        client_id: 'wiki',
        redirect_uris: ['https://wiki.example/cb'],
        id_token_signed_response_alg: 'ES256',
      }),
    ]);
    expect(clientsFromEnv(undefined)).toEqual([]);
  });

  it('stops the start on a value it cannot trust', () => {
    expect(() => clientsFromEnv('{nope')).toThrow(/not JSON/);
    expect(() =>
      clientsFromEnv(
        JSON.stringify([{ client_id: 'wiki', client_secret: 'short', client_name: 'W', redirect_uris: [] }]),
      ),
    ).toThrow(/client_secret|redirect_uris/);
  });
});
