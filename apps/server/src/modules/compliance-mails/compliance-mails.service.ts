// Sending an expected visitor the online compliance link before the visit and reminding them until it
// is answered (spec §5: at least 5 minutes before, reminders at least 30 minutes apart; each
// compliance's own settings). One visit at a time, with the run's clock: it decides what is due from
// what was stored, sends at most one mail, records it in the same transaction that locked the row, and
// answers when the next one is due. A run that comes twice finds the row moved on and sends nothing.
import type { FastifyInstance } from 'fastify';
import { isLanguage, type Language } from '@app/shared/constants';
import { combinedSettings, nextComplianceMail, type ComplianceMailRound } from '@app/shared/compliances/reminders';
import type { ComplianceSettings } from '@app/shared/compliances/schemas';
import { withTenant, type Executor } from '../../db/client';
import { findEntity } from '../access/access.repository';
import type { EntityRecord } from '../access/access.types';
import { newId } from '../../lib/ids';
import { writeAudit } from '../audit/audit.repository';
import { settingsOf } from '../compliances/compliance-content';
import {
  findAreaWithSite,
  findUserType,
  findVisit,
  type VisitRow,
} from '../expected-visits/expected-visits.repository';
import { clockOf, complianceStateOf, complianceUrl, linkExpiryOf } from '../expected-visits/visit-rules';
import type { Mail } from '../mail/mailer';
import { findRecipients } from '../people/people.repository';
import { complianceMail } from './compliance-mails.mails';
import { clearPendingMail, lockRound, saveRound } from './compliance-mails.repository';

export type ComplianceMailRun = {
  entityId: string;
  visitId: string;
  /** What this run sent, if anything. */
  sent: 'link' | 'reminder' | null;
  /** When the next mail is due (possibly already), null when none will go. */
  nextDueAt: Date | null;
};

const FRESH: ComplianceMailRound = { linkSentAt: null, remindersSent: 0, lastReminderAt: null };

/**
 * The visitor's language: the one they chose on the public form for a visit they registered, else
 * their account's, else the one their visit was first written to them in, else English.
 */
function languageOf(visit: VisitRow, accountLang: string | null): Language {
  const visitLang = visit.extra?.lang;
  if (visit.extra?.origin === 'pre_registration' && isLanguage(visitLang)) return visitLang;
  if (isLanguage(accountLang)) return accountLang;
  return isLanguage(visitLang) ? visitLang : 'en';
}

type Plan = {
  settings: ComplianceSettings;
  expectedAt: Date;
  to: string;
  lang: Language;
  vars: { name: string; link: string };
};

/**
 * What the visit's mails go by, or null when none should go: an expected visit whose compliance link
 * works (not rejected, cancelled, arrived or past its grace period), with an email, whose flow still
 * waits for a required answer (answered, even failed, stops them: the stage shows a failure).
 */
async function planOf(tx: Executor, visit: VisitRow, now: Date, app: FastifyInstance): Promise<Plan | null> {
  if (visit.state !== 'expected' || !visit.expectedAt || !visit.linkToken || !visit.journeyFlowId) return null;
  const type = visit.userTypeId ? await findUserType(tx, visit.entityId, visit.userTypeId) : null;
  if (linkExpiryOf(visit, type, 'compliance', now)) return null;
  const [person] = await findRecipients(tx, visit.entityId, undefined, [visit.personId]);
  if (!person?.email || person.status !== 'active') return null;
  const { progress, items } = await complianceStateOf(tx, visit.entityId, {
    personId: visit.personId,
    flowId: visit.journeyFlowId,
    visitId: visit.id,
    at: visit.expectedAt,
  });
  if (progress !== 'pending') return null;
  const settings = combinedSettings(
    items.filter((i) => i.required && !i.answer).map((i) => settingsOf(i.compliance.content)),
  );
  if (!settings) return null;
  return {
    settings,
    expectedAt: visit.expectedAt,
    to: person.email,
    lang: languageOf(visit, person.lang),
    vars: { name: person.firstName, link: complianceUrl(app, visit.linkToken) },
  };
}

async function mailOf(tx: Executor, entity: EntityRecord, visit: VisitRow, plan: Plan, kind: 'link' | 'reminder') {
  const place = await findAreaWithSite(tx, entity.id, visit.areaId);
  const clock = clockOf(plan.expectedAt, entity.timezone);
  return complianceMail(plan.lang, kind, plan.to, {
    company: entity.name,
    name: plan.vars.name,
    date: clock.date,
    time: clock.time,
    place: place ? `${place.site.name}, ${place.area.name}` : '',
    link: plan.vars.link,
  });
}

/**
 * Brings one visit's compliance mails up to `now`: with `send`, sends the one due (the job's runs);
 * without, only works out the next (after the visit changed, from a request). A self-registered visit
 * made inside the send-before window already had the link in its registration email.
 */
export async function runComplianceMails(
  app: FastifyInstance,
  entityId: string,
  visitId: string,
  now: Date,
  { send }: { send: boolean },
): Promise<ComplianceMailRun | null> {
  const done = await withTenant(app.db.db, entityId, async (tx) => {
    const entity = await findEntity(tx, entityId);
    const visit = entity ? await findVisit(tx, entityId, visitId) : null;
    if (!entity || !visit) return null;
    const { row, created } = await lockRound(tx, entityId, visitId);
    const sameTime = row.expectedAt !== null && row.expectedAt.getTime() === visit.expectedAt?.getTime();
    const round: ComplianceMailRound = sameTime
      ? { linkSentAt: row.linkSentAt, remindersSent: row.remindersSent, lastReminderAt: row.lastReminderAt }
      : { ...FRESH };
    const plan = await planOf(tx, visit, now, app);
    if (plan && created && visit.extra?.origin === 'pre_registration') {
      const windowOpens = plan.expectedAt.getTime() - plan.settings.send_before_minutes * 60_000;
      if (visit.createdAt.getTime() >= windowOpens) round.linkSentAt = visit.createdAt;
    }
    let next = plan ? nextComplianceMail(plan.expectedAt, plan.settings, round, now) : null;
    let mail: Mail | null = null;
    let sent: ComplianceMailRun['sent'] = null;
    if (plan && next && send && next.dueAt.getTime() <= now.getTime()) {
      sent = next.kind;
      if (sent === 'link') round.linkSentAt = now;
      else {
        round.remindersSent += 1;
        round.lastReminderAt = now;
      }
      mail = await mailOf(tx, entity, visit, plan, sent);
      await writeAudit(
        tx,
        { entityId, actor: { kind: 'client' } },
        {
          action: sent === 'link' ? 'visit.compliance_link_sent' : 'visit.compliance_reminder_sent',
          targetType: 'visit',
          targetId: visitId,
          after: {
            email: plan.to,
            expected_at: plan.expectedAt.toISOString(),
            ...(sent === 'reminder' ? { reminder: round.remindersSent } : {}),
          },
        },
      );
      next = nextComplianceMail(plan.expectedAt, plan.settings, round, now);
    }
    const nextDueAt = next?.dueAt ?? null;
    // A mail recorded by an earlier run that stopped before the mailer had it goes now, once.
    const pendingMail = mail ? { id: newId(), to: mail.to, subject: mail.subject, text: mail.text } : row.pendingMail;
    await saveRound(tx, entityId, visitId, { expectedAt: visit.expectedAt, ...round, nextDueAt, pendingMail });
    const changed = sent !== null || !sameTime || (row.nextDueAt?.getTime() ?? null) !== (nextDueAt?.getTime() ?? null);
    return { visit, pendingMail, changed, run: { entityId, visitId, sent, nextDueAt } satisfies ComplianceMailRun };
  });
  if (!done) return null;
  // Handed to the mailer after the commit that recorded it: the outbox id makes a second hand-over a
  // no-op, and the row lets go of the mail only once the outbox has it.
  if (done.pendingMail) {
    await app.mailer.send(done.pendingMail);
    await withTenant(app.db.db, entityId, (tx) => clearPendingMail(tx, entityId, visitId, done.pendingMail!.id));
  }
  return done.run;
}
