// The authorization matrix's pieces: the API's operations as the OpenAPI document lists them, what the
// access hook should answer a caller on a route (worked out from the route's rule alone), what it did
// answer, and the members of made-up roles the matrix needs.
import type { LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { PERMISSIONS, type Permission } from '@app/shared/access/permissions';
import type { ErrorBody } from '@app/shared/http/errors';
import { withTenant, type Executor } from '../../src/db/client';
import { memberships, people, rolePermissions, roles } from '../../src/db/schema/index';
import type { CreatedEntity } from '../../src/seed/factories';
import { newId } from '../../src/lib/ids';
import { t } from '../../src/lib/i18n';
import { tokenMayCall, type RouteAccess } from '../../src/plugins/auth';
import { createPerson } from './world';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

export type DocumentedOperation = { key: string; method: string; url: string; security: unknown };

type OpenApiPaths = Record<string, Record<string, { security?: unknown }>>;

/** `GET /api/v1/sites/:id`: one name for an operation, whether it comes from the document or the router. */
export const operationKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/** The operations of the document (as `app.swagger()` gives it) under the API prefix, with the router's paths. */
export function documentedOperations(doc: { paths?: object }): DocumentedOperation[] {
  return Object.entries((doc.paths ?? {}) as OpenApiPaths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .map(([method, operation]) => {
          const url = path.replace(/\{(\w+)\}/g, ':$1');
          return { key: operationKey(method, url), method: method.toUpperCase(), url, security: operation.security };
        }),
    );
}

/** The security the document should state for a rule: nobody, a session, or a session or the API token. */
export const securityOf = (rule: RouteAccess) =>
  rule.auth === 'public' ? [] : tokenMayCall(rule) ? [{ session: [] }, { clientToken: [] }] : [{ session: [] }];

/**
 * Who is calling, as far as the access hook can tell. A session in a company carries what its role
 * allows; `otpPending` is a sign-in still waiting for its code, `otpEnrolmentRequired` a member whose
 * company asks their role for two-step they have not set up.
 */
export type SessionStanding = {
  kind: 'session';
  allowed: readonly Permission[];
  platformAdmin?: boolean;
  otpPending?: boolean;
  otpEnrolmentRequired?: boolean;
};
export type Standing = { kind: 'signed out' } | { kind: 'token' } | SessionStanding;

/** The access hook's refusals, by error code; `through` when a call reached its route. */
const HOOK_REFUSALS = [
  'unauthenticated',
  'otp_required',
  'csrf_failed',
  'forbidden',
  'not_a_member',
  'otp_enrolment_required',
] as const;
export type Outcome = (typeof HOOK_REFUSALS)[number] | 'through' | 'server error';

/**
 * What the hook should answer, from the rule alone, in the hook's own order: public routes are
 * everyone's; the token may call what `tokenMayCall` says; a session waiting for its two-step code
 * reaches only the routes that allow it; platform routes need the flag; then, in a company, the two-step
 * policy and the permission (any one of a list).
 */
export function expectedOutcome(standing: Standing, rule: RouteAccess): Outcome {
  const auth = rule.auth ?? 'entity';
  if (auth === 'public') return 'through';
  if (standing.kind === 'signed out') return 'unauthenticated';
  if (standing.kind === 'token') return tokenMayCall(rule) ? 'through' : 'forbidden';
  if (standing.otpPending && !rule.allowOtpPending) return 'otp_required';
  if (rule.platformAdmin && !standing.platformAdmin) return 'forbidden';
  if (auth === 'user') return 'through';
  if (standing.otpEnrolmentRequired && !rule.allowWithoutOtp) return 'otp_enrolment_required';
  // Any one of the listed permissions, worked out here rather than with the hook's own helper.
  const needed: readonly Permission[] = [rule.permission ?? []].flat();
  if (needed.length && !needed.some((p) => standing.allowed.includes(p))) return 'forbidden';
  return 'through';
}

/**
 * What the call got, the caller having asked for English. A refusal counts as the hook's only with the
 * hook's own message: a route may refuse with the same code for its own reason (a plan, someone else's
 * visit, an unregistered kiosk), and that reason is in the message.
 */
export function outcomeOf(res: LightMyRequestResponse): Outcome {
  if (res.statusCode >= 500) return 'server error';
  let body: Partial<ErrorBody> | undefined;
  try {
    body = res.json<Partial<ErrorBody>>();
  } catch {
    return 'through';
  }
  const code = HOOK_REFUSALS.find((c) => c === body?.code);
  return code && body?.message === t('en', `errors:${code}`) ? code : 'through';
}

/** Runs the tasks, at most `limit` at a time, in their order. */
export async function runLimited(tasks: (() => Promise<void>)[], limit: number) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/** A role of the company's own allowing exactly these permissions (its other flags stored as 0). */
export async function createRole(db: Executor, entity: CreatedEntity, name: string, allowed: readonly Permission[]) {
  const id = newId();
  await withTenant(db, entity.id, async (tx) => {
    await tx.insert(roles).values({ entityId: entity.id, id, name });
    await tx.insert(rolePermissions).values(
      PERMISSIONS.map((permission) => ({
        entityId: entity.id,
        roleId: id,
        permission,
        allowed: allowed.includes(permission) ? 1 : 0,
      })),
    );
  });
  return id;
}

/** A new member of the company in the given role (added as an employee, then moved, person and all). */
export async function createMemberInRole(db: Executor, entity: CreatedEntity, roleId: string) {
  const user = await createPerson(db, [entity], 'employee');
  await withTenant(db, entity.id, async (tx) => {
    await tx
      .update(memberships)
      .set({ roleId })
      .where(and(eq(memberships.entityId, entity.id), eq(memberships.userId, user.id)));
    await tx
      .update(people)
      .set({ roleId })
      .where(and(eq(people.entityId, entity.id), eq(people.userId, user.id)));
  });
  return user;
}

/**
 * Sets a role to allow every permission but one, straight in `role_permissions`: the access context
 * reads the flags on each request, so the next call already sees them.
 */
export async function allowAllBut(db: Executor, entityId: string, roleId: string, withheld: Permission) {
  await withTenant(db, entityId, (tx) =>
    tx
      .update(rolePermissions)
      .set({ allowed: sql`case when ${rolePermissions.permission} = ${withheld} then 0 else 1 end` })
      .where(and(eq(rolePermissions.entityId, entityId), eq(rolePermissions.roleId, roleId))),
  );
}
