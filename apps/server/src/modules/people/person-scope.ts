import { and, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { findPeople } from './people.repository';

const list = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The people an admin may see and act on (spec §6), as a WHERE part on `people`: none of the person's
 * user types is outside the admin's user types ("users of inaccessible user types cannot be acted on"),
 * and the person has one of the admin's sites. A person with no site at all (every person needs one;
 * only the company's first members may lack it) is outside any assigned scope, so an admin limited to
 * some sites never acts on the company's unlimited admins. Null lists mean everything.
 * Written with the table name in full so it binds to the outer `people` inside any query.
 */
export function personInScope(ctx: Pick<AccessContext, 'siteIds' | 'userTypeIds'>): SQL | undefined {
  const parts: SQL[] = [];
  if (ctx.userTypeIds !== null) {
    const outside = ctx.userTypeIds.length ? sql` and put.user_type_id not in (${list(ctx.userTypeIds)})` : sql``;
    parts.push(sql`not exists (
      select 1 from person_user_types put
      where put.entity_id = "people"."entity_id" and put.person_id = "people"."id"${outside}
    )`);
  }
  if (ctx.siteIds !== null) {
    const inside = ctx.siteIds.length ? sql`ps.site_id in (${list(ctx.siteIds)})` : sql`false`;
    parts.push(sql`exists (
      select 1 from person_sites ps
      where ps.entity_id = "people"."entity_id" and ps.person_id = "people"."id" and ${inside}
    )`);
  }
  return parts.length ? and(...parts) : undefined;
}

/** A person the caller may see and act on (spec §6 scope); anyone else, in this company or another, is not found. */
export async function mustFindPersonInScope(tx: Executor, ctx: AccessContext, personId: string) {
  const [person] = await findPeople(tx, ctx.entityId, personInScope(ctx), [personId]);
  if (!person) throw new AppError('not_found');
  return person;
}
