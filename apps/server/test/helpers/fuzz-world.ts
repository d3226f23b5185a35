// The fuzzing suite's company: the cross-company sweep's full world (one of everything, built through
// its admin's own API calls), plus the callers the fuzzer needs and bodies each operation accepts.
// Path ids and id fields are filled with the world's real ids, by the sweep's own tables of what each
// parameter and field names, so generated requests reach the services and the database rather than
// stopping at "not found".
import { randomBytes } from 'node:crypto';
import type { App } from '../../src/app';
import type { Executor } from '../../src/db/client';
import { announcementBody } from './announcements-factories';
import { questionBody } from './compliances-factories';
import { slot } from './expected-visits-factories';
import { fullWorld, randomMac, type FullWorld, type IdKind } from './full-world';
import { signIn } from './http-client';
import type { IdsFor } from './json-schema-arbitrary';
import { FIELD_KINDS, paramSpec, ROUTE_FIELD_KINDS, routeKey } from './sweep-routes';
import { permitBody } from './visit-permits-factories';
import { createCompany, createPerson, PASSWORD } from './world';

/**
 * The full world's ids, but roles and members only the employee's, never the fuzzing callers': a
 * generated request may change what it names, and must not lock the suite out. `otherEntity` is
 * another company, for the platform routes.
 */
export type IdPool = Record<IdKind | 'otherEntity', string[]>;

/**
 * The full world, with its fuzzing admin (an admin of the company who is also a platform
 * administrator, so platform routes are reached too) in place of the owner, a spare member for the
 * routes that end or change the caller's own session (`/auth/*`, `/me/*`), the id pool, and bodies
 * each operation accepts.
 */
export async function fuzzWorld(app: App, db: Executor) {
  const world = await fullWorld(app, db);
  const other = await createCompany(db);
  const { entity, people } = world;
  const operator = await createPerson(db, [entity], 'admin', { isPlatformAdmin: true });
  const { client: admin } = await signIn(app, operator.email, PASSWORD);
  const { client: spare } = await signIn(app, people.system_admin.email, PASSWORD);
  const ids: IdPool = {
    ...world.ids,
    role: [entity.roles.employee],
    membership: [people.employee.membershipId],
    otherEntity: [other.entity.id],
  };
  return { ...world, admin, spare, ids, examples: exampleBodies(world) };
}

export type FuzzWorld = Awaited<ReturnType<typeof fuzzWorld>>;

/** Bodies each operation accepts, by "METHOD url": the fuzzer breaks them in one place or two. */
function exampleBodies({ ids, entity, tag }: FullWorld): Record<string, unknown[]> {
  // By their place in the full world's lists: Hannah hosts, Lena has left and may sign in again.
  const [hq, branch] = ids.site;
  const [reception, , lobby] = ids.area;
  const [visitors, , staff] = ids.userType;
  const [, host, , guest] = ids.person;
  const [onSite] = ids.visit;
  const [kiosk] = ids.kiosk;
  const named = (what: string) => `${what} ${tag}`;
  const unique = () => randomBytes(4).toString('hex');
  const personBody = () => ({
    first_name: `Ed ${unique()}`,
    last_name: 'Fuzz',
    email: `ed.${unique()}@example.test`,
    role_id: entity.roles.employee,
    site_ids: [hq],
    user_type_ids: [visitors],
  });
  const modeBody = { name: named('Shift'), site_ids: [hq], days: [1, 2], start_time: '08:00', end_time: '16:00' };
  const reasonBody = {
    name: `Early ${tag.slice(-5)}`,
    type: 'early_sign_out',
    start_time: '15:00',
    duration_minutes: 30,
  };
  const visitBody = () => ({
    visitor: { first_name: `Val ${unique()}`, last_name: 'Visitor', email: `val.${unique()}@example.test` },
    user_type_id: visitors,
    site_id: hq,
    area_id: reception,
    ...slot(2),
    host_ids: [host],
  });
  const signInBody = { area_id: reception, people: [{ person_id: guest, host_ids: [host] }] };
  return {
    'POST /api/v1/people': [personBody(), personBody()],
    'PUT /api/v1/people/:id': [{ ...personBody(), user_type_ids: [staff] }],
    'POST /api/v1/visits/sign-in': [signInBody],
    'POST /api/v1/visits/sign-in/preview': [signInBody],
    'POST /api/v1/visits/sign-out': [{ visit_ids: [onSite] }],
    'PUT /api/v1/visits/:id/notes': [{ notes: 'Bay 4' }],
    'POST /api/v1/journeys': [{ name: named('Side door'), site_ids: [hq] }],
    'PUT /api/v1/journeys/:id': [{ name: named('Front desk'), site_ids: [hq, branch] }],
    'PUT /api/v1/journeys/:id/kiosks': [{ kiosk_ids: [kiosk] }],
    'POST /api/v1/journeys/:id/flows': [{ user_type_ids: [staff], checks: { host: true }, host_ids: [host] }],
    'PUT /api/v1/journey-flows/:id': [{ user_type_id: visitors, checks: { host: true }, host_ids: [host] }],
    'POST /api/v1/expected-visits': [visitBody(), visitBody()],
    'PUT /api/v1/expected-visits/:id': [visitBody()],
    'POST /api/v1/expected-visits/validate': [visitBody()],
    'POST /api/v1/attendance-modes': [modeBody],
    'PUT /api/v1/attendance-modes/:id': [modeBody],
    'POST /api/v1/attendance-modes/:id/reasons': [reasonBody],
    'PUT /api/v1/attendance-reasons/:id': [{ ...reasonBody, type: 'late_sign_in', start_time: '09:00' }],
    'POST /api/v1/visit-permits': [permitBody({ name: named('Nights') })],
    'PUT /api/v1/visit-permits/:id': [permitBody({ name: named('Weekdays') })],
    'POST /api/v1/announcements': [announcementBody('UTC')],
    'PUT /api/v1/announcements/:id': [announcementBody('UTC')],
    'POST /api/v1/compliances': [questionBody(named('Screening'))],
    'PUT /api/v1/compliances/:id': [questionBody(named('Health'))],
    'POST /api/v1/doors': [{ area_id: lobby, name: named('Gate') }],
    'PUT /api/v1/doors/:id': [{ area_id: reception, name: named('Door'), kiosk_id: kiosk }],
    'POST /api/v1/custom-fields': [
      { section_id: ids.section[0], name: named('Size'), type: 'number', binding: 'profile' },
    ],
    'POST /api/v1/public/kiosk-pairings': [{ mac_address: randomMac(), app_version: '3.1.0' }],
    'PUT /api/v1/company': [{ name: named('Company'), subdomain: entity.subdomain, timezone: 'UTC' }],
    'PUT /api/v1/table-preferences/:pageUrl': [
      {
        table_head: { visibility: { email: false }, order: ['name'], sizing: { name: 240 } },
        url: { filters: { status: 'active' }, sorting: [{ id: 'name', desc: false }], search: 'x', limit: 25 },
      },
    ],
    'POST /api/v1/platform/entities': [
      {
        name: named('New'),
        subdomain: `n${unique()}`,
        package: 'Cloud',
        plan: 2,
        owner: { email: `owner.${unique()}@example.test`, first_name: 'Olga', last_name: 'Owner' },
      },
    ],
  };
}

/**
 * Real values for a path parameter, from the sweep's table of what it names. Where the sweep names a
 * company (`/platform/entities/:id`: the other company's, else the caller's own), the fuzzer names
 * another one: its admin is a platform administrator, and a generated request against its own
 * company (a smaller package) would lock the rest of the suite out of what it fuzzes.
 */
export function paramIds(ids: IdPool, url: string, param: string): string[] {
  const spec = paramSpec(url, param);
  if (!spec) return [];
  if (typeof spec === 'object') return 'own' in spec ? ids[spec.own] : [spec.constant];
  return spec === 'entity' && url.startsWith('/api/v1/platform/') ? ids.otherEntity : ids[spec];
}

/**
 * Real ids for a body or query field of one route, by the sweep's tables. The fuzzer's values know
 * only their field's name, not its path: a route's own entries are used where they name a top-level
 * field (`ids`, `code`), not nested ones (`content.file.id`), which a name alone cannot tell from the
 * other `id`s of the body.
 */
export function fieldIds(ids: IdPool, route: { method: string; url: string }): IdsFor {
  const own = Object.entries(ROUTE_FIELD_KINDS[routeKey(route)] ?? {}).filter(([path]) => /^\w+$/.test(path));
  return (name) => {
    const spec = own.find(([path]) => path === name)?.[1] ?? FIELD_KINDS[name];
    if (!spec) return [];
    return ids[typeof spec === 'object' ? spec.own : spec];
  };
}
