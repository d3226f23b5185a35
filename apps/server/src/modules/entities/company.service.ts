import type { FastifyInstance } from 'fastify';
import { entityRoom } from '@app/shared/realtime/events';
import { and, eq, inArray } from 'drizzle-orm';
import { RESERVED_SUBDOMAINS, type CompanyDetails } from '@app/shared/entity/schemas';
import { LIMITS } from '@app/shared/constants';
import { withTenant, type Executor } from '../../db/client';
import { roles } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { checkImage } from '../../lib/images';
import { randomToken, sha256 } from '../../lib/tokens';
import { toEntityRecord } from '../access/access.repository';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { toEntitySummary } from '../auth/login-result';
import { getEntityRow, isSubdomainTaken, updateEntity } from './entities.repository';

type EntityRow = NonNullable<Awaited<ReturnType<typeof getEntityRow>>>;

async function listRoleRefs(tx: Executor, entityId: string) {
  return tx
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.entityId, entityId))
    .orderBy(roles.name);
}

function toCompanyDetails(row: EntityRow, roleRefs: { id: string; name: string }[]): CompanyDetails {
  return {
    ...toEntitySummary(toEntityRecord(row)),
    owner_id: row.ownerId,
    has_client_token: row.clientTokenCreatedAt !== null,
    client_token_hint: row.clientTokenHint,
    client_token_created_at: row.clientTokenCreatedAt?.toISOString() ?? null,
    timezone: row.timezone,
    roles: roleRefs,
  };
}

/** Reads and changes of the company a request acts in: always ctx.entityId, never an id from the client. */
async function inCompany<T>(
  app: FastifyInstance,
  ctx: AccessContext,
  fn: (tx: Executor, row: EntityRow) => Promise<T>,
) {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const row = await getEntityRow(tx, ctx.entityId);
    if (!row) throw new AppError('not_found');
    return fn(tx, row);
  });
}

export async function getCompany(app: FastifyInstance, ctx: AccessContext) {
  return inCompany(app, ctx, async (tx, row) => toCompanyDetails(row, await listRoleRefs(tx, ctx.entityId)));
}

export async function subdomainAvailability(app: FastifyInstance, ctx: AccessContext, subdomain: string) {
  const value = subdomain.trim().toLowerCase();
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(value) || value.length < 2 || value.length > 63) {
    return { available: false, reason: 'invalid_subdomain' };
  }
  if ((RESERVED_SUBDOMAINS as readonly string[]).includes(value))
    return { available: false, reason: 'subdomain_reserved' };
  if (await isSubdomainTaken(app.db.db, value, ctx.entityId)) return { available: false, reason: 'subdomain_taken' };
  return { available: true };
}

export async function updateCompany(
  app: FastifyInstance,
  ctx: AccessContext,
  input: { name: string; subdomain: string; timezone?: string },
) {
  if ((RESERVED_SUBDOMAINS as readonly string[]).includes(input.subdomain)) {
    throw new AppError('conflict', { field: 'subdomain', messageKey: 'subdomain_reserved' });
  }
  if (await isSubdomainTaken(app.db.db, input.subdomain, ctx.entityId)) {
    throw new AppError('subdomain_taken', { field: 'subdomain' });
  }
  return inCompany(app, ctx, async (tx, before) => {
    const after = (await updateEntity(tx, ctx.entityId, {
      name: input.name,
      subdomain: input.subdomain,
      timezone: input.timezone ?? before.timezone,
    }))!;
    await writeAudit(tx, ctx, {
      action: 'company.update',
      targetType: 'entity',
      targetId: ctx.entityId,
      before: { name: before.name, subdomain: before.subdomain, timezone: before.timezone },
      after: { name: after.name, subdomain: after.subdomain, timezone: after.timezone },
    });
    return toCompanyDetails(after, await listRoleRefs(tx, ctx.entityId));
  });
}

export async function setLogo(app: FastifyInstance, ctx: AccessContext, data: Buffer) {
  // What is stored and served publicly is the re-encoded image, never the upload.
  const logo = await checkImage(data, LIMITS.logo, 'logo');
  const file = `logo.${logo.kind}`;
  await app.files.put(`entities/${ctx.entityId}/${file}`, logo.data);
  const url = `/api/v1/public/entities/${ctx.entityId}/${file}?v=${randomToken(6)}`;
  return inCompany(app, ctx, async (tx, before) => {
    const previous = before.logo?.match(/\/(logo\.(?:png|jpg))/)?.[1];
    if (previous && previous !== file) await app.files.remove(`entities/${ctx.entityId}/${previous}`);
    const after = (await updateEntity(tx, ctx.entityId, { logo: url }))!;
    await writeAudit(tx, ctx, {
      action: 'company.logo.set',
      targetType: 'entity',
      targetId: ctx.entityId,
      before: { logo: before.logo },
      after: { logo: url },
    });
    return toCompanyDetails(after, await listRoleRefs(tx, ctx.entityId));
  });
}

export async function removeLogo(app: FastifyInstance, ctx: AccessContext) {
  return inCompany(app, ctx, async (tx, before) => {
    for (const file of ['logo.png', 'logo.jpg']) await app.files.remove(`entities/${ctx.entityId}/${file}`);
    const after = (await updateEntity(tx, ctx.entityId, { logo: null }))!;
    await writeAudit(tx, ctx, {
      action: 'company.logo.remove',
      targetType: 'entity',
      targetId: ctx.entityId,
      before: { logo: before.logo },
      after: { logo: null },
    });
    return toCompanyDetails(after, await listRoleRefs(tx, ctx.entityId));
  });
}

/** A new API token replaces the old one. Only its hash is stored; the token is shown this once. */
export async function generateClientToken(app: FastifyInstance, ctx: AccessContext) {
  const token = `ct_${randomToken(32)}`;
  const createdAt = new Date();
  await inCompany(app, ctx, async (tx, before) => {
    await updateEntity(tx, ctx.entityId, {
      clientTokenHash: sha256(token),
      clientTokenHint: token.slice(-4),
      clientTokenCreatedAt: createdAt,
    });
    await writeAudit(tx, ctx, {
      action: 'company.client_token.generate',
      targetType: 'entity',
      targetId: ctx.entityId,
      before: { hint: before.clientTokenHint },
      after: { hint: token.slice(-4) },
    });
  });
  return { token, hint: token.slice(-4), created_at: createdAt.toISOString() };
}

export async function deleteClientToken(app: FastifyInstance, ctx: AccessContext) {
  await inCompany(app, ctx, async (tx, before) => {
    await updateEntity(tx, ctx.entityId, { clientTokenHash: null, clientTokenHint: null, clientTokenCreatedAt: null });
    await writeAudit(tx, ctx, {
      action: 'company.client_token.delete',
      targetType: 'entity',
      targetId: ctx.entityId,
      before: { hint: before.clientTokenHint },
      after: null,
    });
  });
}

export async function updateTwoStep(
  app: FastifyInstance,
  ctx: AccessContext,
  input: { two_step_enabled: boolean; otp_roles: string[] },
) {
  const roleIds = [...new Set(input.otp_roles)];
  const result = await inCompany(app, ctx, async (tx, before) => {
    if (roleIds.length) {
      const found = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.entityId, ctx.entityId), inArray(roles.id, roleIds)));
      if (found.length !== roleIds.length)
        throw new AppError('rule_violation', { field: 'otp_roles', messageKey: 'role_not_found' });
    }
    const after = (await updateEntity(tx, ctx.entityId, {
      twoStepEnabled: input.two_step_enabled,
      otpRoles: roleIds,
    }))!;
    await writeAudit(tx, ctx, {
      action: 'company.two_step.update',
      targetType: 'entity',
      targetId: ctx.entityId,
      before: { two_step_enabled: before.twoStepEnabled, otp_roles: before.otpRoles },
      after: { two_step_enabled: after.twoStepEnabled, otp_roles: after.otpRoles },
    });
    return toCompanyDetails(after, await listRoleRefs(tx, ctx.entityId));
  });
  app.realtime.toEntity(ctx.entityId, 'updateEntityTwoStepAuth', {
    entity_id: ctx.entityId,
    updated_by: ctx.actor.kind === 'user' ? ctx.actor.userId : 'api',
  });
  // Told first; then members who must now enrol stop receiving the company's events until they do.
  await app.realtime.recheckSockets(entityRoom(ctx.entityId));
  return result;
}
