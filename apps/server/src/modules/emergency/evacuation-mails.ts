import type { FastifyInstance } from 'fastify';
import { isLanguage, type Language } from '@app/shared/constants';
import { withTenant } from '../../db/client';
import { t } from '../../lib/i18n';
import type { Mail } from '../mail/mailer';
import { findMailableRoll } from './sessions.repository';

// "Evacuate now" (issue 15 item 8): everyone on a new session's roll who has an email gets one, with
// their own "I am safe" link (`/i-am-safe/<token>`; only the token's sha-256 is kept, on their roll
// entry). A drill's mail says it is a drill. Each mail is in the person's own language when they use
// the dashboard, else in the language of whoever started the session (English for a kiosk's alarm).
// Texts: emails.json `emergency_*`. Sent after the start committed, in the background: the warden's
// screen does not wait for hundreds of mails, and the outbox keeps each one until it is delivered.

/** Mails handed to the mailer at once (SMTP deliveries run side by side, up to this many). */
const PARALLEL = 8;

/**
 * The sendings under way, by the app's mailer: route plugins get encapsulated copies of the app, but
 * all of them share the one mailer, so a test or a shutdown holding the root app finds them.
 */
const running = new WeakMap<object, Set<Promise<void>>>();

export type EvacuationMailsInput = {
  entityId: string;
  companyName: string;
  sessionId: string;
  isDrill: boolean;
  /** The plain token of each roll entry that has one, by roll entry id (never stored). */
  tokens: ReadonlyMap<string, string>;
  lang: Language;
};

export async function buildEvacuationMails(app: FastifyInstance, input: EvacuationMailsInput): Promise<Mail[]> {
  if (input.tokens.size === 0) return [];
  const rows = await withTenant(app.db.db, input.entityId, (tx) =>
    findMailableRoll(tx, input.entityId, input.sessionId),
  );
  const kind = input.isDrill ? 'drill' : 'evacuate';
  const mails: Mail[] = [];
  for (const row of rows) {
    const token = input.tokens.get(row.id);
    if (!token) continue;
    const lang: Language = row.lang && isLanguage(row.lang) ? row.lang : input.lang;
    const vars = {
      name: row.full_name,
      company: input.companyName,
      place: [row.site_name, row.area_name].filter(Boolean).join(' › '),
      link: `${app.env.appUrl}/i-am-safe/${token}`,
    };
    mails.push({
      to: row.email,
      subject: t(lang, `emails:emergency_${kind}_subject`, vars),
      text: t(lang, `emails:emergency_${kind}_body`, vars),
    });
  }
  return mails;
}

/** Sends the mails of a new session in the background; failures are logged, each mail stays in the outbox. */
export function sendEvacuationMails(app: FastifyInstance, input: EvacuationMailsInput): void {
  if (input.tokens.size === 0) return;
  let set = running.get(app.mailer);
  if (!set) running.set(app.mailer, (set = new Set()));
  const own = set;
  const work = (async () => {
    const mails = await buildEvacuationMails(app, input);
    for (let i = 0; i < mails.length; i += PARALLEL) {
      await Promise.all(mails.slice(i, i + PARALLEL).map((mail) => app.mailer.send(mail)));
    }
  })().catch((err: unknown) => app.log.error({ err, sessionId: input.sessionId }, 'evacuation mails failed'));
  own.add(work);
  void work.finally(() => own.delete(work));
}

/** Waits for the evacuation mails being sent (tests, shutdown). */
export async function evacuationMailsSent(app: FastifyInstance): Promise<void> {
  const set = running.get(app.mailer);
  while (set && set.size > 0) await Promise.all([...set]);
}
