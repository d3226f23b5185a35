import type { FastifyInstance } from 'fastify';
import {
  emptyTableHead,
  emptyTableUrl,
  tableHeadSchema,
  tableUrlSchema,
  type TablePreference,
  type TablePreferencePage,
  type TableHead,
  type TableUrl,
} from '@app/shared/table-preferences/schemas';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import {
  deleteTablePreference,
  findTablePreference,
  upsertTablePreference,
  type TablePreferenceRow,
} from './table-preferences.repository';

// A member's grid preferences are personal UI state (which columns they see, how wide, their sorting
// and page size), not company data: changing them writes no audit row, like choosing a language.

/** The member acting: preferences belong to a membership, so an API token (no person) has none. */
function memberOf(ctx: AccessContext): string {
  if (ctx.actor.kind !== 'user') throw new AppError('forbidden');
  return ctx.actor.membershipId;
}

/**
 * A saved row as the API answers it. Rows written by an older version of a grid may no longer fit
 * today's bounds; such a part falls back to the defaults rather than failing the page.
 */
function toPreference(pageUrl: TablePreferencePage, row: TablePreferenceRow | null): TablePreference {
  if (!row)
    return { id: null, page_url: pageUrl, table_head: emptyTableHead(), url: emptyTableUrl(), updated_at: null };
  const head = tableHeadSchema.safeParse(row.tableHead);
  const url = tableUrlSchema.safeParse(row.url);
  return {
    id: row.id,
    page_url: pageUrl,
    table_head: head.success ? head.data : emptyTableHead(),
    url: url.success ? url.data : emptyTableUrl(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The member's saved state of a grid, or the empty preference on a first visit (the grid's defaults). */
export async function getTablePreference(app: FastifyInstance, ctx: AccessContext, pageUrl: TablePreferencePage) {
  const membershipId = memberOf(ctx);
  const row = await withTenant(app.db.db, ctx.entityId, (tx) =>
    findTablePreference(tx, ctx.entityId, membershipId, pageUrl),
  );
  return toPreference(pageUrl, row);
}

export async function saveTablePreference(
  app: FastifyInstance,
  ctx: AccessContext,
  pageUrl: TablePreferencePage,
  body: { table_head: TableHead; url: TableUrl },
) {
  const membershipId = memberOf(ctx);
  const row = await withTenant(app.db.db, ctx.entityId, (tx) =>
    upsertTablePreference(tx, {
      entityId: ctx.entityId,
      membershipId,
      pageUrl,
      tableHead: body.table_head,
      url: body.url,
    }),
  );
  return toPreference(pageUrl, row);
}

/** Back to the grid's defaults: the row goes, and the next visit is a first visit again. */
export async function resetTablePreference(app: FastifyInstance, ctx: AccessContext, pageUrl: TablePreferencePage) {
  const membershipId = memberOf(ctx);
  await withTenant(app.db.db, ctx.entityId, (tx) => deleteTablePreference(tx, ctx.entityId, membershipId, pageUrl));
}
