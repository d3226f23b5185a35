import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { createMailer, type Mailer } from '../modules/mail/mailer';
import type { Env } from '../config/env';
import { createFileStore, type FileStore } from '../lib/file-store';
import type { Secrets } from '../lib/secrets';
import type { PassportClient } from '../modules/passport-sign-in/passport-client';
import type { CompanyProviderClients } from '../modules/company-sign-in/company-client';
import type { DirectoryHttp } from '../modules/integrations/connectors/http';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    env: Env;
    mailer: Mailer;
    files: FileStore;
    /** The installation's secret (decision 047): sealed values and derived keys. */
    secrets: Secrets;
    /** The dashboard as a client of the passport. */
    passportClient: PassportClient;
    /** The dashboard as a client of each company's own identity provider. */
    companyProviderClients: CompanyProviderClients;
    /** Every call to a directory (Google, Microsoft Graph, Wonde, Net2) goes through it: timeout, retries, Retry-After. */
    directoryHttp: DirectoryHttp;
  }
}

export const contextPlugin = fp(async (app: FastifyInstance, opts: { db: Database; env: Env; mailer?: Mailer }) => {
  app.decorate('db', opts.db);
  app.decorate('env', opts.env);
  const files = await createFileStore(opts.env.fileStore, app.log);
  app.decorate('files', files);
  app.addHook('onClose', async () => files.close());
  app.decorate(
    'mailer',
    opts.mailer ?? createMailer({ db: opts.db.db, smtpUrl: opts.env.SMTP_URL, from: opts.env.MAIL_FROM, log: app.log }),
  );
});
