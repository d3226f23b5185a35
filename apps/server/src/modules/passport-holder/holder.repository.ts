import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  areas,
  entities,
  journeySites,
  journeys,
  people,
  personUserTypes,
  sites,
  userTypes,
  visits,
} from '../../db/schema/index';

// What a passport's holder sees across companies. The holder's people are those with the passport's
// verified address (people.email_lower, one index across companies), read on the owner's connection
// with every condition explicit; what is read of one company after that runs in its own transaction.

/** The active people of every company with this (lower-cased) address, with their company. */
export async function holderPeople(db: Executor, email: string) {
  return db
    .select({
      personId: people.id,
      entityId: people.entityId,
      entityName: entities.name,
      entityLogo: entities.logo,
      timezone: entities.timezone,
    })
    .from(people)
    .innerJoin(entities, eq(entities.id, people.entityId))
    .where(and(eq(people.emailLower, email), eq(people.status, 'active')))
    .orderBy(asc(entities.name), asc(people.entityId));
}
export type HolderPerson = Awaited<ReturnType<typeof holderPeople>>[number];

const visitColumns = {
  id: visits.id,
  entityId: visits.entityId,
  siteId: visits.siteId,
  siteName: sites.name,
  areaId: visits.areaId,
  areaName: areas.name,
  state: visits.state,
  stage: visits.stage,
  expectedAt: visits.expectedAt,
  signedInAt: visits.signedInAt,
  signedOutAt: visits.signedOutAt,
  confirmedAt: visits.confirmedAt,
  linkToken: visits.linkToken,
};

const visitsOf = (db: Executor) =>
  db
    .select(visitColumns)
    .from(visits)
    .innerJoin(sites, and(eq(sites.entityId, visits.entityId), eq(sites.id, visits.siteId)))
    .innerJoin(areas, and(eq(areas.entityId, visits.entityId), eq(areas.id, visits.areaId)));

/** Each person's expected visits from `since` on, soonest first (the person's index per company). */
export async function upcomingVisits(db: Executor, holders: readonly HolderPerson[], since: Date, limit: number) {
  if (holders.length === 0) return [];
  return visitsOf(db)
    .where(and(personIn(holders), eq(visits.state, 'expected'), gte(visits.activityAt, sql`${since}::timestamptz`)))
    .orderBy(asc(visits.activityAt), asc(visits.id))
    .limit(limit);
}

/** Each person's visits that began (on site, left, checked in), newest first. */
export async function recentVisits(db: Executor, holders: readonly HolderPerson[], limit: number) {
  if (holders.length === 0) return [];
  return visitsOf(db)
    .where(and(personIn(holders), inArray(visits.state, ['on_site', 'left', 'checked_in'])))
    .orderBy(desc(visits.activityAt), desc(visits.id))
    .limit(limit);
}
export type HolderVisitRow = Awaited<ReturnType<typeof recentVisits>>[number];

/** One visit of the holder's person in a company (read in its transaction). */
export async function holderVisit(tx: Executor, entityId: string, personId: string, visitId: string) {
  const [row] = await visitsOf(tx)
    .where(and(eq(visits.entityId, entityId), eq(visits.personId, personId), eq(visits.id, visitId)))
    .limit(1);
  return row ?? null;
}

const personIn = (holders: readonly HolderPerson[]) =>
  sql`(${visits.entityId}, ${visits.personId}) in (${sql.join(
    holders.map((h) => sql`(${h.entityId}::uuid, ${h.personId}::uuid)`),
    sql`, `,
  )})`;

/** A company's sites with a geofence that a remote journey covers, with those journeys. */
export async function fencedRemoteSites(tx: Executor, entityId: string) {
  return tx
    .select({
      siteId: sites.id,
      siteName: sites.name,
      locationName: sites.locationName,
      latitude: sites.latitude,
      longitude: sites.longitude,
      radius: sites.radius,
      journeyId: journeys.id,
    })
    .from(sites)
    .innerJoin(journeySites, and(eq(journeySites.entityId, sites.entityId), eq(journeySites.siteId, sites.id)))
    .innerJoin(
      journeys,
      and(
        eq(journeys.entityId, journeySites.entityId),
        eq(journeys.id, journeySites.journeyId),
        eq(journeys.remote, true),
      ),
    )
    .where(
      and(eq(sites.entityId, entityId), isNotNull(sites.latitude), isNotNull(sites.longitude), isNotNull(sites.radius)),
    )
    .orderBy(asc(sites.name), asc(sites.id));
}

/** One site's place and fence. */
export async function siteFence(tx: Executor, entityId: string, siteId: string) {
  const [row] = await tx
    .select({
      id: sites.id,
      name: sites.name,
      latitude: sites.latitude,
      longitude: sites.longitude,
      radius: sites.radius,
    })
    .from(sites)
    .where(and(eq(sites.entityId, entityId), eq(sites.id, siteId)))
    .limit(1);
  return row ?? null;
}

/** The person's user types, by name. */
export async function personTypes(tx: Executor, entityId: string, personId: string) {
  return tx
    .select({ id: userTypes.id, name: userTypes.name })
    .from(personUserTypes)
    .innerJoin(
      userTypes,
      and(eq(userTypes.entityId, personUserTypes.entityId), eq(userTypes.id, personUserTypes.userTypeId)),
    )
    .where(and(eq(personUserTypes.entityId, entityId), eq(personUserTypes.personId, personId)))
    .orderBy(asc(userTypes.name), asc(userTypes.id));
}

/** Which of these journeys are remote. */
export async function remoteJourneyIds(tx: Executor, entityId: string, journeyIds: readonly string[]) {
  if (journeyIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ id: journeys.id })
    .from(journeys)
    .where(and(eq(journeys.entityId, entityId), inArray(journeys.id, [...journeyIds]), eq(journeys.remote, true)));
  return new Set(rows.map((r) => r.id));
}

/** The active areas of sites (areas_by_site is_remote=1): where a phone signs in. */
export async function activeAreasOf(tx: Executor, entityId: string, siteIds: readonly string[]) {
  if (siteIds.length === 0) return [];
  return tx
    .select({ id: areas.id, name: areas.name, siteId: areas.siteId })
    .from(areas)
    .where(and(eq(areas.entityId, entityId), inArray(areas.siteId, [...siteIds]), eq(areas.active, true)))
    .orderBy(asc(areas.name), asc(areas.id));
}

/** An active area, with its site. */
export async function activeArea(tx: Executor, entityId: string, areaId: string) {
  const [row] = await tx
    .select({ id: areas.id, name: areas.name, siteId: areas.siteId })
    .from(areas)
    .where(and(eq(areas.entityId, entityId), eq(areas.id, areaId), eq(areas.active, true)))
    .limit(1);
  return row ?? null;
}

/** The person's visits on site now, at any of these sites. */
export async function onSiteVisits(tx: Executor, entityId: string, personId: string) {
  return visitsOf(tx).where(
    and(eq(visits.entityId, entityId), eq(visits.personId, personId), eq(visits.state, 'on_site')),
  );
}
