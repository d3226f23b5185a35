// A company with a SCIM connection (its integration row written straight into the table, its token
// issued as the integration's creation does) and a client that speaks SCIM to /scim/v2 with it.
import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../src/app';
import { withTenant, type Executor } from '../../src/db/client';
import { people, scimGroups, type IntegrationMapping } from '../../src/db/schema/index';
import { newId } from '../../src/lib/ids';
import { insertIntegration, replaceSites } from '../../src/modules/integrations/integrations.repository';
import { issueScimToken } from '../../src/modules/scim/scim-token';
import { peopleWorld } from './people-world';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ScimClient = ReturnType<typeof scimClient>;

/** Requests to /scim/v2 with a bearer token (none: no Authorization header), bodies as application/scim+json. */
export function scimClient(app: App, token: string | null) {
  const request = (method: Method, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: `/scim/v2${path}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
        accept: 'application/scim+json',
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    request,
    get: (path: string, headers?: Record<string, string>) => request('GET', path, undefined, headers),
    post: (path: string, body: unknown, headers?: Record<string, string>) => request('POST', path, body, headers),
    put: (path: string, body: unknown, headers?: Record<string, string>) => request('PUT', path, body, headers),
    patch: (path: string, body: unknown, headers?: Record<string, string>) => request('PATCH', path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => request('DELETE', path, undefined, headers),
  };
}

export type ScimBody = Record<string, unknown> & { id: string; meta: { version: string; location: string } };
export const bodyOf = (res: LightMyRequestResponse) => res.json<ScimBody>();

export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

export const patchOf = (...ops: Record<string, unknown>[]) => ({ schemas: [PATCH_OP], Operations: ops });

/** A company (two sites, two user types) with a SCIM integration on its HQ whose default user type is Visitors. */
export async function scimWorld(
  app: App,
  db: Executor,
  options: { mapping?: Partial<IntegrationMapping>; status?: string } = {},
) {
  const w = await peopleWorld(app, db);
  const integrationId = newId();
  const token = await withTenant(db, w.entity.id, async (tx) => {
    await insertIntegration(tx, {
      entityId: w.entity.id,
      id: integrationId,
      name: `Identity provider ${integrationId.slice(-6)}`,
      dirCode: 'scim',
      status: options.status ?? 'active',
      mapping: { groups: [], fields: [], defaultUserTypeId: w.types.visitors, ...options.mapping },
    });
    await replaceSites(tx, w.entity.id, integrationId, [w.sites.hq]);
    return issueScimToken(tx, w.entity.id, integrationId);
  });
  const person = (id: string) =>
    withTenant(db, w.entity.id, async (tx) => {
      const [row] = await tx
        .select()
        .from(people)
        .where(and(eq(people.entityId, w.entity.id), eq(people.id, id)));
      return row ?? null;
    });
  /** Maps a SCIM group to a user type, as the integration's settings will. */
  const mapGroup = (groupId: string, userTypeId: string | null) =>
    withTenant(db, w.entity.id, (tx) =>
      tx
        .update(scimGroups)
        .set({ userTypeId })
        .where(and(eq(scimGroups.entityId, w.entity.id), eq(scimGroups.id, groupId))),
    );
  return { ...w, integrationId, token, scim: scimClient(app, token), person, mapGroup };
}

export type ScimWorld = Awaited<ReturnType<typeof scimWorld>>;
