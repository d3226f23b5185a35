// A flow's "Email admins when a check fails" (notifications.notify_admins_on_failed_check) and its
// "Also notify" addresses (extra_recipients). When a temperature, mask or compliance check fails at a
// sign-in (at the desk, a kiosk or through the API), the company's admins who see the site are emailed,
// each in their own language, and so are the flow's extra addresses, in the company's language (its
// owner's). Whether the sign-in was refused or let through with an override reason is said. Sent after
// the request's transaction, through the mailer's outbox, like the hosts' notices.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@app/shared/constants';
import type { FlowNotifications } from '@app/shared/journeys/flow-settings';
import { localStamp } from '@app/shared/visits/rules';
import { t } from '../../lib/i18n';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import type { Mail } from '../mail/mailer';
import { findCompanyLanguage, findSiteAdmins } from './failed-check-notices.repository';
import { inTenant } from '../access/in-tenant';

export type FailedCheckItem =
  | { kind: 'temperature'; temperature: number; threshold: number }
  | { kind: 'mask' }
  | { kind: 'compliance'; name: string };

export type FailedCheck = {
  personName: string;
  area: { id: string; name: string; siteId: string; siteName: string };
  checks: FailedCheckItem[];
  notifications: FlowNotifications;
  /** The override reason that let the failed temperature or mask check through, when the sign-in went ahead. */
  overrideReason: string | null;
};

const checkLine = (lang: Language, c: FailedCheckItem) =>
  `• ${t(lang, `errors:failed_check_mail.${c.kind}`, c.kind === 'mask' ? {} : c.kind === 'compliance' ? { name: c.name } : { temperature: c.temperature, threshold: c.threshold })}`;

function mailOf(
  lang: Language,
  to: string,
  name: string | null,
  f: FailedCheck,
  outcome: 'refused' | 'let_through',
  vars: { company: string; time: string },
): Mail {
  const v = {
    visitor: f.personName,
    site: f.area.siteName,
    area: f.area.name,
    reason: f.overrideReason ?? '',
    ...vars,
  };
  return {
    to,
    subject: t(lang, 'errors:failed_check_mail.subject', v),
    text: [
      name
        ? t(lang, 'errors:failed_check_mail.greeting_named', { name })
        : t(lang, 'errors:failed_check_mail.greeting'),
      t(lang, 'errors:failed_check_mail.body', v),
      f.checks.map((c) => checkLine(lang, c)).join('\n'),
      t(lang, `errors:failed_check_mail.${outcome}`, v),
    ].join('\n\n'),
  };
}

/** Emails the failed checks of one sign-in request whose flows ask for it. */
export async function notifyFailedChecks(
  app: FastifyInstance,
  ctx: AccessContext,
  failures: FailedCheck[],
  outcome: 'refused' | 'let_through',
  now: Date,
) {
  const wanted = failures.filter((f) => f.notifications.notify_admins_on_failed_check && f.checks.length);
  if (wanted.length === 0) return;
  const siteIds = [...new Set(wanted.map((f) => f.area.siteId))];
  const { admins, companyLang } = await inTenant(app, ctx, async (tx) => {
    const bySite = new Map<string, Awaited<ReturnType<typeof findSiteAdmins>>>();
    for (const id of siteIds) bySite.set(id, await findSiteAdmins(tx, ctx.entityId, id));
    return { admins: bySite, companyLang: await findCompanyLanguage(tx, ctx.entityId) };
  });
  const extraLang: Language = companyLang && isLanguage(companyLang) ? companyLang : DEFAULT_LANGUAGE;
  const vars = { company: ctx.entity.name, time: localStamp(now, companyZone(ctx)) };
  const mails: Mail[] = [];
  for (const f of wanted) {
    const told = new Set<string>();
    for (const admin of admins.get(f.area.siteId) ?? []) {
      const address = admin.email.toLowerCase();
      if (told.has(address)) continue;
      told.add(address);
      const lang = isLanguage(admin.lang) ? admin.lang : DEFAULT_LANGUAGE;
      mails.push(mailOf(lang, admin.email, admin.firstName || null, f, outcome, vars));
    }
    for (const address of f.notifications.extra_recipients) {
      if (told.has(address.toLowerCase())) continue;
      told.add(address.toLowerCase());
      mails.push(mailOf(extraLang, address, null, f, outcome, vars));
    }
  }
  for (const mail of mails) await app.mailer.send(mail);
}
