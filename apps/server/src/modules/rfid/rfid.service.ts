// RFID enrolment. An admin sends people a one-time link for a kiosk (only its sha256 is stored, valid
// RFID_LINK_TTL_MS, a new send supersedes older unused links). The person opens /rfid/<code>, sees where
// the kiosk stands and a six-digit kiosk code derived from the stored hash, types that code at the
// kiosk and taps the card (the kiosk calls verify with its device token), or types the number printed
// on the card on the page itself. Card values are unique in a company (spec §5).
import type { FastifyInstance } from 'fastify';
import { isLanguage, type Language } from '@app/shared/constants';
import {
  RFID_KIOSK_CODE_LENGTH,
  RFID_LINK_TTL_MS,
  cardEnding,
  type KioskVerifyRfidBody,
  type KioskVerifyRfidResponse,
  type ListRfidPeopleQuery,
  type PublicRfidLink,
  type RfidKiosk,
  type RfidPerson,
  type RfidStatusResponse,
  type SendRfidInstructionsBody,
  type SendRfidInstructionsResponse,
} from '@app/shared/rfid/schemas';
import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import { randomToken, sha256 } from '../../lib/tokens';
import type { AccessContext } from '../access/access.types';
import { writeAudit, writeAudits } from '../audit/audit.repository';
import type { Mail } from '../mail/mailer';
import { personInScope } from '../people/person-scope';
import {
  findKioskByDeviceTokenHash,
  findKioskPlaces,
  findLink,
  findLinkKeys,
  insertLinks,
  isRfidTaken,
  listKioskPlaces,
  listPeopleWithCards,
  liveCodeHashesOfKiosk,
  liveLinksOf,
  liveLinksOfEntity,
  markLinkUsed,
  recentLinksOfKiosk,
  setPersonRfid,
  supersedeUnusedLinks,
  writeDeviceAudit,
  type EnrolmentRow,
  type KioskPlace,
} from './rfid.repository';
import { findRecipients } from '../people/people.repository';
import { inTenant } from '../access/in-tenant';
import { isUniqueViolation } from '../../lib/unique-violation';

const KIOSK_CODE_SPACE = 10n ** BigInt(RFID_KIOSK_CODE_LENGTH);
const CODE_ATTEMPTS = 20;

/**
 * The kiosk code of a link: six digits derived from the stored hash, so the server can match what a
 * person types at the kiosk without keeping anything else, and the link itself stays secret.
 */
export const kioskCodeOf = (codeHash: string): string =>
  (BigInt(`0x${sha256(`kiosk:${codeHash}`).slice(0, 15)}`) % KIOSK_CODE_SPACE)
    .toString()
    .padStart(RFID_KIOSK_CODE_LENGTH, '0');

const toKiosk = (k: KioskPlace): RfidKiosk => ({
  id: k.id,
  name: k.name,
  site_name: k.siteName,
  area_name: k.areaName,
});

const rfidTaken = () => new AppError('conflict', { field: 'rfid', messageKey: 'rfid_taken' });
const linkUnknown = () => new AppError('not_found', { field: 'code', messageKey: 'rfid_link_unknown' });
const linkUsed = () => new AppError('rule_violation', { field: 'code', messageKey: 'rfid_link_used' });
const linkExpired = () => new AppError('rule_violation', { field: 'code', messageKey: 'rfid_link_expired' });
const linkSuperseded = () => new AppError('rule_violation', { field: 'code', messageKey: 'rfid_link_superseded' });
const kioskGone = () => new AppError('rule_violation', { field: 'code', messageKey: 'rfid_kiosk_gone' });

// ---- admin ----

export async function listRfidPeople(
  app: FastifyInstance,
  ctx: AccessContext,
  q: ListRfidPeopleQuery,
): Promise<{ data: RfidPerson[]; count: number; count_capped: boolean; next_cursor: string | null }> {
  return inTenant(app, ctx, async (tx) => {
    const { rows, count, capped, nextCursor } = await listPeopleWithCards(tx, ctx.entityId, personInScope(ctx), q);
    const links = await liveLinksOf(
      tx,
      ctx.entityId,
      rows.map((r) => r.id),
    );
    // Every kiosk named by a link, whatever the admin's sites: the link was sent to that kiosk.
    const kiosks = await findKioskPlaces(tx, ctx.entityId, null, [...new Set(links.map((l) => l.kioskId))]);
    const data = rows.map((row): RfidPerson => {
      const link = links.find((l) => l.personId === row.id);
      const kiosk = link ? kiosks.find((k) => k.id === link.kioskId) : undefined;
      return {
        id: row.id,
        first_name: row.firstName,
        last_name: row.lastName,
        email: row.email,
        status: row.status,
        rfid: row.rfid,
        state: row.rfid ? 'enrolled' : link ? 'pending' : 'none',
        pending: link
          ? {
              since: link.createdAt.toISOString(),
              expires_at: link.expiresAt.toISOString(),
              kiosk: kiosk ? toKiosk(kiosk) : null,
            }
          : null,
      };
    });
    return { data, count, count_capped: capped, next_cursor: nextCursor };
  });
}

export async function listRfidKiosks(app: FastifyInstance, ctx: AccessContext): Promise<RfidKiosk[]> {
  return inTenant(app, ctx, async (tx) => (await listKioskPlaces(tx, ctx.entityId, ctx.siteIds)).map(toKiosk));
}

/** Which of the given people have a card, and which wait on a link (get_users_have_rfid_enrollment). */
export async function rfidStatusOf(
  app: FastifyInstance,
  ctx: AccessContext,
  ids: string[],
): Promise<RfidStatusResponse> {
  return inTenant(app, ctx, async (tx) => {
    const found = await findRecipients(tx, ctx.entityId, personInScope(ctx), [...new Set(ids)]);
    const links = await liveLinksOf(
      tx,
      ctx.entityId,
      found.map((p) => p.id),
    );
    return {
      data: found.map((p) => ({
        user_id: p.id,
        has_rfid: p.rfid !== null,
        pending: links.some((l) => l.personId === p.id),
      })),
    };
  });
}

function newLink(usedKioskCodes: Set<string>) {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = randomToken(32);
    const codeHash = sha256(code);
    const kioskCode = kioskCodeOf(codeHash);
    if (!usedKioskCodes.has(kioskCode)) {
      usedKioskCodes.add(kioskCode);
      return { code, codeHash };
    }
  }
  // A million codes and a handful of live links per kiosk: twenty clashes in a row mean a fault.
  throw new Error('no free kiosk code');
}

export async function sendRfidInstructions(
  app: FastifyInstance,
  ctx: AccessContext,
  body: SendRfidInstructionsBody,
  lang: Language,
): Promise<SendRfidInstructionsResponse> {
  const ids = [...new Set(body.user_ids)];
  const { mails, result } = await inTenant(app, ctx, async (tx) => {
    const [kiosk] = await findKioskPlaces(tx, ctx.entityId, ctx.siteIds, [body.kiosk_id]);
    if (!kiosk) throw new AppError('not_found', { field: 'kiosk_id', messageKey: 'rfid_kiosk_unknown' });
    const found = await findRecipients(tx, ctx.entityId, personInScope(ctx), ids);
    const skipped: SendRfidInstructionsResponse['skipped'] = [];
    const targets: typeof found = [];
    for (const id of ids) {
      const person = found.find((p) => p.id === id);
      const name = person ? `${person.firstName} ${person.lastName}`.trim() : null;
      if (!person) skipped.push({ user_id: id, name, reason: 'not_found' });
      else if (person.status !== 'active') skipped.push({ user_id: id, name, reason: 'archived' });
      else if (!person.email) skipped.push({ user_id: id, name, reason: 'no_email' });
      else targets.push(person);
    }
    await supersedeUnusedLinks(
      tx,
      ctx.entityId,
      targets.map((p) => p.id),
    );
    const used = new Set((await liveCodeHashesOfKiosk(tx, ctx.entityId, kiosk.id)).map(kioskCodeOf));
    const expiresAt = new Date(Date.now() + RFID_LINK_TTL_MS);
    const created = targets.map((person) => ({ person, ...newLink(used) }));
    await insertLinks(
      tx,
      created.map(({ person, codeHash }) => ({
        entityId: ctx.entityId,
        id: newId(),
        personId: person.id,
        kioskId: kiosk.id,
        codeHash,
        expiresAt,
      })),
    );
    await writeAudits(
      tx,
      ctx,
      created.map(({ person }) => ({
        action: 'rfid.instructions_send',
        targetType: 'person',
        targetId: person.id,
        after: { kiosk_id: kiosk.id, expires_at: expiresAt.toISOString() },
      })),
    );
    const days = Math.round(RFID_LINK_TTL_MS / (24 * 60 * 60 * 1000));
    const mails = created.map(({ person, code }): Mail => {
      const mailLang = isLanguage(person.lang) ? person.lang : lang;
      const place = t(mailLang, 'emails:rfid_kiosk', { site: kiosk.siteName, area: kiosk.areaName, kiosk: kiosk.name });
      return {
        to: person.email!,
        subject: t(mailLang, 'emails:rfid_subject', { company: ctx.entity.name }),
        text: t(mailLang, 'emails:rfid_body', {
          name: person.firstName,
          company: ctx.entity.name,
          link: `${app.env.appUrl}/rfid/${code}`,
          days,
          kiosk: place,
        }),
      };
    });
    return { mails, result: { sent: created.length, skipped } };
  });
  // After the commit: the outbox is global and must not wait on this company's transaction.
  for (const mail of mails) await app.mailer.send(mail);
  return result;
}

export async function removeRfidCard(app: FastifyInstance, ctx: AccessContext, personId: string) {
  return inTenant(app, ctx, async (tx) => {
    const [person] = await findRecipients(tx, ctx.entityId, personInScope(ctx), [personId]);
    if (!person) throw new AppError('not_found');
    if (!person.rfid) throw new AppError('rule_violation', { field: 'rfid', messageKey: 'rfid_none' });
    await setPersonRfid(tx, ctx.entityId, personId, null);
    await writeAudit(tx, ctx, {
      action: 'rfid.remove',
      targetType: 'person',
      targetId: personId,
      before: { rfid: person.rfid },
      after: { rfid: null },
    });
  });
}

// ---- the person's link and the kiosk ----

type LinkWithPerson = NonNullable<Awaited<ReturnType<typeof findLink>>>;

/** Sets the card of the link's person and spends the link, in the caller's tenant transaction. */
async function enrol(tx: Executor, found: LinkWithPerson, rfid: string, actor: 'kiosk' | 'link') {
  const { link, person } = found;
  if (await isRfidTaken(tx, link.entityId, rfid, person.id)) throw rfidTaken();
  try {
    await setPersonRfid(tx, link.entityId, person.id, rfid);
  } catch (error) {
    // Another enrolment took the value between the check and the write.
    if (isUniqueViolation(error)) throw rfidTaken();
    throw error;
  }
  await markLinkUsed(tx, link.entityId, link.id);
  await writeDeviceAudit(tx, link.entityId, actor, {
    action: 'rfid.enrol',
    targetId: person.id,
    before: { rfid: person.rfid },
    after: { rfid, kiosk_id: link.kioskId },
  });
}

/** A link that can still enrol a card, or the reason it cannot. */
function assertUsable(found: LinkWithPerson) {
  if (found.person.status !== 'active') throw linkUnknown();
  if (found.link.usedAt) throw linkUsed();
  // A replaced link also ended when it was replaced: say why, not merely that it expired.
  if (found.superseded) throw linkSuperseded();
  if (found.link.expiresAt.getTime() <= Date.now()) throw linkExpired();
}

/** The kiosk a pending link sends the person to; gone when it was deregistered since. */
async function kioskOfLink(tx: Executor, found: LinkWithPerson) {
  const [kiosk] = await findKioskPlaces(tx, found.link.entityId, null, [found.link.kioskId]);
  if (!kiosk) throw kioskGone();
  return kiosk;
}

async function withLink<T>(
  app: FastifyInstance,
  code: string,
  fn: (tx: Executor, found: LinkWithPerson) => Promise<T>,
): Promise<T> {
  const keys = await findLinkKeys(app.db.db, sha256(code));
  if (!keys) throw linkUnknown();
  return withTenant(app.db.db, keys.entityId, async (tx) => {
    const found = await findLink(tx, keys.entityId, keys.id);
    if (!found) throw linkUnknown();
    return fn(tx, found);
  });
}

async function toPublicLink(tx: Executor, found: LinkWithPerson): Promise<PublicRfidLink> {
  const { link, person, company } = found;
  const [kiosk] = await findKioskPlaces(tx, link.entityId, null, [link.kioskId]);
  const enrolled = Boolean(link.usedAt && person.rfid);
  return {
    status: enrolled ? 'enrolled' : 'pending',
    first_name: person.firstName,
    company,
    kiosk: kiosk ? { name: kiosk.name, site_name: kiosk.siteName, area_name: kiosk.areaName } : null,
    kiosk_code: enrolled ? null : kioskCodeOf(link.codeHash),
    expires_at: link.expiresAt.toISOString(),
    enrolled_at: enrolled ? link.usedAt!.toISOString() : null,
    card_ending: enrolled && person.rfid ? cardEnding(person.rfid) : null,
  };
}

/** What the public page shows; a spent link shows the enrolled card while the person still has it. */
export async function getPublicLink(app: FastifyInstance, code: string): Promise<PublicRfidLink> {
  return withLink(app, code, async (tx, found) => {
    if (found.person.status !== 'active') throw linkUnknown();
    if (found.link.usedAt) {
      if (!found.person.rfid) throw linkUsed();
      return toPublicLink(tx, found);
    }
    assertUsable(found);
    await kioskOfLink(tx, found);
    return toPublicLink(tx, found);
  });
}

/**
 * The person types the number printed on the card on the public page. A link whose kiosk is gone
 * enrols nothing: the page refuses to show it, so the API does not accept it either.
 */
export async function enrolByLink(app: FastifyInstance, code: string, rfid: string): Promise<PublicRfidLink> {
  return withLink(app, code, async (tx, found) => {
    assertUsable(found);
    await kioskOfLink(tx, found);
    await enrol(tx, found, rfid, 'link');
    const after = await findLink(tx, found.link.entityId, found.link.id);
    return toPublicLink(tx, after!);
  });
}

const kioskNotRegistered = () =>
  new AppError('unauthenticated', { field: 'authorization', messageKey: 'kiosk_not_registered' });

/** The kiosk that holds this device token (sha256 of the Bearer value equals kiosks.device_token_hash). */
export async function kioskOfDeviceToken(app: FastifyInstance, token: string | undefined) {
  if (!token) throw kioskNotRegistered();
  const kiosk = await findKioskByDeviceTokenHash(app.db.db, sha256(token));
  if (!kiosk) throw kioskNotRegistered();
  return kiosk;
}

/**
 * verify-rfid-code: a kiosk enrols the tapped card for the person whose kiosk code (or link code) was
 * typed. Only links sent to this kiosk count: a kiosk code that matches none of its links but a live
 * link of another of the company's kiosks names that kiosk; a code of another company is unknown here.
 */
export async function verifyAtKiosk(
  app: FastifyInstance,
  deviceToken: string | undefined,
  body: KioskVerifyRfidBody,
): Promise<KioskVerifyRfidResponse> {
  const kiosk = await kioskOfDeviceToken(app, deviceToken);
  const isKioskCode = new RegExp(`^\\d{${RFID_KIOSK_CODE_LENGTH}}$`).test(body.code);
  const keys = isKioskCode ? null : await findLinkKeys(app.db.db, sha256(body.code));
  if (!isKioskCode && (!keys || keys.entityId !== kiosk.entityId)) throw kioskCodeUnknown();
  return withTenant(app.db.db, kiosk.entityId, async (tx) => {
    let linkId = keys?.id;
    if (isKioskCode) {
      const matches = (await recentLinksOfKiosk(tx, kiosk.entityId, kiosk.id))
        .filter((l) => kioskCodeOf(l.codeHash) === body.code)
        .sort((a, b) => rank(a) - rank(b));
      // Kiosk codes are unique per kiosk only: look elsewhere when this kiosk has no such link.
      linkId =
        matches[0]?.id ??
        (await liveLinksOfEntity(tx, kiosk.entityId)).find((l) => kioskCodeOf(l.codeHash) === body.code)?.id;
    }
    const found = linkId ? await findLink(tx, kiosk.entityId, linkId) : null;
    if (!found) throw kioskCodeUnknown();
    if (found.link.kioskId !== kiosk.id) {
      const [other] = await findKioskPlaces(tx, kiosk.entityId, null, [found.link.kioskId]);
      if (!other) throw kioskGone();
      throw new AppError('rule_violation', {
        field: 'code',
        messageKey: 'rfid_wrong_kiosk',
        vars: { kiosk: other.name },
      });
    }
    assertUsable(found);
    await enrol(tx, found, body.rfid, 'kiosk');
    return {
      user_id: found.person.id,
      first_name: found.person.firstName,
      last_name: found.person.lastName,
      rfid: body.rfid,
    };
  });
}

/** Live links first, then used, then expired: the most useful answer for a typed code. */
const rank = (l: EnrolmentRow) => (!l.usedAt && l.expiresAt.getTime() > Date.now() ? 0 : l.usedAt ? 1 : 2);

const kioskCodeUnknown = () => new AppError('not_found', { field: 'code', messageKey: 'rfid_code_unknown' });
