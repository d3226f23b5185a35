// The hosts of a user type (spec §3 User type: hosts): the people its visitors may pick to visit.
// An admin sees and changes only hosts inside their scope; hosts outside it stay.
import type { FastifyInstance } from 'fastify';
import type { UserTypeHost } from '@app/shared/people/schemas';
import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { findUserType } from '../user-types/user-types.repository';
import { typeInScope } from './person-rules';
import { personInScope } from './person-scope';
import { fullName } from './person-view';
import { findPeople } from './people.repository';
import { hostIdsOf, hostIdsOutside, listHosts, replaceHosts } from './user-type-hosts.repository';

async function mustFindType(tx: Executor, ctx: AccessContext, id: string) {
  const found = typeInScope(ctx, id) ? await findUserType(tx, ctx.entityId, id) : null;
  if (!found) throw new AppError('not_found');
  return found;
}

async function readHosts(tx: Executor, ctx: AccessContext, userTypeId: string): Promise<UserTypeHost[]> {
  const rows = await listHosts(tx, ctx.entityId, userTypeId, personInScope(ctx));
  return rows.map((r) => ({ id: r.id, full_name: fullName(r), email: r.email }));
}

export async function getUserTypeHosts(app: FastifyInstance, ctx: AccessContext, userTypeId: string) {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    await mustFindType(tx, ctx, userTypeId);
    return readHosts(tx, ctx, userTypeId);
  });
}

export async function setUserTypeHosts(
  app: FastifyInstance,
  ctx: AccessContext,
  userTypeId: string,
  personIds: string[],
) {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    await mustFindType(tx, ctx, userTypeId);
    const ids = [...new Set(personIds)];
    const found = await findPeople(tx, ctx.entityId, personInScope(ctx), ids);
    if (found.length !== ids.length)
      throw new AppError('rule_violation', { field: 'person_ids', messageKey: 'person_not_found' });
    if (found.some((p) => p.status !== 'active'))
      throw new AppError('rule_violation', { field: 'person_ids', messageKey: 'host_archived' });
    const before = await hostIdsOf(tx, ctx.entityId, userTypeId);
    const kept = await hostIdsOutside(tx, ctx.entityId, userTypeId, personInScope(ctx));
    const after = [...new Set([...ids, ...kept])];
    await replaceHosts(tx, ctx.entityId, userTypeId, after);
    await writeAudit(tx, ctx, {
      action: 'user_type.hosts.set',
      targetType: 'user_type',
      targetId: userTypeId,
      before: { person_ids: before },
      after: { person_ids: after },
    });
    return readHosts(tx, ctx, userTypeId);
  });
}
