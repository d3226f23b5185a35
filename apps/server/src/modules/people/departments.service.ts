// A company's departments (spec §7 "GET /department/{entityId}"), chosen on a person's profile.
import type { FastifyInstance } from 'fastify';
import type { Department, DepartmentBody } from '@app/shared/people/schemas';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { insertDepartment, isDepartmentNameTaken, listDepartments, type DepartmentRow } from './departments.repository';

const toDepartment = (row: DepartmentRow): Department => ({ id: row.id, name: row.name });

const nameTaken = () => new AppError('conflict', { field: 'name', messageKey: 'department_name_taken' });

export async function listCompanyDepartments(app: FastifyInstance, ctx: AccessContext): Promise<Department[]> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => (await listDepartments(tx, ctx.entityId)).map(toDepartment));
}

export async function createDepartment(app: FastifyInstance, ctx: AccessContext, body: DepartmentBody) {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    if (await isDepartmentNameTaken(tx, ctx.entityId, body.name)) throw nameTaken();
    const department = toDepartment(
      await insertDepartment(tx, { entityId: ctx.entityId, id: newId(), name: body.name }),
    );
    await writeAudit(tx, ctx, {
      action: 'department.create',
      targetType: 'department',
      targetId: department.id,
      after: department,
    });
    return department;
  }).catch((error: unknown) => {
    // Two people adding the same name at once: the unique index decides.
    if ((error as { cause?: { code?: string } }).cause?.code === '23505') throw nameTaken();
    throw error;
  });
}
