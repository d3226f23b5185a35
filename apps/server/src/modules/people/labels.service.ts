// Labels a company puts on its people (spec §3 "Others: labels"; the "add label" mass action).
import type { FastifyInstance } from 'fastify';
import type { Label, LabelBody } from '@app/shared/people/schemas';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { deleteLabel, findLabel, insertLabel, isLabelNameTaken, listLabels, type LabelRow } from './labels.repository';

const toLabel = (row: LabelRow): Label => ({ id: row.id, name: row.name, color: row.color });

const nameTaken = () => new AppError('conflict', { field: 'name', messageKey: 'label_name_taken' });

export async function listCompanyLabels(app: FastifyInstance, ctx: AccessContext): Promise<Label[]> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => (await listLabels(tx, ctx.entityId)).map(toLabel));
}

export async function createLabel(app: FastifyInstance, ctx: AccessContext, body: Required<LabelBody>) {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    if (await isLabelNameTaken(tx, ctx.entityId, body.name)) throw nameTaken();
    const label = toLabel(
      await insertLabel(tx, { entityId: ctx.entityId, id: newId(), name: body.name, color: body.color }),
    );
    await writeAudit(tx, ctx, { action: 'label.create', targetType: 'label', targetId: label.id, after: label });
    return label;
  }).catch((error: unknown) => {
    // Two people adding the same name at once: the unique index decides.
    if ((error as { cause?: { code?: string } }).cause?.code === '23505') throw nameTaken();
    throw error;
  });
}

/** Removes a label from the company and from everyone who has it. */
export async function removeLabel(app: FastifyInstance, ctx: AccessContext, id: string) {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const row = await findLabel(tx, ctx.entityId, id);
    if (!row) throw new AppError('not_found');
    await deleteLabel(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, { action: 'label.delete', targetType: 'label', targetId: id, before: toLabel(row) });
  });
}
