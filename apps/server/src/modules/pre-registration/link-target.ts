// What a public pre-registration link names (spec §2 /pre-registration/:id?): a user type's
// self-registration code or a visit's token. The company is found from it, and every read and write
// then runs in that company's tenant transaction.
import type { FastifyInstance } from 'fastify';
import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findEntity } from '../access/access.repository';
import type { EntityRecord } from '../access/access.types';
import {
  findUserType,
  findVisit,
  findUserTypeKeysByQr,
  findVisitKeysByToken,
  listUserTypes,
  type UserTypeRow,
} from '../expected-visits/expected-visits.repository';

export type LinkTarget =
  { kind: 'type'; entityId: string; userTypeId: string } | { kind: 'visit'; entityId: string; visitId: string };

/** What a link id names: a user type's self-registration code first, then a visit's token. */
export async function resolveLink(app: FastifyInstance, id: string): Promise<LinkTarget | null> {
  const type = await findUserTypeKeysByQr(app.db.db, id);
  if (type) return { kind: 'type', entityId: type.entityId, userTypeId: type.id };
  const visit = await findVisitKeysByToken(app.db.db, id);
  if (visit) return { kind: 'visit', entityId: visit.entityId, visitId: visit.id };
  return null;
}

export const linkInvalid = (field = 'link_id') =>
  new AppError('not_found', { field, messageKey: 'pre_registration_expired.link_invalid' });

export const companyOf = (entity: EntityRecord) => ({ name: entity.name, logo_url: entity.logo || null });

export async function mustEntity(tx: Executor, entityId: string) {
  const entity = await findEntity(tx, entityId);
  if (!entity) throw linkInvalid();
  return entity;
}

/** Whether a registration method lets a visitor register through a link (spec §4 Registration methods). */
export const registrationAvailable = (method: string) => method !== 'pre_registered_by_admin';

/** The link's user type first; when it lets people switch their own type, the company's other types. */
export async function offeredTypes(tx: Executor, entityId: string, linkTypeId: string): Promise<UserTypeRow[]> {
  const link = await findUserType(tx, entityId, linkTypeId);
  if (!link) return [];
  if (!link.canSwitchOwnType) return [link];
  const others = (await listUserTypes(tx, entityId)).filter((x) => x.id !== link.id);
  return [link, ...others];
}
export async function withLink<T>(
  app: FastifyInstance,
  id: string,
  fn: (tx: Executor, target: LinkTarget, entity: EntityRecord) => Promise<T>,
) {
  const target = await resolveLink(app, id);
  if (!target) throw linkInvalid('id');
  return withTenant(app.db.db, target.entityId, async (tx) => fn(tx, target, await mustEntity(tx, target.entityId)));
}

/** The user types a link may register: the offered ones of a self-registration link, the visit's own type. */
export async function typesOfLink(tx: Executor, target: LinkTarget) {
  if (target.kind === 'type') return offeredTypes(tx, target.entityId, target.userTypeId);
  const visit = await findVisit(tx, target.entityId, target.visitId);
  const type = visit?.userTypeId ? await findUserType(tx, target.entityId, visit.userTypeId) : null;
  return type ? [type] : [];
}
