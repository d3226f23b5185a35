import type { FastifyInstance } from 'fastify';
import type { Door, DoorBody, UpdateDoorBody } from '@app/shared/doors/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { findArea } from '../sites/sites.repository';
import {
  deleteDoor,
  findDoor,
  findKioskArea,
  insertDoor,
  isDoorNameTaken,
  listDoors,
  updateDoor,
  type DoorRow,
} from './doors.repository';
import { inTenant } from '../access/in-tenant';

const toDoor = (row: DoorRow, kioskName: string | null): Door => ({
  id: row.id,
  area_id: row.areaId,
  name: row.name,
  kiosk: row.kioskId && kioskName !== null ? { id: row.kioskId, name: kioskName } : null,
  created_at: row.createdAt.toISOString(),
});

/** The opener must be a kiosk of the door's own area; its name comes back for the answer. */
async function checkOpener(tx: Executor, entityId: string, areaId: string, kioskId: string | null) {
  if (kioskId === null) return null;
  const kiosk = await findKioskArea(tx, entityId, kioskId);
  if (!kiosk || kiosk.areaId !== areaId) {
    throw new AppError('rule_violation', { field: 'kiosk_id', messageKey: 'door_kiosk_other_area' });
  }
  return kiosk.name;
}

export async function listCompanyDoors(
  app: FastifyInstance,
  ctx: AccessContext,
  q: { area_id?: string; site_id?: string },
) {
  return inTenant(app, ctx, async (tx) => {
    const rows = await listDoors(tx, ctx.entityId, ctx.siteIds, {
      areaIds: q.area_id ? [q.area_id] : undefined,
      siteId: q.site_id,
    });
    return rows.map((r) => toDoor(r.door, r.kioskName));
  });
}

export async function getDoor(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => {
    const found = await findDoor(tx, ctx.entityId, ctx.siteIds, id);
    if (!found) throw new AppError('not_found');
    return toDoor(found.door, found.kioskName);
  });
}

export async function createDoor(
  app: FastifyInstance,
  ctx: AccessContext,
  body: DoorBody & { kiosk_id: string | null },
) {
  return inTenant(app, ctx, async (tx) => {
    if (!(await findArea(tx, ctx.entityId, ctx.siteIds, body.area_id))) throw new AppError('not_found');
    if (await isDoorNameTaken(tx, ctx.entityId, body.area_id, body.name)) {
      throw new AppError('conflict', { field: 'name', messageKey: 'door_name_taken' });
    }
    const kioskName = await checkOpener(tx, ctx.entityId, body.area_id, body.kiosk_id);
    const row = await insertDoor(tx, {
      entityId: ctx.entityId,
      id: newId(),
      areaId: body.area_id,
      name: body.name,
      kioskId: body.kiosk_id,
    });
    const door = toDoor(row, kioskName);
    await writeAudit(tx, ctx, { action: 'door.create', targetType: 'door', targetId: row.id, after: door });
    return door;
  });
}

export async function changeDoor(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: UpdateDoorBody & { kiosk_id: string | null },
) {
  return inTenant(app, ctx, async (tx) => {
    const before = await findDoor(tx, ctx.entityId, ctx.siteIds, id);
    if (!before) throw new AppError('not_found');
    if (await isDoorNameTaken(tx, ctx.entityId, before.door.areaId, body.name, id)) {
      throw new AppError('conflict', { field: 'name', messageKey: 'door_name_taken' });
    }
    const kioskName = await checkOpener(tx, ctx.entityId, before.door.areaId, body.kiosk_id);
    const row = (await updateDoor(tx, ctx.entityId, id, { name: body.name, kioskId: body.kiosk_id }))!;
    const after = toDoor(row, kioskName);
    await writeAudit(tx, ctx, {
      action: 'door.update',
      targetType: 'door',
      targetId: id,
      before: toDoor(before.door, before.kioskName),
      after,
    });
    return after;
  });
}

export async function removeDoor(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => {
    const before = await findDoor(tx, ctx.entityId, ctx.siteIds, id);
    if (!before) throw new AppError('not_found');
    await deleteDoor(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'door.delete',
      targetType: 'door',
      targetId: id,
      before: toDoor(before.door, before.kioskName),
    });
  });
}
