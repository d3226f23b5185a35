// A visit's pass (the success page, /pre-registration/{token}/success): the visit's QR and code and
// where it stands, answered from the server so a reload or another device shows it too. The same
// figures make the success answer of registering and confirming, and the visitor's confirmation email.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import { linkExpiryMessageKey } from '@app/shared/pre-registration/link-expiry';
import type { PreRegistrationDone, VisitPass } from '@app/shared/pre-registration/schemas';
import type { JourneyStage } from '@app/shared/visits/stages';
import type { Executor } from '../../db/client';
import { t } from '../../lib/i18n';
import type { EntityRecord } from '../access/access.types';
import { findAreaWithSite, type VisitRow } from '../expected-visits/expected-visits.repository';
import { clockOf, complianceUrl, passUrl, qrDataUrl } from '../expected-visits/visit-rules';
import { confirmationMail, type ConfirmationStatus } from '../expected-visits/visitor-mails';
import type { Mail } from '../mail/mailer';
import { companyOf } from './link-target';
import { loadLinkedVisit, withVisitLink } from './linked-visit';

/** Where a visit stands on approval, read from its stage alone: the success page says what the admin list says. */
export function approvalOf(stage: string | null): PreRegistrationDone['approval'] {
  if (stage === 'awaiting_approval' || stage === 'awaiting_approval_compliance_failed') return 'awaiting';
  if (stage === 'approved') return 'approved';
  if (stage === 'auto_approved') return 'auto_approved';
  return 'not_needed';
}

const statusOf = (approval: PreRegistrationDone['approval']): ConfirmationStatus =>
  approval === 'awaiting' ? 'awaiting' : approval === 'not_needed' ? 'ready' : 'approved';

/** What the success page shows of a visit (its row as stored now). */
export async function visitDone(
  app: FastifyInstance,
  entity: EntityRecord,
  row: VisitRow,
  opts: { message: string; hasCompliance: boolean },
): Promise<PreRegistrationDone> {
  const clock = clockOf(row.expectedAt ?? row.createdAt, entity.timezone);
  return {
    message: opts.message,
    visit_id: row.id,
    stage: (row.stage as JourneyStage | null) ?? 'ready_to_sign_in',
    approval: approvalOf(row.stage),
    qr: await qrDataUrl(row.linkCode!),
    link_code: row.linkCode!,
    compliance_url: opts.hasCompliance ? complianceUrl(app, row.linkToken!) : null,
    expectedDateTime: `${clock.date} ${clock.time}:00`,
    pass_id: row.linkToken!,
  };
}

/** The visitor's confirmation (code, QR, pass link), when they have an email. */
export async function visitorConfirmation(
  app: FastifyInstance,
  lang: Language,
  input: {
    entity: EntityRecord;
    person: { email: string | null; firstName: string };
    row: VisitRow;
    place: string;
    kind: 'registered' | 'confirmed';
    hasCompliance: boolean;
  },
): Promise<Mail | null> {
  const { entity, person, row } = input;
  if (!person.email || !row.linkToken || !row.linkCode) return null;
  const clock = clockOf(row.expectedAt ?? row.createdAt, entity.timezone);
  return confirmationMail(lang, person.email, {
    company: entity.name,
    name: person.firstName,
    date: clock.date,
    time: clock.time,
    place: input.place,
    code: row.linkCode,
    link: passUrl(app, row.linkToken),
    kind: input.kind,
    status: statusOf(approvalOf(row.stage)),
    complianceLink: input.hasCompliance ? complianceUrl(app, row.linkToken) : null,
  });
}

const invalidPass = (lang: Language): VisitPass => ({
  visitMetadata: {
    is_expired: true,
    reason: 'LINK_INVALID',
    is_confirmed: false,
    message: t(lang, `errors:${linkExpiryMessageKey('LINK_INVALID', 'pass')}`),
  },
  company: null,
  visit: null,
});

/**
 * GET /public/visits/{token}/pass: the visit of this token only, while it can still be used (until the
 * visitor arrives, misses it, or it is rejected or deleted: decision 014, 'pass' mode). An unknown
 * token reads as an invalid link, so a guessed one learns nothing.
 */
export async function getVisitPass(app: FastifyInstance, token: string, lang: Language, now = new Date()) {
  return withVisitLink(
    app,
    token,
    async (tx: Executor, entity, visitId): Promise<VisitPass> => {
      const l = await loadLinkedVisit(tx, entity, visitId, 'pass', now);
      if (!l) return invalidPass(lang);
      const confirmed = l.visit.confirmedAt !== null;
      if (l.expiry) {
        return {
          visitMetadata: {
            is_expired: true,
            reason: l.expiry,
            is_confirmed: confirmed,
            message: t(lang, `errors:${linkExpiryMessageKey(l.expiry, 'pass')}`),
          },
          company: companyOf(entity),
          visit: null,
        };
      }
      const place = l.visit.areaId ? await findAreaWithSite(tx, entity.id, l.visit.areaId) : null;
      const done = await visitDone(app, entity, l.visit, {
        message: '',
        hasCompliance: Boolean(l.flow && l.flow.complianceCount > 0),
      });
      return {
        visitMetadata: { is_expired: false, reason: null, is_confirmed: confirmed, message: null },
        company: companyOf(entity),
        visit: { ...done, site: place?.site.name ?? null, area: place?.area.name ?? null },
      };
    },
    () => invalidPass(lang),
  );
}
