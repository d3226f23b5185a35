// The presence reports (spec §7 `get_users_not_on_site`, `track_and_trace`): rules, scope and shapes;
// the SQL is in the repositories beside this file.
import type { FastifyInstance } from 'fastify';
import {
  PRESENCE_LIMITS,
  type ContactRow,
  type NotOnSiteRow,
  type PresenceOptions,
  type TracePeople,
  type TrackTrace,
  type TrackTraceParams,
  type UsersNotOnSiteFilters,
  type UsersNotOnSiteList,
  type UsersNotOnSiteParams,
} from '@app/shared/reports/presence';
import { dayRange, localDay, localStamp } from '@app/shared/visits/rules';
import type { Executor } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { AccessContext } from '../../access/access.types';
import { companyZone } from '../../access/company-zone';
import { inTenant } from '../../access/in-tenant';
import { fullName, photoUrl } from '../../people/person-view';
import { searchFilter } from '../../people/people-list.repository';
import { personInScope } from '../../people/person-scope';
import { filterOptions, visitInScope } from '../../visits/visits.repository';
import { findContacts, findSubject, searchTracePeople, type ContactDbRow } from './track-trace.repository';
import {
  countNotOnSite,
  findNotOnSitePage,
  siteVisible,
  typesWithDescendants,
  type NotOnSiteDbRow,
  type NotOnSiteFilters,
  type NotOnSiteScope,
} from './users-not-on-site.repository';

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const moment = (at: Date | string, zone: string) => {
  const d = asDate(at);
  return { at: d.toISOString(), local: localStamp(d, zone) };
};

// --- Users not on site -------------------------------------------------------------------------------

const notOnSiteScope = (ctx: AccessContext): NotOnSiteScope => ({
  people: personInScope(ctx),
  visits: visitInScope(ctx),
});

/** The filters as the repository takes them; a site the reader cannot see is refused on `site_id`. */
export async function notOnSiteFilters(
  tx: Executor,
  ctx: AccessContext,
  q: UsersNotOnSiteFilters,
): Promise<NotOnSiteFilters> {
  if (q.site_id && !(await siteVisible(tx, ctx.entityId, q.site_id, ctx.siteIds))) {
    throw new AppError('validation_failed', { field: 'site_id', messageKey: 'users_not_on_site_unknown_site' });
  }
  return {
    userTypeIds: await typesWithDescendants(tx, ctx.entityId, q.user_type_id),
    siteId: q.site_id,
    day: q.day ? dayRange(q.day, q.day, companyZone(ctx)) : undefined,
    search: q.search || undefined,
  };
}

export function toNotOnSiteRow(r: NotOnSiteDbRow, zone: string): NotOnSiteRow {
  const person = { firstName: r.first_name, lastName: r.last_name };
  return {
    person: {
      id: r.id,
      first_name: r.first_name,
      last_name: r.last_name,
      full_name: fullName(person),
      company_name: r.company_name,
      photo_url: photoUrl(r.id, r.image),
    },
    user_types: r.user_types ?? [],
    last_visit:
      r.visit_id && r.signed_in_at && r.site_id && r.area_id
        ? {
            id: r.visit_id,
            state: r.visit_state ?? '',
            site: { id: r.site_id, name: r.site_name ?? '' },
            area: { id: r.area_id, name: r.area_name ?? '' },
            signed_in: moment(r.signed_in_at, zone),
            signed_out: r.signed_out_at ? moment(r.signed_out_at, zone) : null,
          }
        : null,
  };
}

export async function listUsersNotOnSite(
  app: FastifyInstance,
  ctx: AccessContext,
  q: UsersNotOnSiteParams,
): Promise<UsersNotOnSiteList> {
  const zone = companyZone(ctx);
  return inTenant(app, ctx, async (tx) => {
    const filters = await notOnSiteFilters(tx, ctx, q);
    const scope = notOnSiteScope(ctx);
    const page = await findNotOnSitePage(tx, ctx.entityId, filters, scope, {
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
      cursor: q.cursor,
      dir: q.orderBy,
    });
    const { count, capped } = await countNotOnSite(tx, ctx.entityId, filters, scope);
    return {
      data: page.rows.map((r) => toNotOnSiteRow(r, zone)),
      count,
      count_capped: capped,
      next_cursor: page.nextCursor,
      timezone: zone,
    };
  });
}

/** Every row of the view, a keyset batch at a time, each batch in its own short tenant transaction. */
export async function* notOnSiteBatches(
  app: FastifyInstance,
  ctx: AccessContext,
  q: UsersNotOnSiteFilters,
  batchSize: number,
): AsyncIterable<NotOnSiteRow[]> {
  const zone = companyZone(ctx);
  const scope = notOnSiteScope(ctx);
  let cursor: string | undefined;
  do {
    const page = await inTenant(app, ctx, async (tx) =>
      findNotOnSitePage(tx, ctx.entityId, await notOnSiteFilters(tx, ctx, q), scope, {
        limit: batchSize,
        offset: 0,
        cursor,
        dir: q.orderBy,
      }),
    );
    if (page.rows.length) yield page.rows.map((r) => toNotOnSiteRow(r, zone));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

// --- Track and trace ---------------------------------------------------------------------------------

function toContact(r: ContactDbRow, level: 1 | 2, zone: string, linkedBy: string | null, names: Map<string, string>) {
  return {
    level,
    person: {
      id: r.person_id,
      full_name: fullName({ firstName: r.first_name, lastName: r.last_name }),
      company_name: r.company_name,
      photo_url: photoUrl(r.person_id, r.image),
    },
    site: { id: r.site_id, name: r.site_name },
    area: { id: r.area_id, name: r.area_name },
    overlap_minutes: Math.ceil(Number(r.seconds) / 60),
    first_overlap: moment(r.first_at, zone),
    last_overlap: moment(r.last_at, zone),
    linked_by: linkedBy ? { id: linkedBy, full_name: names.get(linkedBy) ?? '' } : null,
  } satisfies ContactRow;
}

/**
 * A person's contacts on a company day: one row per contact and area, most time together first; with
 * depth 2 also the contacts' own contacts that day who are not already listed, one row per such person,
 * area and contact who links them.
 */
export async function traceContacts(
  app: FastifyInstance,
  ctx: AccessContext,
  q: TrackTraceParams,
  now: Date = new Date(),
): Promise<TrackTrace> {
  const zone = companyZone(ctx);
  const { start, end } = dayRange(q.date, q.date, zone);
  const window = { start, end, now };
  const scope = visitInScope(ctx);
  return inTenant(app, ctx, async (tx) => {
    const subject = await findSubject(tx, ctx.entityId, q.person_id, personInScope(ctx));
    if (!subject) throw new AppError('not_found');
    const max = PRESENCE_LIMITS.contactsMax;
    const first = await findContacts(tx, ctx.entityId, window, [subject.id], [], scope, max);
    const names = new Map(
      first.map((r) => [r.person_id, fullName({ firstName: r.first_name, lastName: r.last_name })]),
    );
    const rows: ContactRow[] = first.map((r) => toContact(r, 1, zone, null, names));
    if (q.depth === 2 && names.size > 0) {
      const levelOne = [...names.keys()];
      const second = await findContacts(tx, ctx.entityId, window, levelOne, [subject.id], scope, max - rows.length);
      rows.push(...second.map((r) => toContact(r, 2, zone, r.via, names)));
    }
    return {
      person: {
        id: subject.id,
        full_name: fullName({ firstName: subject.first_name, lastName: subject.last_name }),
        company_name: subject.company_name,
        photo_url: photoUrl(subject.id, subject.image),
      },
      date: q.date,
      depth: q.depth,
      timezone: zone,
      data: rows,
      count: rows.length,
    };
  });
}

// --- What the screens pick from ----------------------------------------------------------------------

/** The sites and user types within the reader's scope (the not-on-site filters), and today. */
export async function presenceOptions(app: FastifyInstance, ctx: AccessContext): Promise<PresenceOptions> {
  const zone = companyZone(ctx);
  const { siteRows, typeRows } = await inTenant(app, ctx, (tx) => filterOptions(tx, ctx.entityId, ctx));
  const sites = new Map<string, string>();
  for (const row of siteRows) sites.set(row.siteId, row.siteName);
  return {
    sites: [...sites].map(([id, name]) => ({ id, name })),
    user_types: typeRows.map((t) => ({ id: t.id, name: t.name, parent_id: t.parentId })),
    timezone: zone,
    today: localDay(new Date(), zone),
  };
}

/** The people a reader may trace, by name or company (no contact details: a report reader needs none). */
export async function findTracePeople(
  app: FastifyInstance,
  ctx: AccessContext,
  q: { search: string; limit: number },
): Promise<TracePeople> {
  const rows = await inTenant(app, ctx, (tx) =>
    searchTracePeople(tx, ctx.entityId, searchFilter(q.search, false), personInScope(ctx), q.limit),
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      full_name: fullName({ firstName: r.first_name, lastName: r.last_name }),
      email: null,
      company_name: r.company_name,
    })),
  };
}
