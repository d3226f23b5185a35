import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outboxEmails } from '../../db/schema/index';
import { newId } from '../../lib/ids';

/** A file sent with a mail; with `cid`, the html shows it inline (`<img src="cid:…">`). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string; cid?: string };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** The outbox id, when the caller recorded it first: a mail already in the outbox is not sent again. */
  id?: string;
};
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * Every mail is written to the outbox first. With SMTP_URL it is then delivered and marked sent, and its
 * body is dropped: a delivered mail's links (set-password, unlock, visit links) must not stay readable
 * in our database. Without SMTP_URL the outbox and the server log are where it can be read.
 */
export function createMailer(opts: { db: Executor; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const smtpUrl = opts.smtpUrl;
  // nodemailer is loaded with the first mail delivered: a server without SMTP_URL never needs it.
  let transporter: Promise<Transporter> | undefined;
  const transport = smtpUrl
    ? () =>
        (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)))
    : null;
  return {
    async send(mail) {
      // Attachments (a visit's QR code) are made again from the visit when needed: only the text is kept.
      const { attachments: _attachments, id = newId(), ...stored } = mail;
      const written = await opts.db
        .insert(outboxEmails)
        .values({ id, ...stored })
        .onConflictDoNothing()
        .returning({ id: outboxEmails.id });
      if (written.length === 0) return;
      if (!transport) {
        opts.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail written to outbox (no SMTP_URL)');
        return;
      }
      try {
        await (await transport()).sendMail({ from: opts.from, ...mail });
        await opts.db
          .update(outboxEmails)
          .set({ sentAt: new Date(), text: '', html: null })
          .where(eq(outboxEmails.id, id));
      } catch (err) {
        opts.log.error({ err, to: mail.to }, 'mail delivery failed; kept in outbox');
        await opts.db
          .update(outboxEmails)
          .set({ error: String(err) })
          .where(eq(outboxEmails.id, id));
      }
    },
  };
}
