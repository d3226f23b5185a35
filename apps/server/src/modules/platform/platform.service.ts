import type { FastifyInstance } from 'fastify';
import type { PackageName, PlanId } from '@app/shared/constants';
import type { CreateCompanyBody } from '@app/shared/entity/schemas';
import { RESERVED_SUBDOMAINS } from '@app/shared/entity/schemas';
import { users } from '../../db/schema/index';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import { issuePasswordLink } from '../auth/auth.service';
import { findUserByEmail } from '../auth/users.repository';
import { insertCompany, insertMembership } from '../entities/entity-setup';
import { findEntity } from '../access/access.repository';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toEntityRecord } from '../access/access.repository';
import { writeAudit } from '../audit/audit.repository';
import { toEntitySummary } from '../auth/login-result';
import { getEntityRow, isSubdomainTaken, listEntities, updateEntity } from '../entities/entities.repository';

export async function listCompanies(app: FastifyInstance, q: { page: number; limit: number; search?: string }) {
  const { rows, count } = await listEntities(app.db.db, {
    search: q.search,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return {
    data: rows.map((r) => ({ ...toEntitySummary(toEntityRecord(r.entity)), members: Number(r.members) })),
    count,
  };
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
  // The package and plan are the platform's to set (a company's own transaction may not): the row is
  // changed as the owner role, the audit row written in the company, in one transaction.
  const { before, after } = await app.db.db.transaction(async (tx) => {
    const before = await getEntityRow(tx, entityId);
    if (!before) throw new AppError('not_found');
    const subscription = input.subscription ?? (input.package === 'Cloud' ? 'cloud' : 'standalone');
    const after = (await updateEntity(tx, entityId, { package: input.package, plan: input.plan, subscription }))!;
    await withTenant(tx, entityId, (t2) =>
      writeAudit(t2, platformActor(entityId, actorUserId), {
        action: 'company.package.change',
        targetType: 'entity',
        targetId: entityId,
        before: { package: before.package, plan: before.plan, subscription: before.subscription },
        after: { package: after.package, plan: after.plan, subscription: after.subscription },
      }),
    );
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

const WELCOME_LINK_TTL_MS = 72 * 60 * 60 * 1000;

/**
 * Opens a company with its default roles and an owner with the admin role. A new owner gets an
 * email with a link to choose a password; an existing person simply gains the company.
 */
/** A platform admin acting in a company they need not belong to, as its audit rows name them. */
const platformActor = (entityId: string, userId: string) => ({
  entityId,
  actor: {
    kind: 'user' as const,
    userId,
    membershipId: '',
    personId: null,
    personName: null,
    isOwner: false,
    isSupport: false,
  },
});

export async function createCompany(app: FastifyInstance, actorUserId: string, input: CreateCompanyBody) {
  if ((RESERVED_SUBDOMAINS as readonly string[]).includes(input.subdomain)) {
    throw new AppError('conflict', { field: 'subdomain', messageKey: 'subdomain_reserved' });
  }
  if (await isSubdomainTaken(app.db.db, input.subdomain)) throw new AppError('subdomain_taken', { field: 'subdomain' });
  const created = await app.db.db.transaction(async (tx) => {
    let owner = await findUserByEmail(tx, input.owner.email);
    const isNewPerson = !owner;
    if (!owner) {
      await tx.insert(users).values({
        id: newId(),
        email: input.owner.email,
        firstName: input.owner.first_name,
        lastName: input.owner.last_name,
      });
      owner = (await findUserByEmail(tx, input.owner.email))!;
    }
    const entity = await insertCompany(tx, {
      name: input.name,
      subdomain: input.subdomain,
      package: input.package,
      plan: input.plan,
    });
    await insertMembership(tx, entity, owner.id, 'admin', { isOwner: true });
    await withTenant(tx, entity.id, (t2) =>
      writeAudit(t2, platformActor(entity.id, actorUserId), {
        action: 'company.create',
        targetType: 'entity',
        targetId: entity.id,
        after: {
          name: input.name,
          subdomain: input.subdomain,
          package: input.package,
          plan: input.plan,
          owner: input.owner.email,
        },
      }),
    );
    return { entity, owner, isNewPerson };
  });
  if (created.isNewPerson) {
    const link = await issuePasswordLink(app, created.owner.id, WELCOME_LINK_TTL_MS);
    const lang = 'en';
    await app.mailer.send({
      to: created.owner.email,
      subject: t(lang, 'emails:welcome_subject', { company: input.name }),
      text: t(lang, 'emails:welcome_body', {
        name: created.owner.firstName || created.owner.email,
        company: input.name,
        link,
        minutes: WELCOME_LINK_TTL_MS / 60_000,
      }),
    });
  }
  return toEntitySummary((await findEntity(app.db.db, created.entity.id))!);
}
