import type { FastifyInstance } from 'fastify';
import type { PackageName, PlanId } from '@app/shared/constants';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toEntityRecord } from '../access/access.repository';
import { writeAudit } from '../audit/audit.repository';
import { toEntitySummary } from '../auth/login-result';
import { getEntityRow, listEntities, updateEntity } from '../entities/entities.repository';

export async function listCompanies(app: FastifyInstance, q: { page: number; limit: number; search?: string }) {
  const { rows, count } = await listEntities(app.db.db, { search: q.search, limit: q.limit, offset: (q.page - 1) * q.limit });
  return { data: rows.map((r) => ({ ...toEntitySummary(toEntityRecord(r.entity)), members: Number(r.members) })), count };
}

/**
 * A platform administrator changes a company's package and plan. Open dashboards of that company
 * hear it: Standalone → Cloud is an upgrade, Cloud → Standalone a downgrade, a plan-only change is
 * 'Package changed' (spec §4).
 */
export async function changePackage(
  app: FastifyInstance,
  actorUserId: string,
  entityId: string,
  input: { package: PackageName; plan: PlanId; subscription?: 'cloud' | 'standalone' },
) {
  const { before, after } = await withTenant(app.db.db, entityId, async (tx) => {
    const before = await getEntityRow(tx, entityId);
    if (!before) throw new AppError('not_found');
    const subscription = input.subscription ?? (input.package === 'Cloud' ? 'cloud' : 'standalone');
    const after = (await updateEntity(tx, entityId, { package: input.package, plan: input.plan, subscription }))!;
    await writeAudit(tx, { entityId, actor: { kind: 'user', userId: actorUserId, membershipId: '', isOwner: false, isSupport: false } }, {
      action: 'company.package.change',
      targetType: 'entity',
      targetId: entityId,
      before: { package: before.package, plan: before.plan, subscription: before.subscription },
      after: { package: after.package, plan: after.plan, subscription: after.subscription },
    });
    return { before, after };
  });
  const plan = after.plan as PlanId;
  if (before.package !== after.package) {
    app.realtime.toEntity(entityId, 'pongUpdateEntityPackage', {
      action: after.package === 'Cloud' ? 'upgrade' : 'downgrade',
      entityPlan: plan,
      package: after.package,
    });
  } else if (before.plan !== after.plan) {
    app.realtime.toEntity(entityId, 'pongUpdateEntityPlan', { entityPlan: plan, package: after.package });
  }
  return toEntitySummary(toEntityRecord(after));
}
