// The demo company's last year at the front desk, so that every report shows real shapes: staff signing
// in on weekdays (now and then late or leaving early, with the reason their attendance mode offers at
// that moment, sometimes out for lunch and back), weekend guards, visitors with hosts at the busy hours,
// couriers, contractors checking in at the loading dock and night work across midnight; fewer people in
// summer and at the turn of the year; badges printed, cancelled and still queued. Today some people are
// still on site and some visitors expected later. The company grows over the year: older months have
// fewer staff, which also keeps a fresh start quick. Written set-based (one statement per few thousand
// rows). A fixed seed keeps the demo the same on every fresh start (only the dates follow today).
import { and, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { applicableReasons, localMoment } from '@app/shared/attendance/applicable-reasons';
import { addDays, isoWeekday, localDate, startOfLocalDay, type LocalDate } from '@app/shared/compliances/validity';
import { safeTimeZone } from '@app/shared/time-zones';
import { localStamp } from '@app/shared/visits/rules';
import { badgeLabel } from '@app/shared/visits/stages';
import type { Badge } from '@app/shared/visits/schemas';
import { newId } from '../../lib/ids';
import {
  flowsForPeopleAtSite,
  hostOptionsOfFlows,
  modesOfFlows,
  type HostOption,
  type PersonFlowChoice,
} from '../../modules/visits/visit-flow';
import type { Executor } from '../../db/client';
import { areas, entities, kiosks, people, personSites, personUserTypes, sites, userTypes } from '../../db/schema/index';

/** Days of visits, today included. */
export const DEMO_VISIT_DAYS = 365;
const MINUTE = 60 * 1000;
/** Staff on the weekday roster today, and a year ago (the company grew). */
const ROSTER_NOW = 40;
const ROSTER_YEAR_AGO = 12;
/** Visitors, staff presence and deliveries by month: quiet in the Gulf summer and at the turn of the year. */
const SEASON = [0.95, 1.05, 1.1, 1.05, 0.95, 0.8, 0.6, 0.55, 1.0, 1.1, 1.1, 0.75] as const;
/** Visitors' arrival hours, weighted: the mid-morning and early-afternoon peaks. */
const VISITOR_HOURS = [9, 10, 10, 10, 11, 11, 11, 12, 13, 14, 14, 14, 15, 15, 16] as const;

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

type Person = {
  id: string;
  siteId: string;
  type: string;
  typeId: string;
  firstName: string;
  lastName: string;
  qrCode: string;
};
type Area = { id: string; siteId: string; name: string; loginMode: string };
type Mode = 'signIn_signOut' | 'checkIn_only';

/** Rows as the database names its columns, written with json_populate_recordset. */
type Row = Record<string, string | number | boolean | null | object>;

async function insertRows(tx: Executor, table: 'visits' | 'visit_hosts' | 'badge_prints', rows: Row[]) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += 4000) {
    const batch = JSON.stringify(rows.slice(i, i + 4000));
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${batch}::json)`,
    );
  }
}

const qrImage = async (payload: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    await QRCode.toString(payload, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
  ).toString('base64')}`;

export async function seedDemoVisits(tx: Executor, entityId: string, now = new Date()) {
  const rnd = generator(20260514);
  const [entity] = await tx.select({ timezone: entities.timezone }).from(entities).where(eq(entities.id, entityId));
  const zone = safeTimeZone(entity?.timezone);
  const siteRows = await tx
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(eq(sites.entityId, entityId))
    .orderBy(sites.name);
  const areaRows: Area[] = await tx
    .select({ id: areas.id, siteId: areas.siteId, name: areas.name, loginMode: areas.loginMode })
    .from(areas)
    .where(and(eq(areas.entityId, entityId), eq(areas.active, true)))
    .orderBy(areas.name);
  const kioskRows = await tx
    .select({ id: kiosks.id, areaId: kiosks.areaId })
    .from(kiosks)
    .where(eq(kiosks.entityId, entityId))
    .orderBy(kiosks.name);
  const personRows = await tx
    .select({
      id: people.id,
      siteId: personSites.siteId,
      type: userTypes.name,
      typeId: userTypes.id,
      firstName: people.firstName,
      lastName: people.lastName,
      qrCode: people.qrCode,
    })
    .from(people)
    .innerJoin(personSites, and(eq(personSites.entityId, people.entityId), eq(personSites.personId, people.id)))
    .innerJoin(
      personUserTypes,
      and(eq(personUserTypes.entityId, people.entityId), eq(personUserTypes.personId, people.id)),
    )
    .innerJoin(userTypes, and(eq(userTypes.entityId, people.entityId), eq(userTypes.id, personUserTypes.userTypeId)))
    .where(and(eq(people.entityId, entityId), eq(people.status, 'active')))
    .orderBy(people.id, personSites.siteId, userTypes.id);
  // One site and one user type per person, as their first.
  const byId = new Map<string, Person>();
  for (const p of personRows) if (!byId.has(p.id)) byId.set(p.id, p);
  const everyone = [...byId.values()];
  if (siteRows.length === 0 || areaRows.length === 0 || everyone.length === 0) return;

  const of = (...types: string[]) => everyone.filter((p) => types.includes(p.type));
  const allStaff = of('Staff', 'Interns');
  const staff = allStaff.slice(0, ROSTER_NOW);
  const firstSite = siteRows.find((s) => s.name.startsWith('Dubai')) ?? siteRows[0]!;
  const guards = allStaff
    .slice(ROSTER_NOW)
    .filter((p) => p.siteId === firstSite.id)
    .slice(0, 2);
  const visitors = of('Visitors');
  const couriers = of('Delivery');
  const contractors = of('Contractors');
  const typeName = new Map(everyone.map((p) => [p.typeId, p.type]));

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
  const modesOf = new Map(flowIds.map((id) => [id, modes.filter((m) => m.flowId === id).map((m) => m.mode)]));

  const areasAt = (siteId: string, mode: Mode) => areaRows.filter((a) => a.siteId === siteId && a.loginMode === mode);
  const areaAt = (siteId: string, mode: Mode, prefer?: string) => {
    const list = areasAt(siteId, mode);
    return list.find((a) => prefer && a.name.includes(prefer)) ?? list[0] ?? null;
  };
  const kioskAt = new Map<string, string>();
  for (const k of kioskRows) if (!kioskAt.has(k.areaId)) kioskAt.set(k.areaId, k.id);
  const siteName = new Map(siteRows.map((s) => [s.id, s.name]));
  // Staff keep to one area: most at the reception, some upstairs or at the warehouse.
  const homeArea = new Map<string, Area>();
  allStaff.forEach((p, index) => {
    const list = areasAt(p.siteId, 'signIn_signOut');
    const reception = areaAt(p.siteId, 'signIn_signOut', 'Reception');
    const other = list.filter((a) => a !== reception);
    const area = index % 4 === 3 && other.length ? other[index % other.length]! : reception;
    if (area) homeArea.set(p.id, area);
  });

  const visitRows: Row[] = [];
  const hostRows: Row[] = [];
  const printed: {
    visitId: string;
    person: Person;
    area: Area;
    loginMode: Mode;
    state: string;
    signIn: Date;
    host: HostOption | null;
    temperature: number | null;
  }[] = [];
  const onSiteNow = new Set<string>();
  const iso = (d: Date | null) => (d ? d.toISOString() : null);

  type Extra = {
    hostId?: string | null;
    temperature?: number;
    expected?: boolean;
    /** A break, not the end of the day: no early reason. */
    noReasons?: boolean;
    badge?: boolean;
  };
  const add = (person: Person, area: Area, signIn: Date, signOut: Date | null, extra: Extra = {}) => {
    if (signIn.getTime() > now.getTime() && !extra.expected) return;
    const loginMode: Mode = area.loginMode === 'checkIn_only' ? 'checkIn_only' : 'signIn_signOut';
    const flow = flowOf.get(person.id)?.flow ?? null;
    const own = (flow && modesOf.get(flow.flowId)) || [];
    const stillHere = signOut === null || signOut.getTime() > now.getTime();
    const id = newId(signIn.getTime());
    const base: Row = {
      entity_id: entityId,
      id,
      person_id: person.id,
      user_type_id: person.typeId,
      site_id: area.siteId,
      area_id: area.id,
      journey_id: flow?.journey.id ?? null,
      journey_flow_id: flow?.flowId ?? null,
      login_mode: loginMode,
      state: 'left',
      stage: null,
      expected_at: null,
      signed_in_at: null,
      signed_out_at: null,
      sign_in_source: null,
      sign_out_source: null,
      kiosk_id: null,
      temperature_c: extra.temperature !== undefined ? extra.temperature.toFixed(1) : null,
      late_reason_id: null,
      early_reason_id: null,
      created_at: iso(extra.expected ? new Date(now.getTime() - 2 * 24 * 60 * MINUTE) : signIn),
      updated_at: iso(now),
    };
    const source = (options: readonly string[]) => {
      const chosen = rnd.pick(options);
      return chosen === 'kiosk' && !kioskAt.has(area.id) ? 'dashboard' : chosen;
    };
    let state: string;
    if (extra.expected) {
      state = 'expected';
      visitRows.push({
        ...base,
        state,
        stage: rnd.next() < 0.7 ? 'ready_to_sign_in' : 'approved',
        expected_at: iso(signIn),
      });
    } else if (loginMode === 'checkIn_only') {
      state = 'checked_in';
      const by = source(['kiosk', 'kiosk', 'dashboard']);
      visitRows.push({
        ...base,
        state,
        signed_in_at: iso(signIn),
        sign_in_source: by,
        kiosk_id: by === 'kiosk' ? kioskAt.get(area.id)! : null,
      });
    } else {
      if (stillHere) {
        if (onSiteNow.has(person.id)) return;
        onSiteNow.add(person.id);
      }
      state = stillHere ? 'on_site' : 'left';
      const pickReason = <R extends { id: string }>(list: readonly R[]) => (list.length ? rnd.pick(list).id : null);
      const late = pickReason(applicableReasons(own, 'sign_in', localMoment(signIn, zone)).reasons);
      const early =
        signOut && !stillHere && !extra.noReasons
          ? pickReason(applicableReasons(own, 'sign_out', localMoment(signOut, zone)).reasons)
          : null;
      const by = source(['kiosk', 'kiosk', 'kiosk', 'dashboard']);
      visitRows.push({
        ...base,
        state,
        signed_in_at: iso(signIn),
        signed_out_at: stillHere ? null : iso(signOut),
        sign_in_source: by,
        sign_out_source: stillHere ? null : rnd.pick(['kiosk', 'kiosk', 'dashboard']),
        kiosk_id: by === 'kiosk' ? kioskAt.get(area.id)! : null,
        late_reason_id: late,
        early_reason_id: early,
      });
    }
    const host = extra.hostId ? (hostsOf.get(flow?.flowId ?? '')?.find((h) => h.id === extra.hostId) ?? null) : null;
    if (extra.hostId)
      hostRows.push({
        entity_id: entityId,
        visit_id: id,
        person_id: extra.hostId,
        notified_at: extra.expected ? null : iso(signIn),
      });
    if (extra.badge && state !== 'expected')
      printed.push({
        visitId: id,
        person,
        area,
        loginMode,
        state,
        signIn,
        host,
        temperature: extra.temperature ?? null,
      });
  };

  const hostFor = (person: Person) => {
    const flowId = flowOf.get(person.id)?.flow?.flowId;
    const hosts = flowId ? (hostsOf.get(flowId) ?? []) : [];
    return hosts.length ? rnd.pick(hosts).id : null;
  };

  const today = localDate(now, zone);
  for (let back = DEMO_VISIT_DAYS - 1; back >= 0; back--) {
    const day: LocalDate = addDays(today, -back);
    const start = startOfLocalDay(day, zone).getTime();
    const at = (hour: number, minute: number) => new Date(start + (hour * 60 + minute) * MINUTE);
    const weekdayNumber = isoWeekday(day);
    const weekday = weekdayNumber <= 5;
    const isToday = back === 0;
    const season = SEASON[day.month - 1]!;
    const recent = back < 60;
    // The roster grows towards today (and older months stay light, for a quick first start); in quiet
    // months more of it is away.
    const rosterSize =
      back <= 30
        ? ROSTER_NOW
        : Math.round(ROSTER_YEAR_AGO + (ROSTER_NOW - ROSTER_YEAR_AGO) * Math.exp(-(back - 30) / 20));
    const away = 0.12 + (1 - season) * 0.45;

    if (weekday) {
      for (const person of staff.slice(0, rosterSize)) {
        if (rnd.next() < away) continue; // leave, remote work, sick days
        const area = homeArea.get(person.id);
        if (!area) continue;
        // Mostly on time; now and then late (a reason is recorded when the mode offers one).
        const lateBy = rnd.next() < 0.15 ? rnd.int(10, 120) : 0;
        const signIn = at(8, rnd.int(15, 55) + lateBy);
        const earlyBy = rnd.next() < 0.1 ? rnd.int(60, 240) : 0;
        const signOut = at(17, rnd.int(0, 75) - earlyBy);
        if (earlyBy === 0 && rnd.next() < 0.08) {
          // Out for lunch and back: two visits on the day's timesheet.
          const out = at(12, rnd.int(20, 50));
          add(person, area, signIn, out, { noReasons: true });
          add(person, area, new Date(out.getTime() + rnd.int(35, 70) * MINUTE), signOut);
        } else add(person, area, signIn, signOut);
      }
      // Now and then someone stays on past midnight (a release, a month's close).
      if (rnd.next() < 0.05 && staff.length) {
        const person = rnd.pick(staff.slice(0, rosterSize));
        const area = homeArea.get(person.id);
        if (area) add(person, area, at(18, rnd.int(0, 50)), at(24, rnd.int(20, 150)));
      }
      const visitorsToday = Math.round(rnd.int(4, 9) * season * (back < 120 ? 1 : 0.7));
      for (let i = 0; i < visitorsToday && visitors.length; i++) {
        const person = rnd.pick(visitors);
        const upstairs = person.siteId === firstSite.id && rnd.next() < 0.3;
        const area = areaAt(person.siteId, 'signIn_signOut', upstairs ? 'Executive' : 'Reception');
        if (!area) continue;
        const signIn = at(rnd.pick(VISITOR_HOURS), rnd.int(0, 59));
        const signOut = new Date(signIn.getTime() + rnd.int(25, 150) * MINUTE);
        const expectedLater = isToday && signIn.getTime() > now.getTime();
        add(person, area, signIn, signOut, {
          hostId: hostFor(person),
          temperature: 36 + rnd.int(0, 12) / 10,
          expected: expectedLater,
          badge: rnd.next() < (recent ? 0.7 : 0.12),
        });
      }
      for (let i = 0; i < Math.round(rnd.int(1, 4) * season) && couriers.length; i++) {
        const person = rnd.pick(couriers);
        const area = areaAt(person.siteId, 'signIn_signOut', 'Reception');
        if (!area) continue;
        const signIn = at(rnd.int(9, 15), rnd.int(0, 59));
        add(person, area, signIn, new Date(signIn.getTime() + rnd.int(5, 20) * MINUTE));
      }
      for (let i = 0; i < rnd.int(2, 4) && contractors.length; i++) {
        const person = rnd.pick(contractors);
        const dock = areaAt(person.siteId, 'checkIn_only') ?? areaAt(firstSite.id, 'checkIn_only');
        const badge = rnd.next() < (recent ? 0.5 : 0.08);
        if (dock) add(person, dock, at(rnd.int(7, 10), rnd.int(0, 59)), null, { badge });
        else {
          const area = areaAt(person.siteId, 'signIn_signOut', 'Warehouse');
          const signIn = at(rnd.int(7, 10), rnd.int(0, 59));
          if (area) add(person, area, signIn, new Date(signIn.getTime() + rnd.int(120, 360) * MINUTE), { badge });
        }
      }
    } else {
      // The weekend: the guards' long shifts at the head office, and the odd delivery.
      for (const person of guards) {
        if (rnd.next() < 0.1) continue;
        const area = areaAt(person.siteId, 'signIn_signOut', 'Reception');
        if (!area) continue;
        const lateBy = rnd.next() < 0.2 ? rnd.int(15, 40) : 0;
        const earlyBy = rnd.next() < 0.1 ? rnd.int(30, 110) : 0;
        add(person, area, at(7, rnd.int(45, 59) + lateBy), at(20, rnd.int(0, 15) - earlyBy));
      }
      if (rnd.next() < 0.4 && couriers.length) {
        const person = rnd.pick(couriers);
        const area = areaAt(person.siteId, 'signIn_signOut', 'Reception');
        const signIn = at(rnd.int(10, 13), rnd.int(0, 59));
        if (area) add(person, area, signIn, new Date(signIn.getTime() + rnd.int(5, 15) * MINUTE));
      }
    }
    // Night work at the warehouse about once in nine days, across midnight.
    if (rnd.next() < 0.11 && contractors.length) {
      const person = rnd.pick(contractors);
      const area = areaRows.find((a) => a.name.includes('Warehouse')) ?? areaAt(person.siteId, 'signIn_signOut');
      if (area)
        add({ ...person, siteId: area.siteId }, area, at(21, rnd.int(15, 55)), at(24 + rnd.int(2, 4), rnd.int(0, 59)), {
          hostId: hostFor(person),
          badge: rnd.next() < 0.5,
        });
    }
    if (isToday) {
      // A few more visitors expected later today, whatever the day.
      for (let i = 0; i < 4 && visitors.length; i++) {
        const person = rnd.pick(visitors);
        const area = areaAt(person.siteId, 'signIn_signOut', 'Reception');
        if (!area) continue;
        const expectedAt = new Date(
          Math.min(now.getTime() + rnd.int(30, 240) * MINUTE, start + 24 * 60 * MINUTE - MINUTE),
        );
        if (expectedAt.getTime() > now.getTime()) {
          add(person, area, expectedAt, null, { hostId: hostFor(person), expected: true });
        }
      }
      // Someone on site now even on a weekend or early in the morning: the security desk.
      if (onSiteNow.size === 0 && staff.length) {
        const person = staff[0]!;
        const area = areaAt(person.siteId, 'signIn_signOut');
        if (area) add(person, area, new Date(Math.max(start, now.getTime() - 90 * MINUTE)), null);
      }
    }
  }

  // Badges as printed: printed, a few cancelled at the printer (and printed again), the last few still
  // queued (the printer is out of paper).
  const qr = new Map<string, string>();
  for (const p of new Set(printed.map((b) => b.person.qrCode))) qr.set(p, await qrImage(p));
  const printRows: Row[] = [];
  printed.sort((a, b) => a.signIn.getTime() - b.signIn.getTime());
  const queuedFrom = printed.length - 3;
  for (const [index, b] of printed.entries()) {
    const badge: Badge = {
      visit_id: b.visitId,
      print_badge: true,
      copies: 1,
      label: badgeLabel(b.loginMode, b.state === 'on_site'),
      name: `${b.person.firstName} ${b.person.lastName}`,
      photo_url: null,
      user_type: typeName.get(b.person.typeId) ?? null,
      qr: b.person.qrCode,
      qr_image: qr.get(b.person.qrCode)!,
      temperature_c: b.temperature,
      host: b.host ? `${b.host.firstName} ${b.host.lastName}` : null,
      logo_url: null,
      custom_fields: [],
      late_sign_in_reason: null,
      early_sign_out_reason: null,
      site: siteName.get(b.area.siteId) ?? '',
      area: b.area.name,
      signed_in: { at: b.signIn.toISOString(), local: localStamp(b.signIn, zone) },
    };
    const kiosk = kioskAt.get(b.area.id) ?? kioskRows[0]?.id ?? null;
    const when = Math.min(now.getTime(), b.signIn.getTime() + rnd.int(5, 90) * 1000);
    const print = (status: string, ms: number) =>
      printRows.push({
        entity_id: entityId,
        id: newId(ms),
        visit_id: b.visitId,
        kiosk_id: kiosk,
        status,
        badge,
        requested_by_person_id: null,
        created_at: new Date(ms).toISOString(),
        updated_at: new Date(ms + (status === 'queued' ? 0 : 20_000)).toISOString(),
      });
    if (index >= queuedFrom) print('queued', when);
    else if (rnd.next() < 0.06) {
      print('cancelled', when);
      print('printed', when + rnd.int(1, 4) * MINUTE);
    } else print('printed', when);
  }

  await insertRows(tx, 'visits', visitRows);
  await insertRows(tx, 'visit_hosts', hostRows);
  await insertRows(tx, 'badge_prints', printRows);
}
