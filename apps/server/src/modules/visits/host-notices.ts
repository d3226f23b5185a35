// Hosts told of their visitors' arrivals and departures, when the flow says so.
import type { FastifyInstance } from 'fastify';
import { isLanguage, type Language } from '@app/shared/constants';
import { localStamp } from '@app/shared/visits/rules';
import { t } from '../../lib/i18n';
import type { AccessContext } from '../access/access.types';
import type { Mail } from '../mail/mailer';
import { findRecipients } from '../people/people.repository';
import { findVisitRows, markHostsNotified } from './visits.repository';
import { companyZone } from '../access/company-zone';
import { inTenant } from './sign-in-plan';
import { queueHostAlerts } from '../host-alerts/host-alerts';

export type Arrival = { visitId: string; areaId: string; hostIds: string[]; notify: boolean; personName: string };

/**
 * Emails the hosts of arrivals (or departures) whose flow asks for it (mailer outbox without SMTP), and
 * tells them of arrivals in chat, after the commit, each in the host's own language, and notes when.
 */
export async function notifyHosts(
  app: FastifyInstance,
  ctx: AccessContext,
  events: Arrival[],
  kind: 'arrival' | 'departure',
  lang: Language,
  now: Date,
) {
  const wanted = events.filter((e) => e.notify && e.hostIds.length);
  if (wanted.length === 0) return;
  const hostIds = [...new Set(wanted.flatMap((e) => e.hostIds))];
  const { hosts, places } = await inTenant(app, ctx, async (tx) => ({
    hosts: await findRecipients(tx, ctx.entityId, undefined, hostIds),
    places: await findVisitRows(
      tx,
      ctx.entityId,
      undefined,
      wanted.map((e) => e.visitId),
    ),
  }));
  const mails: Mail[] = [];
  for (const event of wanted) {
    const place = places.find((r) => r.visit.id === event.visitId);
    for (const hostId of event.hostIds) {
      const host = hosts.find((h) => h.id === hostId);
      if (!host?.email) continue;
      const mailLang = isLanguage(host.lang) ? host.lang : lang;
      const vars = {
        host: host.firstName,
        visitor: event.personName,
        company: ctx.entity.name,
        site: place?.siteName ?? '',
        area: place?.areaName ?? '',
        time: localStamp(now, companyZone(ctx)),
        message: place?.visit.hostMessage ?? '',
      };
      mails.push({
        to: host.email,
        subject: t(mailLang, `errors:visit_mail.${kind}_subject`, vars),
        text:
          t(mailLang, `errors:visit_mail.${kind}_body`, vars) +
          (vars.message ? `\n\n${t(mailLang, 'errors:visit_mail.message', vars)}` : ''),
      });
    }
  }
  for (const mail of mails) await app.mailer.send(mail);
  if (kind === 'arrival') {
    await inTenant(app, ctx, async (tx) => {
      await markHostsNotified(
        tx,
        ctx.entityId,
        wanted.map((e) => e.visitId),
        now,
      );
      // And in their chat channel, where the company has one told of arrivals.
      await queueHostAlerts(app, tx, ctx.entityId, 'host.visitor_arrived', {
        visits: wanted.map((e) => ({ visitId: e.visitId, hostIds: e.hostIds })),
        company: ctx.entity.name,
        timeZone: companyZone(ctx),
        lang,
        now,
      });
    });
  }
}

/**
 * Visitors at the door whose visits wait for approval: their hosts are asked in chat, with links to
 * decide (at most once in a while per visit, however often the visitor tries).
 */
export async function askHostsOfWaiting(
  app: FastifyInstance,
  ctx: AccessContext,
  visitIds: string[],
  lang: Language,
  now: Date,
) {
  if (visitIds.length === 0) return;
  await inTenant(app, ctx, (tx) =>
    queueHostAlerts(app, tx, ctx.entityId, 'host.approval_needed', {
      visits: visitIds.map((visitId) => ({ visitId })),
      company: ctx.entity.name,
      timeZone: companyZone(ctx),
      lang,
      now,
      waiting: true,
    }),
  );
}
