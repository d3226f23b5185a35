import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { createMailer, type Mailer } from '../modules/mail/mailer';
import type { Env } from '../config/env';
import { createFileStore, type FileStore } from '../lib/file-store';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    env: Env;
    mailer: Mailer;
    files: FileStore;
  }
}

export const contextPlugin = fp(async (app: FastifyInstance, opts: { db: Database; env: Env; mailer?: Mailer }) => {
  app.decorate('db', opts.db);
  app.decorate('env', opts.env);
  app.decorate('files', createFileStore(opts.env.dataDir));
  app.decorate(
    'mailer',
    opts.mailer ?? createMailer({ db: opts.db.db, smtpUrl: opts.env.SMTP_URL, from: opts.env.MAIL_FROM, log: app.log }),
  );
});
