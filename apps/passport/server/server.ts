import { buildPassportApp } from './app';
import { loadEnv, loadSecrets, openDatabase } from './platform';

// The passport on its own (decision 047): a process of its own on PostgreSQL, as many as needed behind a
// load balancer. The dashboard's nodes then run with PASSPORT=false. Migrations are the dashboard's.
const env = loadEnv();
if (!env.DATABASE_URL) throw new Error('The passport runs on its own only on PostgreSQL: set DATABASE_URL');
if (!env.SECRETS_KEY) throw new Error('Set SECRETS_KEY: every node of the installation needs the same one');
const db = await openDatabase({ url: env.DATABASE_URL });
const app = await buildPassportApp({ env, db, secrets: loadSecrets(env.SECRETS_KEY, env.dataDir) });
await app.listen({ port: env.PASSPORT_PORT, host: env.HOST });
app.log.info(`passport listening on ${env.passportUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}
