// Mail of the watchlist's matches (decision 051): the company's chosen people (or, when it chose
// nobody, the members who keep the watchlist) are told of each
// screening recorded (refused, waiting for their review, or let in and to be known of), each in their
// own language, after the transaction that recorded it has committed.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage } from '@app/shared/constants';
import { safeTimeZone } from '@app/shared/time-zones';
import { localStamp } from '@app/shared/visits/rules';
import { withTenant } from '../../db/client';
import { t } from '../../lib/i18n';
import type { Mail } from '../mail/mailer';
import { explain, type Recorded } from './watchlist-screening';
import { membersHolding } from '../access/members-holding';
import { companyOf, findSettings, recipientsOf } from './watchlist.repository';

export async function mailScreenings(app: FastifyInstance, entityId: string, recorded: readonly Recorded[], now: Date) {
  if (recorded.length === 0) return;
  const { recipients, company } = await withTenant(app.db.db, entityId, async (tx) => {
    const settings = await findSettings(tx, entityId);
    const chosen = await recipientsOf(tx, entityId, settings?.notifyPersonIds ?? []);
    return {
      // Nobody chosen: those who keep the watchlist are told (a review must reach someone who decides).
      recipients: chosen.length ? chosen : await membersHolding(tx, entityId, 'watchlist'),
      company: await companyOf(tx, entityId),
    };
  });
  if (!company) return;
  const time = localStamp(now, safeTimeZone(company.timezone));
  const base = app.env.appUrl;
  for (const r of recorded) {
    for (const to of recipients) {
      const lang = to.lang && isLanguage(to.lang) ? to.lang : DEFAULT_LANGUAGE;
      const vars = {
        name: r.subject.name,
        entry: r.hit.entryName,
        level: t(lang, `errors:watchlist_level.${r.hit.level}`),
        score: r.hit.score,
        way: t(lang, `errors:watchlist_way.${r.way}`),
        company: company.name,
        time,
        why: explain(lang, r.hit.reasons),
        link: `${base}/watchlist/screenings`,
      };
      const mail: Mail = {
        to: to.email!,
        subject: t(lang, `errors:watchlist_mail.subject_${r.outcome}`, vars),
        text: [
          t(lang, 'errors:watchlist_mail.greeting', { name: to.firstName }),
          t(lang, `errors:watchlist_mail.body_${r.outcome}`, vars),
          t(lang, 'errors:watchlist_mail.why', vars),
          t(lang, 'errors:watchlist_mail.link', vars),
        ].join('\n\n'),
      };
      await app.mailer.send(mail);
    }
  }
}
