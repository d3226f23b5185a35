// The demo company's last 30 days at the front desk: staff signing in on weekdays (now and then late
// or leaving early, with the reason their attendance mode offers at that moment), visitors with hosts,
// couriers, contractors checking in at the loading dock; today some people still on site and some
// visitors expected later. Written in batches so a fresh start stays quick. A fixed seed keeps the
// demo the same on every fresh start (only the dates follow today).
import { and, eq } from 'drizzle-orm';
import { applicableReasons, localMoment } from '@app/shared/attendance/applicable-reasons';
import { addDays, isoWeekday, localDate, startOfLocalDay, type LocalDate } from '@app/shared/compliances/validity';
import { safeTimeZone } from '@app/shared/time-zones';
import { newId } from '../../lib/ids';
import {
  flowsForPeopleAtSite,
  hostOptionsOfFlows,
  modesOfFlows,
  type PersonFlowChoice,
} from '../../modules/visits/visit-flow';
import type { Executor } from '../client';
import {
  areas,
  entities,
  people,
  personSites,
  personUserTypes,
  sites,
  userTypes,
  visitHosts,
  visits,
} from '../schema/index';

const DAYS = 30;
const MINUTE = 60 * 1000;

function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

type Person = { id: string; siteId: string; type: string; typeId: string };
type VisitRow = typeof visits.$inferInsert;

export async function seedDemoVisits(tx: Executor, entityId: string, now = new Date()) {
  const rnd = generator(20260514);
  const [entity] = await tx.select({ timezone: entities.timezone }).from(entities).where(eq(entities.id, entityId));
  const zone = safeTimeZone(entity?.timezone);
  const siteRows = await tx.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.entityId, entityId));
  const areaRows = await tx
    .select({ id: areas.id, siteId: areas.siteId, name: areas.name, loginMode: areas.loginMode })
    .from(areas)
    .where(and(eq(areas.entityId, entityId), eq(areas.active, true)));
  const personRows = await tx
    .select({ id: people.id, siteId: personSites.siteId, type: userTypes.name, typeId: userTypes.id })
    .from(people)
    .innerJoin(personSites, and(eq(personSites.entityId, people.entityId), eq(personSites.personId, people.id)))
    .innerJoin(
      personUserTypes,
      and(eq(personUserTypes.entityId, people.entityId), eq(personUserTypes.personId, people.id)),
    )
    .innerJoin(userTypes, and(eq(userTypes.entityId, people.entityId), eq(userTypes.id, personUserTypes.userTypeId)))
    .where(and(eq(people.entityId, entityId), eq(people.status, 'active')))
    .orderBy(people.id);
  // One site and one user type per person, as their first.
  const byId = new Map<string, Person>();
  for (const p of personRows) if (!byId.has(p.id)) byId.set(p.id, p);
  const everyone = [...byId.values()];
  if (siteRows.length === 0 || areaRows.length === 0 || everyone.length === 0) return;

  const of = (...types: string[]) => everyone.filter((p) => types.includes(p.type));
  const staff = of('Staff', 'Interns').slice(0, 40);
  const visitors = of('Visitors');
  const couriers = of('Delivery');
  const contractors = of('Contractors');

  // Each person's flow at their site: journey, modes (for reasons) and hosts, read once.
  const flowOf = new Map<string, PersonFlowChoice>();
  for (const site of siteRows) {
    const here = everyone.filter((p) => p.siteId === site.id);
    const choices = await flowsForPeopleAtSite(
      tx,
      entityId,
      site.id,
      here.map((p) => ({ personId: p.id })),
    );
    for (const [personId, choice] of choices) flowOf.set(personId, choice);
  }
  const flows = [...flowOf.values()].flatMap((c) => (c.flow ? [c.flow] : []));
  const flowIds = [...new Set(flows.map((f) => f.flowId))];
  const modes = await modesOfFlows(tx, entityId, flowIds);
  const hostsOf = await hostOptionsOfFlows(tx, entityId, [
    ...new Map(flows.map((f) => [f.flowId, { flowId: f.flowId, userTypeId: f.userType.id }])).values(),
  ]);

  const areaAt = (siteId: string, mode: 'signIn_signOut' | 'checkIn_only', prefer?: string) => {
    const list = areaRows.filter((a) => a.siteId === siteId && a.loginMode === mode);
    return list.find((a) => prefer && a.name.includes(prefer)) ?? list[0] ?? null;
  };

  const rows: VisitRow[] = [];
  const hostRows: { entityId: string; visitId: string; personId: string; notifiedAt: Date | null }[] = [];
  const onSiteNow = new Set<string>();

  const add = (
    person: Person,
    areaId: string,
    loginMode: string,
    signIn: Date,
    signOut: Date | null,
    extra: { hostId?: string | null; temperature?: number; expected?: boolean } = {},
  ) => {
    if (signIn.getTime() > now.getTime() && !extra.expected) return;
    const choice = flowOf.get(person.id);
    const flow = choice?.flow ?? null;
    const own = modes.filter((m) => m.flowId === flow?.flowId).map((m) => m.mode);
    const late = applicableReasons(own, 'sign_in', localMoment(signIn, zone));
    const stillHere = signOut === null || signOut.getTime() > now.getTime();
    const early = signOut && !stillHere ? applicableReasons(own, 'sign_out', localMoment(signOut, zone)) : null;
    const id = newId(signIn.getTime());
    const base = {
      entityId,
      id,
      personId: person.id,
      userTypeId: person.typeId,
      siteId: person.siteId,
      areaId,
      journeyId: flow?.journey.id ?? null,
      journeyFlowId: flow?.flowId ?? null,
      loginMode,
      temperatureC: extra.temperature !== undefined ? extra.temperature.toFixed(1) : null,
      createdAt: extra.expected ? new Date(now.getTime() - 2 * 24 * 60 * MINUTE) : signIn,
      updatedAt: now,
    };
    if (extra.expected) {
      rows.push({
        ...base,
        state: 'expected',
        stage: rnd.next() < 0.7 ? 'ready_to_sign_in' : 'approved',
        expectedAt: signIn,
      });
    } else if (loginMode === 'checkIn_only') {
      rows.push({
        ...base,
        state: 'checked_in',
        signedInAt: signIn,
        signInSource: rnd.pick(['kiosk', 'kiosk', 'dashboard']),
      });
    } else {
      if (stillHere) {
        if (onSiteNow.has(person.id)) return;
        onSiteNow.add(person.id);
      }
      rows.push({
        ...base,
        state: stillHere ? 'on_site' : 'left',
        signedInAt: signIn,
        signedOutAt: stillHere ? null : signOut,
        signInSource: rnd.pick(['kiosk', 'kiosk', 'kiosk', 'dashboard']),
        signOutSource: stillHere ? null : rnd.pick(['kiosk', 'kiosk', 'dashboard']),
        lateReasonId: late.reasons[0]?.id ?? null,
        earlyReasonId: early?.reasons[0]?.id ?? null,
      });
    }
    if (extra.hostId)
      hostRows.push({ entityId, visitId: id, personId: extra.hostId, notifiedAt: extra.expected ? null : signIn });
  };

  const today = localDate(now, zone);
  for (let back = DAYS - 1; back >= 0; back--) {
    const day: LocalDate = addDays(today, -back);
    const start = startOfLocalDay(day, zone).getTime();
    const at = (hour: number, minute: number) => new Date(start + (hour * 60 + minute) * MINUTE);
    const weekday = isoWeekday(day) <= 5;
    const isToday = back === 0;

    if (weekday) {
      for (const person of staff) {
        if (rnd.next() < 0.12) continue; // leave, remote work, sick days
        const area = areaAt(person.siteId, 'signIn_signOut', 'Reception');
        if (!area) continue;
        // Mostly on time; now and then late (a reason is recorded when the mode offers one).
        const lateBy = rnd.next() < 0.15 ? rnd.int(10, 120) : 0;
        const signIn = at(8, rnd.int(15, 55) + lateBy);
        const earlyBy = rnd.next() < 0.1 ? rnd.int(60, 240) : 0;
        const signOut = at(17, rnd.int(0, 75) - earlyBy);
        add(person, area.id, 'signIn_signOut', signIn, signOut);
      }
      const visitorsToday = rnd.int(4, 8);
      for (let i = 0; i < visitorsToday && visitors.length; i++) {
        const person = rnd.pick(visitors);
        const area = areaAt(person.siteId, 'signIn_signOut', 'Reception');
        if (!area) continue;
        const flowId = flowOf.get(person.id)?.flow?.flowId;
        const hosts = flowId ? (hostsOf.get(flowId) ?? []) : [];
        const signIn = at(rnd.int(9, 16), rnd.int(0, 59));
        const signOut = new Date(signIn.getTime() + rnd.int(25, 150) * MINUTE);
        const expectedLater = isToday && signIn.getTime() > now.getTime();
        add(person, area.id, 'signIn_signOut', signIn, signOut, {
          hostId: hosts.length ? rnd.pick(hosts).id : null,
          temperature: 36 + rnd.int(0, 12) / 10,
          expected: expectedLater,
        });
      }
      for (let i = 0; i < rnd.int(1, 4) && couriers.length; i++) {
        const person = rnd.pick(couriers);
        const area = areaAt(person.siteId, 'signIn_signOut', 'Reception');
        if (!area) continue;
        const signIn = at(rnd.int(9, 15), rnd.int(0, 59));
        add(person, area.id, 'signIn_signOut', signIn, new Date(signIn.getTime() + rnd.int(5, 20) * MINUTE));
      }
      for (let i = 0; i < rnd.int(2, 4) && contractors.length; i++) {
        const person = rnd.pick(contractors);
        const dock = areaAt(person.siteId, 'checkIn_only') ?? areaAt(siteRows[0]!.id, 'checkIn_only');
        if (dock)
          add({ ...person, siteId: dock.siteId }, dock.id, 'checkIn_only', at(rnd.int(7, 10), rnd.int(0, 59)), null);
        else {
          const area = areaAt(person.siteId, 'signIn_signOut', 'Warehouse');
          const signIn = at(rnd.int(7, 10), rnd.int(0, 59));
          if (area)
            add(person, area.id, 'signIn_signOut', signIn, new Date(signIn.getTime() + rnd.int(120, 360) * MINUTE));
        }
      }
    }
    if (isToday) {
      // A few more visitors expected later today, whatever the day.
      for (let i = 0; i < 4 && visitors.length; i++) {
        const person = rnd.pick(visitors);
        const area = areaAt(person.siteId, 'signIn_signOut', 'Reception');
        if (!area) continue;
        const flowId = flowOf.get(person.id)?.flow?.flowId;
        const hosts = flowId ? (hostsOf.get(flowId) ?? []) : [];
        const expectedAt = new Date(
          Math.min(now.getTime() + rnd.int(30, 240) * MINUTE, start + 24 * 60 * MINUTE - MINUTE),
        );
        if (expectedAt.getTime() > now.getTime()) {
          add(person, area.id, 'signIn_signOut', expectedAt, null, {
            hostId: hosts.length ? rnd.pick(hosts).id : null,
            expected: true,
          });
        }
      }
      // Someone on site now even on a weekend or early in the morning: the security desk.
      if (onSiteNow.size === 0 && staff.length) {
        const person = staff[0]!;
        const area = areaAt(person.siteId, 'signIn_signOut');
        if (area) add(person, area.id, 'signIn_signOut', new Date(Math.max(start, now.getTime() - 90 * MINUTE)), null);
      }
    }
  }

  for (let i = 0; i < rows.length; i += 500) await tx.insert(visits).values(rows.slice(i, i + 500));
  for (let i = 0; i < hostRows.length; i += 500) await tx.insert(visitHosts).values(hostRows.slice(i, i + 500));
}
