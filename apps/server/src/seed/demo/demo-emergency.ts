// The demo company's emergency side (issue 15, decision 031): a fire warden with a dashboard login, and
// one finished fire drill from last week at the head office, so the sessions screen, the session page
// and the roll-call report have something real to show. The drill is written as the routes would have
// left it: the roll taken from the visits on site in the site's areas at its start (names, companies,
// phones and user types kept as they were, an "I am safe" token for each person with an email), then
// marks by two wardens over about six minutes (one person marked by both within a second: both kept,
// the later one wins), one person signing out at a kiosk during it (out, by the sign-out trigger's
// mark), one left unaccounted, and the warden ending it. A fixed seed keeps it the same on every fresh
// start (only the dates follow today).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { addDays, isoWeekday, localDate, startOfLocalDay } from '@app/shared/compliances/validity';
import { safeTimeZone } from '@app/shared/time-zones';
import { newId } from '../../lib/ids';
import { randomToken, sha256 } from '../../lib/tokens';
import type { Executor } from '../../db/client';
import {
  areas,
  auditLog,
  emergencyMarks,
  emergencyRoll,
  emergencySessionAreas,
  emergencySessions,
  entities,
  labels,
  memberships,
  people,
  personLabels,
  roles,
  sites,
  userTypes,
  visits,
} from '../../db/schema/index';
import { addMember, createUser, type CreatedEntity } from '../factories';

export const DEMO_WARDEN = { email: 'warden@demo.localhost', firstName: 'Walid', lastName: 'Warden' } as const;
export const DEMO_DRILL_NAME = 'Fire drill – Dubai Head Office';
/** The drill's roll: about this many people, the count of the moment closest to it. */
const ROLL_SIZE = 20;
/** The drill's length: from the alarm to the warden ending it. */
const DRILL_SECONDS = 6 * 60 + 20;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The fire warden: a dashboard member (role fire_warden) with a password, like the demo's admin. */
export async function createDemoWarden(db: Executor, company: CreatedEntity, password: string) {
  const user = await createUser(db, { ...DEMO_WARDEN, password });
  await addMember(db, company, user.id, 'fire_warden');
  return { email: user.email, password };
}

function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

type Warden = { userId: string; personId: string; name: string };
type OnSite = {
  visitId: string;
  personId: string;
  signedInAt: Date;
  signedOutAt: Date | null;
  siteId: string;
  areaId: string;
  areaName: string;
  userTypeId: string | null;
  userTypeName: string | null;
  firstName: string;
  lastName: string;
  companyName: string | null;
  phoneCode: string | null;
  phone: string | null;
  email: string | null;
  kioskId: string | null;
};

/** A member of the company by role key (the owner first), with the name the company knows them by. */
async function memberOf(tx: Executor, entityId: string, roleKey: string): Promise<Warden | null> {
  const [row] = await tx
    .select({ userId: memberships.userId, personId: people.id, first: people.firstName, last: people.lastName })
    .from(memberships)
    .innerJoin(roles, and(eq(roles.entityId, memberships.entityId), eq(roles.id, memberships.roleId)))
    .innerJoin(people, and(eq(people.entityId, memberships.entityId), eq(people.membershipId, memberships.id)))
    .where(and(eq(memberships.entityId, entityId), eq(roles.key, roleKey)))
    .orderBy(sql`${memberships.isOwner} desc`, memberships.id)
    .limit(1);
  return row ? { userId: row.userId, personId: row.personId, name: `${row.first} ${row.last}`.trim() } : null;
}

/** The visits of these areas that had people on site at some time in [from, to), read once. */
async function presenceBetween(
  tx: Executor,
  entityId: string,
  areaIds: string[],
  from: Date,
  to: Date,
): Promise<OnSite[]> {
  const rows = await tx
    .select({
      visitId: visits.id,
      personId: visits.personId,
      signedInAt: visits.signedInAt,
      signedOutAt: visits.signedOutAt,
      siteId: visits.siteId,
      areaId: visits.areaId,
      areaName: areas.name,
      userTypeId: visits.userTypeId,
      userTypeName: userTypes.name,
      firstName: people.firstName,
      lastName: people.lastName,
      companyName: people.companyName,
      phoneCode: people.phoneCode,
      phone: people.phone,
      email: people.email,
      kioskId: sql<string | null>`(select k.id from kiosks k where k.entity_id = ${visits.entityId}
        and k.area_id = ${visits.areaId} order by k.name limit 1)`,
    })
    .from(visits)
    .innerJoin(people, and(eq(people.entityId, visits.entityId), eq(people.id, visits.personId)))
    .innerJoin(areas, and(eq(areas.entityId, visits.entityId), eq(areas.id, visits.areaId)))
    .leftJoin(userTypes, and(eq(userTypes.entityId, visits.entityId), eq(userTypes.id, visits.userTypeId)))
    .where(
      and(
        eq(visits.entityId, entityId),
        inArray(visits.areaId, areaIds),
        eq(visits.loginMode, 'signIn_signOut'),
        sql`${visits.signedInAt} < ${to.toISOString()}::timestamptz`,
        sql`(${visits.signedOutAt} is null or ${visits.signedOutAt} > ${from.toISOString()}::timestamptz)`,
        inArray(visits.state, ['left', 'on_site']),
      ),
    )
    .orderBy(people.firstName, people.lastName, visits.id);
  return rows as OnSite[];
}

/** Who was on site (signed in and not yet out) at `at`, once each: the roll a start would take. */
function onSiteAt(visitsThen: OnSite[], at: Date): OnSite[] {
  const seen = new Set<string>();
  return visitsThen.filter(
    (r) =>
      r.signedInAt.getTime() <= at.getTime() &&
      (r.signedOutAt === null || r.signedOutAt.getTime() > at.getTime()) &&
      !seen.has(r.personId) &&
      seen.add(r.personId),
  );
}

/** As the roll keeps a phone (roll.service.ts): the country code and the number. */
const phoneOf = (p: Pick<OnSite, 'phoneCode' | 'phone'>) =>
  p.phone ? [p.phoneCode, p.phone].filter(Boolean).join(' ') : null;

/**
 * The finished drill. Idempotent: a company that already has a session gets nothing new. Needs the
 * demo's sites, people and visits (it runs after seedDemoVisits) and its fire warden and owner.
 */
export async function seedDemoEmergency(tx: Executor, entityId: string, now = new Date()) {
  const [existing] = await tx
    .select({ id: emergencySessions.id })
    .from(emergencySessions)
    .where(eq(emergencySessions.entityId, entityId))
    .limit(1);
  if (existing) return null;
  const warden = await memberOf(tx, entityId, 'fire_warden');
  const second = await memberOf(tx, entityId, 'admin');
  if (!warden || !second) return null;
  const rnd = generator(20261127);
  const [entity] = await tx.select({ timezone: entities.timezone }).from(entities).where(eq(entities.id, entityId));
  const zone = safeTimeZone(entity?.timezone);
  const siteRows = await tx
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(eq(sites.entityId, entityId))
    .orderBy(sites.name);
  const site = siteRows.find((s) => s.name.startsWith('Dubai')) ?? siteRows[0];
  if (!site) return null;
  const siteAreas = await tx
    .select({ id: areas.id, name: areas.name })
    .from(areas)
    .where(and(eq(areas.entityId, entityId), eq(areas.siteId, site.id)))
    .orderBy(areas.name);
  if (siteAreas.length === 0) return null;
  const areaIds = siteAreas.map((a) => a.id);

  // Last week's Wednesday (or the weekday nearest it with people in): the moment of the day, between
  // 10:00 and 15:30, whose people on site come closest to the roll's size.
  const today = localDate(now, zone);
  const lastMonday = addDays(today, -(isoWeekday(today) - 1) - 7);
  const visitsThen = await presenceBetween(
    tx,
    entityId,
    areaIds,
    startOfLocalDay(lastMonday, zone),
    startOfLocalDay(addDays(lastMonday, 5), zone),
  );
  let best: { at: Date; roll: OnSite[] } | null = null;
  for (const offset of [2, 1, 3, 0, 4]) {
    const start = startOfLocalDay(addDays(lastMonday, offset), zone).getTime();
    for (let minute = 10 * 60; minute <= 15 * 60 + 30; minute += 15) {
      const at = new Date(start + minute * MINUTE + 37 * SECOND);
      if (at.getTime() + DRILL_SECONDS * SECOND > now.getTime()) continue;
      const roll = onSiteAt(visitsThen, at);
      const score = (r: OnSite[]) => Math.abs(r.length - ROLL_SIZE) + (r.length < ROLL_SIZE ? 0.5 : 0);
      if (!best || score(roll) < score(best.roll)) best = { at, roll };
    }
    if (best && best.roll.length >= ROLL_SIZE - 4) break;
  }
  // Too few people then (a company too small for a drill to show much): no drill.
  if (!best || best.roll.length < 4) return null;
  const startedAt = best.at;
  const startMs = startedAt.getTime();
  const roll = best.roll;

  // The session and its areas, names kept as they were.
  const sessionId = newId(startMs);
  const endedAt = new Date(startMs + DRILL_SECONDS * SECOND + rnd.int(0, 9) * SECOND);
  await tx.insert(emergencySessions).values({
    entityId,
    id: sessionId,
    name: DEMO_DRILL_NAME,
    isDrill: true,
    origin: 'dashboard',
    startedByUserId: warden.userId,
    startedByName: warden.name,
    startedAt,
    endedAt,
    endedByUserId: warden.userId,
    endedByName: warden.name,
    highlightAfterMinutes: 5,
  });
  await tx.insert(emergencySessionAreas).values(
    siteAreas.map((a) => ({
      entityId,
      sessionId,
      areaId: a.id,
      areaName: a.name,
      siteId: site.id,
      siteName: site.name,
    })),
  );

  // Who signs out during it (a visitor, when there is one: they leave by the reception kiosk rather than
  // wait at the muster point), and who is never accounted for (upstairs, when someone is).
  const visitorTypes = new Set(['Visitors', 'Contractors', 'Delivery']);
  const outIndex = Math.max(
    0,
    roll.findIndex((r) => visitorTypes.has(r.userTypeName ?? '')),
  );
  const out = roll[outIndex]!;
  const candidates = roll.filter((r) => r !== out && r.personId !== warden.personId && r.personId !== second.personId);
  const missing =
    candidates.find((r) => r.areaName.includes('Executive') && !visitorTypes.has(r.userTypeName ?? '')) ??
    candidates.at(-1) ??
    null;

  type Entry = OnSite & {
    id: string;
    status: string;
    source: string;
    markedAt: Date;
    by: Warden | null;
    version: number;
  };
  const entries: Entry[] = roll.map((r) => ({
    ...r,
    id: newId(startMs),
    status: 'not_present',
    source: 'start',
    markedAt: startedAt,
    by: null,
    version: 1,
  }));
  const marks: (typeof emergencyMarks.$inferInsert)[] = [];
  const audits: (typeof auditLog.$inferInsert)[] = [];
  const mark = (entry: Entry, status: string, source: string, at: Date, by: Warden | null) => {
    marks.push({
      entityId,
      id: newId(at.getTime()),
      sessionId,
      rollId: entry.id,
      // The trigger's marks have no client id; a warden's phone makes one per tap.
      clientId: by ? randomUUID() : null,
      status,
      source,
      markedAt: at,
      byUserId: by?.userId ?? null,
      byName: by?.name ?? null,
      receivedAt: new Date(at.getTime() + (by ? rnd.int(120, 700) : 0)),
    });
    // The latest mark made wins, and raises the version; an earlier one is only kept in the history.
    if (at.getTime() >= entry.markedAt.getTime()) {
      entry.status = status;
      entry.source = source;
      entry.markedAt = at;
      entry.by = by;
      entry.version++;
    }
    // Each warden's request is audited, as the marks route audits it.
    if (by)
      audits.push({
        entityId,
        id: newId(at.getTime()),
        actorUserId: by.userId,
        actorKind: 'user',
        action: 'emergency_session.mark',
        targetType: 'emergency_session',
        targetId: sessionId,
        after: { marks: [{ roll_id: entry.id, status, marked_at: at.toISOString() }], repeated: 0 },
        createdAt: new Date(at.getTime() + 300),
      });
  };

  // The sign-out at the kiosk, 1–2 minutes in: their visit ends then, and the trigger marks them out.
  const outEntry = entries[outIndex]!;
  const signedOutAt = new Date(startMs + rnd.int(70, 110) * SECOND);
  await tx
    .update(visits)
    .set({
      signedOutAt,
      signOutSource: out.kioskId ? 'kiosk' : 'dashboard',
      earlyReasonId: null,
      updatedAt: signedOutAt,
    })
    .where(and(eq(visits.entityId, entityId), eq(visits.id, out.visitId)));
  mark(outEntry, 'out', 'sign_out', signedOutAt, null);

  // Everyone else reaches the muster point between one and five and a half minutes in, most after two
  // to three; the warden takes the ground floor, the admin upstairs and the dock, and each marks some of
  // the other's people as they arrive.
  const arriving = entries.filter((e) => e !== outEntry && e.personId !== missing?.personId);
  const times = arriving
    .map(() => {
      const spread = (rnd.next() + rnd.next() + rnd.next()) / 3; // bunched in the middle
      return startMs + Math.round((55 + spread * 280) * SECOND + rnd.int(0, 999));
    })
    .sort((a, b) => a - b);
  const order = [...arriving];
  for (let i = order.length - 1; i > 0; i--) {
    const j = rnd.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  for (const [i, entry] of order.entries()) {
    const upstairs = !entry.areaName.includes('Reception');
    const by = (upstairs ? rnd.next() < 0.8 : rnd.next() < 0.2) ? second : warden;
    mark(entry, 'present', 'warden', new Date(times[i]!), by);
  }
  // Two wardens tapping the same person within a second: both marks kept, the later one wins.
  const twice = order.find((e) => e.by === second) ?? order[0];
  if (twice) {
    const other = twice.by === warden ? second : warden;
    mark(twice, 'present', 'warden', new Date(twice.markedAt.getTime() + rnd.int(400, 1400)), other);
  }

  await tx.insert(emergencyRoll).values(
    entries.map((e) => ({
      entityId,
      id: e.id,
      sessionId,
      personId: e.personId,
      visitId: e.visitId,
      fullName: `${e.firstName} ${e.lastName}`.trim(),
      companyName: e.companyName || null,
      phone: phoneOf(e),
      email: e.email?.trim() || null,
      userTypeId: e.userTypeId,
      userTypeName: e.userTypeName,
      siteId: e.siteId,
      areaId: e.areaId,
      signedInAt: e.signedInAt,
      status: e.status,
      source: e.source,
      markedAt: e.markedAt,
      markedByUserId: e.by?.userId ?? null,
      markedByName: e.by?.name ?? null,
      version: e.version,
      // Each person with an email had their own "I am safe" link (only its hash is kept).
      safeTokenHash: e.email?.trim() ? sha256(randomToken(32)) : null,
      createdAt: startedAt,
    })),
  );
  marks.sort((a, b) => a.markedAt.getTime() - b.markedAt.getTime());
  await tx.insert(emergencyMarks).values(marks);
  // The start and the end, audited as the session routes audit them (sessions.service.ts).
  const sessionAudit = (action: string, at: Date, before: unknown, after: unknown) => ({
    entityId,
    id: newId(at.getTime()),
    actorUserId: warden.userId,
    actorKind: 'user',
    action,
    targetType: 'emergency_session',
    targetId: sessionId,
    before,
    after,
    createdAt: at,
  });
  const count = (status: string) => entries.filter((e) => e.status === status).length;
  audits.push(
    sessionAudit('emergency.session_start', startedAt, null, {
      name: DEMO_DRILL_NAME,
      is_drill: true,
      origin: 'dashboard',
      kiosk_id: null,
      area_ids: areaIds,
      highlight_after_minutes: 5,
      roll: entries.length,
    }),
    sessionAudit(
      'emergency.session_end',
      endedAt,
      {
        status: 'active',
        counts: {
          total: entries.length,
          present: count('present'),
          not_present: count('not_present'),
          out: count('out'),
        },
      },
      { status: 'ended' },
    ),
  );
  await tx.insert(auditLog).values(audits);

  // The warden wears the fire warden label, as the company's people list shows.
  const [label] = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.entityId, entityId), eq(labels.name, 'Fire warden')));
  if (label)
    await tx
      .insert(personLabels)
      .values({ entityId, personId: warden.personId, labelId: label.id })
      .onConflictDoNothing();
  return { sessionId, roll: entries.length, marks: marks.length };
}
