import { loadEnv } from './config/env';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './seed/demo/demo';
import { buildApp } from './app';
import { loadSecrets } from './lib/secrets';
import { buildPassportApp } from '../../passport/server/app';
import { startDemoDirectories } from './modules/integrations/fakes/demo-directories';

const loaded = loadEnv();
// The demo's directories (decision 048): local fakes, and the environment pointed at them.
const demoDirectories = loaded.DIRECTORY_FAKES === 'true' ? await startDemoDirectories(loaded) : null;
const env = demoDirectories?.env ?? loaded;
const db = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.dataDir });
await db.migrate();
const secrets = loadSecrets(env.SECRETS_KEY, env.dataDir);
const app = await buildApp({ env, db, secrets });
if (secrets.generated) app.log.warn(`SECRETS_KEY is not set: made one and kept it in ${env.dataDir}/secrets.key`);
// The passport (decision 047) runs beside the dashboard in this process on its own port, sharing the
// database handle (the embedded database allows one process); PASSPORT=false where it runs on its own.
const passport = env.PASSPORT === 'true' ? await buildPassportApp({ env, db, secrets, mailer: app.mailer }) : null;

// Announcement status and the other scheduled work (decision 010); JOBS=false leaves it to other nodes.
// Started before the server answers, so no request ever finds it off and queues nothing.
if (env.JOBS === 'true') await app.jobs.start();

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(
  `listening on ${env.appUrl} (${db.kind === 'pglite' ? `embedded database in ${env.dataDir}` : 'PostgreSQL'})`,
);
if (passport) {
  await passport.listen({ port: env.PASSPORT_PORT, host: env.HOST });
  app.log.info(`passport listening on ${env.passportUrl}`);
}

// GET /api/health/ready answers 503 until the hot paths are warm (decision 037); a failed warm-up only
// leaves them cold.
try {
  const warm = await app.warmUp();
  app.log.info(
    `ready: warmed ${warm.connections} connection(s), ${warm.routes.length} hot routes and ${warm.sessions} session(s) in ${warm.ms} ms`,
  );
} catch (err) {
  app.log.warn({ err }, 'warm-up failed: ready, cold');
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    void Promise.all([app.close(), passport?.close(), demoDirectories?.close()])
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}

/** The demo company's own address: its subdomain of the base domain, on APP_URL's scheme and port (a balancer's, with several nodes). */
function demoSubdomainUrl(appUrl: string, baseDomain: string): string {
  const { protocol, port } = new URL(appUrl);
  return `${protocol}//demo.${baseDomain}${port ? `:${port}` : ''}`;
}

async function seedDemo() {
  // Nodes starting together on a new database seed it once: the others wait, then find it seeded.
  const logins = await db.exclusively('demo-seed', () => seedDemoIfEmpty(db.db, app.log));
  if (!logins) return;
  const line = '-'.repeat(64);
  console.log(
    [
      line,
      'Demo company created: "Demo Company" (Cloud, enterprise)',
      `  Admin:        ${logins.admin.email}  /  ${logins.admin.password}`,
      `  System admin: ${logins.system.email}  /  ${logins.system.password}`,
      `  Fire warden:  ${logins.warden.email}  /  ${logins.warden.password}`,
      `  Open ${env.appUrl}/login  (or ${demoSubdomainUrl(env.appUrl, env.BASE_DOMAIN)})`,
      'These passwords are shown only now.',
      line,
    ].join('\n'),
  );
}

// The demo company (first start only) is made after the server answers: no request waits on it, and on
// a fresh install it is most of the start-up. Its passwords are printed once it exists; a failure still
// ends the process.
try {
  if (env.SEED_DEMO === 'true') await seedDemo();
  if (demoDirectories) console.log(demoDirectories.lines.join('\n'));
  // The start-up work (migrations, the demo seed) leaves tens of MB of garbage that V8 collects only once
  // it sees the process idle, late or not at all on a busy machine: collected now, an idle server holds
  // what it uses. `npm start` runs node with --expose-gc; elsewhere there is no gc() and nothing happens.
  (globalThis as { gc?: () => void }).gc?.();
  app.log.info('start-up work done');
} catch (err) {
  if (!closing) {
    app.log.fatal({ err }, 'start-up work failed');
    process.exit(1);
  }
}
