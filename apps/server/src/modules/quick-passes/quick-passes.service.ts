// QuickPasses: a printable card per person carrying the person's QR (people.qr_code). Default people
// (the company's owner) never get one (spec §6), archived people neither; each print is recorded.
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { isLanguage, type Language } from '@app/shared/constants';
import type {
  QuickPass,
  QuickPassSkip,
  QuickPassSkipReason,
  QuickPassesResponse,
  SendQuickPassesResponse,
} from '@app/shared/quick-passes/schemas';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import { detectImageKind } from '../../lib/images';
import type { AccessContext } from '../access/access.types';
import { writeAudits } from '../audit/audit.repository';
import type { Mail } from '../mail/mailer';
import { personInScope } from '../people/person-scope';
import { findRecipients, type Recipient as PassHolder } from '../people/people.repository';
import { insertQuickPasses, userTypeNamesOf } from './quick-passes.repository';

const fullName = (p: Pick<PassHolder, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`.trim();

/**
 * Splits the asked ids into people who get a pass and the others with their reason, in the order
 * asked. Nothing to do at all is an error: only default people → 422 with the spec's message,
 * only unknown ids → 404.
 */
function sortOut(ids: string[], found: PassHolder[], lang: Language, needEmail: boolean) {
  const eligible: PassHolder[] = [];
  const skipped: QuickPassSkip[] = [];
  const skip = (id: string, person: PassHolder | undefined, reason: QuickPassSkipReason) =>
    skipped.push({
      user_id: id,
      name: person ? fullName(person) : null,
      reason,
      message: t(lang, `errors:quick_pass_${reason}`),
    });
  for (const id of ids) {
    const person = found.find((p) => p.id === id);
    if (!person) skip(id, person, 'not_found');
    else if (person.isDefault) skip(id, person, 'default_user');
    else if (person.status !== 'active') skip(id, person, 'archived');
    else if (needEmail && !person.email) skip(id, person, 'no_email');
    else eligible.push(person);
  }
  if (eligible.length === 0) {
    if (skipped.every((s) => s.reason === 'not_found')) throw new AppError('not_found');
    if (skipped.every((s) => s.reason === 'default_user')) {
      throw new AppError('rule_violation', { field: 'user_ids', messageKey: 'quick_pass_default_user' });
    }
  }
  return { eligible, skipped };
}

const svgDataUrl = async (payload: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    await QRCode.toString(payload, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
  ).toString('base64')}`;

async function photoDataUrl(app: FastifyInstance, key: string | null): Promise<string | null> {
  if (!key) return null;
  const data = await app.files.get(key);
  const kind = data ? detectImageKind(data) : null;
  if (!data || !kind) return null;
  return `data:image/${kind === 'png' ? 'png' : 'jpeg'};base64,${data.toString('base64')}`;
}

export async function printQuickPasses(
  app: FastifyInstance,
  ctx: AccessContext,
  userIds: string[],
  lang: Language,
): Promise<QuickPassesResponse> {
  const ids = [...new Set(userIds)];
  const printedAt = new Date();
  const { eligible, skipped, typeNames, passIds } = await withTenant(app.db.db, ctx.entityId, async (tx) => {
    const found = await findRecipients(tx, ctx.entityId, personInScope(ctx), ids);
    const sorted = sortOut(ids, found, lang, false);
    const typeNames = await userTypeNamesOf(
      tx,
      ctx.entityId,
      sorted.eligible.map((p) => p.id),
    );
    const passIds = new Map(sorted.eligible.map((p) => [p.id, newId()]));
    await insertQuickPasses(
      tx,
      sorted.eligible.map((p) => ({
        entityId: ctx.entityId,
        id: passIds.get(p.id)!,
        personId: p.id,
        printedBy: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
        createdAt: printedAt,
      })),
    );
    await writeAudits(
      tx,
      ctx,
      sorted.eligible.map((p) => ({
        action: 'quick_pass.print',
        targetType: 'person',
        targetId: p.id,
        after: { quick_pass_id: passIds.get(p.id) },
      })),
    );
    return { ...sorted, typeNames, passIds };
  });
  const passes: QuickPass[] = [];
  for (const person of eligible) {
    passes.push({
      id: passIds.get(person.id)!,
      user_id: person.id,
      first_name: person.firstName,
      last_name: person.lastName,
      photo: await photoDataUrl(app, person.image),
      user_types: typeNames.filter((r) => r.personId === person.id).map((r) => r.name),
      qr_payload: person.qrCode,
      qr_image: await svgDataUrl(person.qrCode),
    });
  }
  return {
    company: { name: ctx.entity.name, logo: ctx.entity.logo },
    printed_at: printedAt.toISOString(),
    passes,
    skipped,
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** send_quick_pass_intructions: mails each person their QuickPass QR as an inline PNG. */
export async function sendQuickPasses(
  app: FastifyInstance,
  ctx: AccessContext,
  userIds: string[],
  lang: Language,
): Promise<SendQuickPassesResponse> {
  const ids = [...new Set(userIds)];
  const { eligible, skipped } = await withTenant(app.db.db, ctx.entityId, async (tx) => {
    const found = await findRecipients(tx, ctx.entityId, personInScope(ctx), ids);
    const sorted = sortOut(ids, found, lang, true);
    await writeAudits(
      tx,
      ctx,
      sorted.eligible.map((p) => ({ action: 'quick_pass.send', targetType: 'person', targetId: p.id })),
    );
    return sorted;
  });
  const company = ctx.entity.name;
  for (const person of eligible) {
    const mailLang = isLanguage(person.lang) ? person.lang : lang;
    const dir = mailLang === 'ar' ? 'rtl' : 'ltr';
    const vars = { name: person.firstName, company };
    const png = await QRCode.toDataURL(person.qrCode, { width: 320, margin: 1, errorCorrectionLevel: 'M' });
    const paragraphs = t(mailLang, 'emails:quick_pass_html', vars)
      .split('\n\n')
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('');
    const mail: Mail = {
      to: person.email!,
      subject: t(mailLang, 'emails:quick_pass_subject', vars),
      text: t(mailLang, 'emails:quick_pass_body', vars),
      html:
        `<div dir="${dir}" lang="${mailLang}" style="font-family:sans-serif">${paragraphs}` +
        `<p><img src="${png}" width="240" height="240" alt="${escapeHtml(t(mailLang, 'emails:quick_pass_qr_alt'))}"></p>` +
        `<p><strong>${escapeHtml(fullName(person))}</strong><br>${escapeHtml(company)}</p></div>`,
    };
    await app.mailer.send(mail);
  }
  return { sent: eligible.length, skipped };
}
