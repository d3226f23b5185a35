// The directory of the directory-sync case (bench/cases/directory-sync.ts), in a process of its own: one
// Microsoft Graph fake (apps/server/src/modules/integrations/fakes/microsoft-graph-fake.ts, its users
// built lazily) per size asked for, pages of 999 users, and a small control server the load process
// asks to reset Graph's synchronization (every delta link then answers 410 Gone, so the connector must
// read everything again). Writes the fakes' URLs to `out` once listening; runs until stopped.
//   node --import tsx bench/load/directory-sync-fake.ts <settings.json>
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMicrosoftGraphFake } from '../../apps/server/src/modules/integrations/fakes/microsoft-graph-fake';
import { readSettings, writeResult } from './child-io';
import { FAKE_TENANT } from './directory-sync-data';

export type DirectoryFakeSettings = { users: number[]; out: string };

export type DirectoryFakeResult = {
  /** Each size's fake, in the order asked for. */
  fakes: { users: number; url: string }[];
  /** POST <control>/reset-sync?users=<n>: that fake's delta links all answer 410 Gone from now on. */
  control: string;
};

/** Graph's largest page of users (what a tenant sends when asked for odata.maxpagesize=999). */
const PAGE_SIZE = 999;

const settings = readSettings<DirectoryFakeSettings>();
const fakes = await Promise.all(
  settings.users.map(async (users) => ({
    users,
    ...(await startMicrosoftGraphFake({ users, pageSize: PAGE_SIZE, names: FAKE_TENANT.names })),
  })),
);

const control = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://control');
  const fake = fakes.find((f) => String(f.users) === url.searchParams.get('users'));
  if (req.method === 'POST' && url.pathname === '/reset-sync' && fake) {
    fake.control.resetSync();
    res.writeHead(204).end();
    return;
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const { port } = control.address() as AddressInfo;

const result: DirectoryFakeResult = {
  fakes: fakes.map((f) => ({ users: f.users, url: f.server.url })),
  control: `http://127.0.0.1:${port}`,
};
writeResult(settings.out, result);
console.log(`fakes: ${result.fakes.map((f) => `${f.users} users at ${f.url}`).join(', ')}; control ${result.control}`);

const shutDown = () => {
  control.close();
  void Promise.all(fakes.map((f) => f.server.close())).then(() => process.exit(0));
};
process.once('SIGTERM', shutDown);
process.once('SIGINT', shutDown);
