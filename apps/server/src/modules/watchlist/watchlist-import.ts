// Importing a watchlist from CSV (issue 29): a header row names the columns (WATCHLIST_CSV_COLUMNS;
// aliases separated by `;`), each row is checked like an entry added by hand, and the rows that pass are
// added in one transaction. A row naming someone already on the list (same name and email) is left out.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import { issueText } from '@app/shared/http/field-messages';
import {
  WATCHLIST_CSV_COLUMNS,
  WATCHLIST_LIMITS,
  watchlistEntryBodySchema,
  type WatchlistEntryBodyParsed,
  type WatchlistImportResult,
} from '@app/shared/watchlist/schemas';
import { emailKey } from '@app/shared/watchlist/name-keys';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { parseCsv } from '../../lib/csv';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { existingIdentities, insertEntries, replaceKeys } from './watchlist.repository';
import { entryColumns, keysOf } from './watchlist.service';

const identity = (name: string, email: string | null) => `${name.trim().toLowerCase()}\u0000${emailKey(email) ?? ''}`;

export async function importWatchlist(
  app: FastifyInstance,
  ctx: AccessContext,
  file: Buffer,
  lang: Language,
): Promise<WatchlistImportResult> {
  const text = file.toString('utf8');
  if (text.includes('\u0000'))
    throw new AppError('validation_failed', { field: 'file', messageKey: 'watchlist_csv_invalid' });
  const [header, ...rows] = parseCsv(text);
  const columns = (header ?? []).map((h) => h.trim().toLowerCase());
  for (const required of ['level', 'full_name', 'reason'])
    if (!columns.includes(required))
      throw new AppError('validation_failed', {
        field: 'file',
        messageKey: 'watchlist_csv_column_missing',
        vars: { column: required },
      });
  if (rows.length === 0) throw new AppError('validation_failed', { field: 'file', messageKey: 'watchlist_csv_empty' });
  if (rows.length > WATCHLIST_LIMITS.importRowsMax)
    throw new AppError('validation_failed', {
      field: 'file',
      messageKey: 'watchlist_csv_rows_max',
      vars: { max: WATCHLIST_LIMITS.importRowsMax },
    });
  const tr = (k: string, v?: Record<string, unknown>) => t(lang, k, v as Record<string, string>);
  const errors: WatchlistImportResult['errors'] = [];
  const good: { row: number; body: WatchlistEntryBodyParsed }[] = [];
  for (const [i, cells] of rows.entries()) {
    const value = (c: (typeof WATCHLIST_CSV_COLUMNS)[number]) => {
      const at = columns.indexOf(c);
      return at < 0 ? undefined : (cells[at] ?? '').trim();
    };
    const raw = {
      level: value('level')?.toLowerCase(),
      full_name: value('full_name'),
      aliases: (value('aliases') ?? '')
        .split(';')
        .map((a) => a.trim())
        .filter(Boolean),
      email: value('email') || null,
      phone: value('phone') || null,
      company_name: value('company_name') || null,
      date_of_birth: value('date_of_birth') || null,
      reason: value('reason'),
    };
    const parsed = watchlistEntryBodySchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      errors.push({ row: i + 2, field: String(issue.path[0] ?? 'file'), message: issueText(issue, tr) });
    } else good.push({ row: i + 2, body: parsed.data });
  }
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const seen = new Set((await existingIdentities(tx, ctx.entityId)).map((e) => identity(e.fullName, e.email)));
    const adding: { id: string; body: WatchlistEntryBodyParsed }[] = [];
    for (const g of good) {
      const key = identity(g.body.full_name, g.body.email);
      if (seen.has(key)) {
        errors.push({ row: g.row, field: 'full_name', message: t(lang, 'errors:watchlist_csv_duplicate') });
        continue;
      }
      seen.add(key);
      adding.push({ id: newId(), body: g.body });
    }
    const createdBy = ctx.actor.kind === 'user' ? ctx.actor.userId : null;
    for (let i = 0; i < adding.length; i += 500) {
      const batch = adding.slice(i, i + 500);
      await insertEntries(
        tx,
        batch.map((a) => ({ entityId: ctx.entityId, id: a.id, ...entryColumns(a.body), createdBy })),
      );
      await replaceKeys(
        tx,
        ctx.entityId,
        batch.map((a) => a.id),
        batch.flatMap((a) => keysOf(ctx.entityId, a.id, a.body)),
      );
    }
    await writeAudit(tx, ctx, {
      action: 'watchlist.import',
      targetType: 'watchlist',
      targetId: null,
      after: { created: adding.length, refused_rows: errors.length },
    });
    errors.sort((a, b) => a.row - b.row);
    return { created: adding.length, errors };
  });
}
