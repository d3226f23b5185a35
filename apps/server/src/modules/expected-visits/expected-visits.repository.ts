// SQL of expected visits and the pre-registration links: visits in state 'expected' with their hosts,
// the flow a user type follows at a site, and the global look-ups of a link (a visit's token, a user
// type's self-registration code) that find the company before its tenant transaction opens.
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { findCapabilityKey } from '../../db/capability-keys';
import type { Executor } from '../../db/client';
import { flowComplianceRows } from '../journeys/journeys.repository';
import { samePhone } from '../people/people.repository';
import {
  areas,
  complianceResponses,
  compliances,
  journeyFlowCompliances,
  journeyFlowHosts,
  journeyFlows,
  journeys,
  journeySites,
  people,
  personUserTypes,
  roles,
  sites,
  userTypeHosts,
  userTypes,
  visitHosts,
  visits,
} from '../../db/schema/index';

export type VisitRow = typeof visits.$inferSelect;
export type UserTypeRow = typeof userTypes.$inferSelect;

// ---- global look-ups (outside any tenant: the link is all a public page knows) ----

export const findVisitKeysByToken = (db: Executor, token: string) => findCapabilityKey(db, 'visits.link_token', token);

export const findUserTypeKeysByQr = (db: Executor, code: string) => findCapabilityKey(db, 'user_types.qr_code', code);

// ---- tenant reads ----

export async function findUserType(tx: Executor, entityId: string, id: string) {
  const [row] = await tx
    .select()
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, id)))
    .limit(1);
  return row ?? null;
}

export async function listUserTypes(tx: Executor, entityId: string) {
  return tx.select().from(userTypes).where(eq(userTypes.entityId, entityId)).orderBy(asc(userTypes.name));
}

/** An area with its site, within the given sites (null: any of the company's). */
export async function findAreaWithSite(tx: Executor, entityId: string, areaId: string) {
  const [row] = await tx
    .select({ area: areas, site: { id: sites.id, name: sites.name } })
    .from(areas)
    .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
    .where(and(eq(areas.entityId, entityId), eq(areas.id, areaId)))
    .limit(1);
  return row ?? null;
}

/** The journey flows of some user types with the sites of their journeys (one row per flow and site). */
export async function flowsOfUserTypes(tx: Executor, entityId: string, userTypeIds: string[], siteId?: string) {
  if (userTypeIds.length === 0) return [];
  return tx
    .select({
      flow: journeyFlows,
      journeyName: journeys.name,
      touchMode: journeys.touchMode,
      siteId: journeySites.siteId,
      siteName: sites.name,
    })
    .from(journeyFlows)
    .innerJoin(journeys, and(eq(journeys.entityId, journeyFlows.entityId), eq(journeys.id, journeyFlows.journeyId)))
    .innerJoin(
      journeySites,
      and(eq(journeySites.entityId, journeyFlows.entityId), eq(journeySites.journeyId, journeyFlows.journeyId)),
    )
    .innerJoin(sites, and(eq(sites.entityId, journeySites.entityId), eq(sites.id, journeySites.siteId)))
    .where(
      and(
        eq(journeyFlows.entityId, entityId),
        inArray(journeyFlows.userTypeId, userTypeIds),
        siteId ? eq(journeySites.siteId, siteId) : undefined,
      ),
    )
    .orderBy(asc(journeys.name), asc(journeys.id), asc(sites.name));
}

export async function findFlow(tx: Executor, entityId: string, flowId: string) {
  const [row] = await tx
    .select({ flow: journeyFlows, touchMode: journeys.touchMode })
    .from(journeyFlows)
    .innerJoin(journeys, and(eq(journeys.entityId, journeyFlows.entityId), eq(journeys.id, journeyFlows.journeyId)))
    .where(and(eq(journeyFlows.entityId, entityId), eq(journeyFlows.id, flowId)))
    .limit(1);
  return row ?? null;
}

export async function activeAreasOfSites(tx: Executor, entityId: string, siteIds: string[]) {
  if (siteIds.length === 0) return [];
  return tx
    .select({ id: areas.id, name: areas.name, siteId: areas.siteId })
    .from(areas)
    .where(and(eq(areas.entityId, entityId), inArray(areas.siteId, siteIds), eq(areas.active, true)))
    .orderBy(asc(areas.name));
}

/** The compliances a flow asks (not deleted), in the flow's order. */
export async function flowCompliances(tx: Executor, entityId: string, flowId: string) {
  const rows = await flowComplianceRows(tx, entityId, [flowId]);
  return rows.map(({ compliance, required }) => ({ compliance, required }));
}

export async function countFlowCompliances(tx: Executor, entityId: string, flowIds: string[]) {
  if (flowIds.length === 0) return [];
  return tx
    .select({ flowId: journeyFlowCompliances.flowId, count: sql<number>`count(*)::int` })
    .from(journeyFlowCompliances)
    .innerJoin(
      compliances,
      and(
        eq(compliances.entityId, journeyFlowCompliances.entityId),
        eq(compliances.id, journeyFlowCompliances.complianceId),
      ),
    )
    .where(
      and(
        eq(journeyFlowCompliances.entityId, entityId),
        inArray(journeyFlowCompliances.flowId, flowIds),
        isNull(compliances.deletedAt),
      ),
    )
    .groupBy(journeyFlowCompliances.flowId);
}

/** A person's answers to some compliances, newest first. */
export async function responsesOf(tx: Executor, entityId: string, personId: string, complianceIds: string[]) {
  if (complianceIds.length === 0) return [];
  return tx
    .select()
    .from(complianceResponses)
    .where(
      and(
        eq(complianceResponses.entityId, entityId),
        eq(complianceResponses.personId, personId),
        inArray(complianceResponses.complianceId, complianceIds),
      ),
    )
    .orderBy(desc(complianceResponses.answeredAt), desc(complianceResponses.id));
}

/** The people a flow lists as hosts, and those its user type lists (spec host list per journey and user type). */
export async function listedHostIds(tx: Executor, entityId: string, flowId: string | null, userTypeId: string | null) {
  const fromFlow = flowId
    ? await tx
        .select({ id: journeyFlowHosts.personId })
        .from(journeyFlowHosts)
        .where(and(eq(journeyFlowHosts.entityId, entityId), eq(journeyFlowHosts.flowId, flowId)))
    : [];
  const fromType = userTypeId
    ? await tx
        .select({ id: userTypeHosts.personId })
        .from(userTypeHosts)
        .where(and(eq(userTypeHosts.entityId, entityId), eq(userTypeHosts.userTypeId, userTypeId)))
    : [];
  return { flow: fromFlow.map((r) => r.id), userType: fromType.map((r) => r.id) };
}

const fullNameSql = sql<string>`trim(${people.firstName} || ' ' || ${people.lastName})`;

/** Active people among the ids (hosts must be active). */
export async function activePeople(tx: Executor, entityId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: people.id, firstName: people.firstName, lastName: people.lastName, email: people.email })
    .from(people)
    .where(and(eq(people.entityId, entityId), inArray(people.id, ids), eq(people.status, 'active')));
}

/**
 * Host candidates by name: active people among `ids` (or, with ids null, active people who use the
 * dashboard), whose full name starts like the query: names, and the email that tells two of one name
 * apart (for the dashboard; the public search answers names only).
 */
export async function searchHosts(tx: Executor, entityId: string, ids: string[] | null, query: string, limit: number) {
  if (ids !== null && ids.length === 0) return [];
  const pattern = `${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return tx
    .select({ id: people.id, fullName: fullNameSql, email: people.email })
    .from(people)
    .where(
      and(
        eq(people.entityId, entityId),
        eq(people.status, 'active'),
        ids === null ? inArray(people.dashboardAccess, ['invited', 'active']) : inArray(people.id, ids),
        sql`lower(${fullNameSql}) like ${pattern}`,
      ),
    )
    .orderBy(asc(people.firstName), asc(people.lastName))
    .limit(limit);
}

/** People of the company by email or phone (lower-case email; phone with its country code). */
export async function peopleByContact(
  tx: Executor,
  entityId: string,
  contact: { email?: string | null; phoneCode?: string | null; phone?: string | null },
) {
  const checks: SQL[] = [];
  if (contact.email) checks.push(eq(people.emailLower, contact.email.toLowerCase()));
  if (contact.phone) checks.push(samePhone(contact.phoneCode, contact.phone));
  if (checks.length === 0) return [];
  return tx
    .select()
    .from(people)
    .where(and(eq(people.entityId, entityId), or(...checks)))
    .limit(5);
}

export async function findPersonRow(tx: Executor, entityId: string, id: string, scope?: SQL) {
  const [row] = await tx
    .select()
    .from(people)
    .where(and(eq(people.entityId, entityId), eq(people.id, id), scope))
    .limit(1);
  return row ?? null;
}

export async function typeIdsOfPerson(tx: Executor, entityId: string, personId: string) {
  const rows = await tx
    .select({ id: personUserTypes.userTypeId })
    .from(personUserTypes)
    .where(and(eq(personUserTypes.entityId, entityId), eq(personUserTypes.personId, personId)));
  return rows.map((r) => r.id);
}

/** The company's person of a dashboard membership (who added or decided a visit). */
// ---- visits ----

/** The caller's scope on visits: the visit's site and user type (spec §6). Null lists mean all. */
export function visitInScope(scope: { siteIds: string[] | null; userTypeIds: string[] | null }): SQL | undefined {
  const parts: SQL[] = [];
  if (scope.siteIds !== null) parts.push(scope.siteIds.length ? inArray(visits.siteId, scope.siteIds) : sql`false`);
  if (scope.userTypeIds !== null) {
    parts.push(scope.userTypeIds.length ? inArray(visits.userTypeId, scope.userTypeIds) : sql`false`);
  }
  return parts.length ? and(...parts) : undefined;
}

export async function findVisit(tx: Executor, entityId: string, id: string, scope?: SQL, forUpdate = false) {
  const query = tx
    .select()
    .from(visits)
    .where(and(eq(visits.entityId, entityId), eq(visits.id, id), scope))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertVisit(tx: Executor, values: typeof visits.$inferInsert) {
  const [row] = await tx.insert(visits).values(values).returning();
  return row!;
}

export async function updateVisit(tx: Executor, entityId: string, id: string, values: Partial<VisitRow>) {
  const [row] = await tx
    .update(visits)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(visits.entityId, entityId), eq(visits.id, id)))
    .returning();
  return row!;
}

export async function hostsOfVisits(tx: Executor, entityId: string, visitIds: string[]) {
  if (visitIds.length === 0) return [];
  return tx
    .select({
      visitId: visitHosts.visitId,
      id: people.id,
      fullName: fullNameSql,
      email: people.email,
    })
    .from(visitHosts)
    .innerJoin(people, and(eq(people.entityId, visitHosts.entityId), eq(people.id, visitHosts.personId)))
    .where(and(eq(visitHosts.entityId, entityId), inArray(visitHosts.visitId, visitIds)))
    .orderBy(asc(people.firstName), asc(people.lastName));
}

export async function replaceVisitHosts(tx: Executor, entityId: string, visitId: string, personIds: string[]) {
  await tx.delete(visitHosts).where(and(eq(visitHosts.entityId, entityId), eq(visitHosts.visitId, visitId)));
  if (personIds.length) {
    await tx.insert(visitHosts).values(personIds.map((personId) => ({ entityId, visitId, personId })));
  }
}

/** Another live expected visit of the person within [from, to): not cancelled, not rejected. */
export async function otherVisitOn(
  tx: Executor,
  entityId: string,
  personId: string,
  from: Date,
  to: Date,
  exceptVisitId?: string,
) {
  const [row] = await tx
    .select({ id: visits.id, expectedAt: visits.expectedAt })
    .from(visits)
    .where(
      and(
        eq(visits.entityId, entityId),
        eq(visits.personId, personId),
        eq(visits.state, 'expected'),
        sql`${visits.stage} is distinct from 'rejected'`,
        gte(visits.expectedAt, from),
        lt(visits.expectedAt, to),
        exceptVisitId ? ne(visits.id, exceptVisitId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The role new visitors get: the company's employee role, else its first role. */
export async function visitorRoleId(tx: Executor, entityId: string) {
  const rows = await tx
    .select({ id: roles.id, key: roles.key })
    .from(roles)
    .where(eq(roles.entityId, entityId))
    .orderBy(asc(roles.createdAt));
  return (rows.find((r) => r.key === 'employee') ?? rows[0])!.id;
}
