import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage } from '@app/shared/constants';
import { safeTimeZone } from '@app/shared/time-zones';
import { localStamp } from '@app/shared/visits/rules';
import type { WebhookDisabledReason } from '@app/shared/webhooks/schemas';
import { findEntity } from '../access/access.repository';
import { withTenant } from '../../db/client';
import { t } from '../../lib/i18n';
import { membersHolding } from '../access/members-holding';
import type { ClaimedEndpoint } from './webhook-deliveries.repository';

/**
 * Tells the members who keep the company's integrations, each in their language, that an endpoint was
 * disabled by what it answered (410 Gone) or by a message that failed every retry, and where to enable
 * it again.
 */
export async function mailEndpointDisabled(
  app: FastifyInstance,
  entityId: string,
  endpoint: ClaimedEndpoint,
  reason: Exclude<WebhookDisabledReason, 'manual'>,
  now: Date,
) {
  const entity = await findEntity(app.db.db, entityId);
  if (!entity) return;
  const recipients = await withTenant(app.db.db, entityId, (tx) => membersHolding(tx, entityId, 'integration'));
  const time = localStamp(now, safeTimeZone(entity.timezone));
  for (const to of recipients) {
    if (!to.email) continue;
    const lang = to.lang && isLanguage(to.lang) ? to.lang : DEFAULT_LANGUAGE;
    const vars = { url: endpoint.url, company: entity.name, time, link: `${app.env.appUrl}/webhooks` };
    await app.mailer.send({
      to: to.email,
      subject: t(lang, 'errors:webhook_mail.subject', vars),
      text: [
        t(lang, 'errors:webhook_mail.greeting', { name: to.firstName }),
        t(lang, `errors:webhook_mail.body_${reason}`, vars),
        t(lang, 'errors:webhook_mail.link', vars),
      ].join('\n\n'),
    });
  }
}
