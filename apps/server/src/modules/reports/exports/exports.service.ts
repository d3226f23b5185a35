import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { isAllowed } from '@app/shared/access/permissions';
import { isLanguage, type Language } from '@app/shared/constants';
import { fieldLabelVars, fieldMessage } from '@app/shared/http/field-messages';
import { REPORT_PERMISSIONS, type ReportName } from '@app/shared/reports/common';
import {
  EXPORT_LIMITS,
  type CreateExportBody,
  type ExportLink,
  type ExportList,
  type ExportProgressEvent,
  type ExportStatus,
  type ReportExport,
  createExportBodySchema,
} from '@app/shared/reports/exports';
import { localStamp } from '@app/shared/visits/rules';
import { z } from 'zod';
import { withTenant } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { t } from '../../../lib/i18n';
import { newId } from '../../../lib/ids';
import { randomToken, safeEqual, sha256 } from '../../../lib/tokens';
import { defineJob } from '../../../plugins/jobs';
import { loadUserAccess } from '../../access/access.service';
import type { AccessContext } from '../../access/access.types';
import { companyZone } from '../../access/company-zone';
import { writeAudit } from '../../audit/audit.repository';
import { findUserById } from '../../auth/users.repository';
import type { AnyReportSource } from '../report-source';
import { reportSource } from '../report-sources';
import { cellText, reportText } from './export-headers';
import { writeExport } from './export-writer';
import {
  countExportRows,
  findExpiredExports,
  findExport,
  insertExport,
  listExportRows,
  updateExport,
  type ExportRow,
} from './exports.repository';

// Exports of report views (issue 14 item 8; spec §7 `export`, `export_job`, `export_list`). Asking for
// one stores what was asked and queues the job; the job rebuilds the requester's access as it runs (so
// the scope is exactly the screen's, as of then), reads the report's source a short batch at a time,
// streams the rows to a scratch file on the node running it and puts that into the file store once
// complete (so the node that serves the download need not be the one that ran the job), saving and
// sending its progress as it goes. Only the requester downloads the file, by a link that works for
// five minutes; files expire after the retention period.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The list counts exactly up to this many. */
const COUNT_CAP = 10_000;
/** Rows a batch reads (each batch is one short transaction). */
export const EXPORT_BATCH_SIZE = 1_000;
/** Runs of an export before it is marked failed (the job's first run and its retries). */
export const EXPORT_MAX_ATTEMPTS = 3;
/** Live progress at most this often per export (every batch is saved). */
const PROGRESS_EVERY_MS = 250;

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

const fileKeyOf = (row: Pick<ExportRow, 'entityId' | 'id' | 'format'>) =>
  `report-exports/${row.entityId}/${row.id}.${row.format}`;

type UserActor = Extract<AccessContext['actor'], { kind: 'user' }>;

function userActor(ctx: AccessContext): UserActor {
  // Exports are a person's: a company's API token has no one to hand the file to.
  if (ctx.actor.kind !== 'user') throw new AppError('forbidden');
  return ctx.actor;
}

/** Members who see the whole company see every export of it; a member limited to some sites or user types, their own. */
const seesAllExports = (ctx: AccessContext) => ctx.siteIds === null && ctx.userTypeIds === null;

export function toReportExport(row: ExportRow, readerUserId: string | null): ReportExport {
  return {
    id: row.id,
    report: row.report as ReportName,
    format: row.format as ReportExport['format'],
    status: row.status as ExportStatus,
    rows: row.rows,
    total_rows: row.totalRows,
    progress: row.progress,
    bytes: row.bytes,
    columns: row.columns,
    error: row.error,
    requested_by: { id: row.requestedByPersonId, name: row.requestedByName },
    mine: readerUserId !== null && row.requestedByUserId === readerUserId,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/** The live progress of an export: the fields of its list entry that move while it runs. */
function progressEvent(row: ExportRow): ExportProgressEvent & { entity_id: string } {
  const { id, report, format, status, rows, total_rows, progress } = toReportExport(row, null);
  return { entity_id: row.entityId, id, report, format, status, rows, total_rows, progress };
}

/** A 400 naming a field of the body (an unknown filter by its own name), with the message of a zod issue. */
function bodyFieldError(lang: Language, issue: z.core.$ZodIssue, prefix: PropertyKey[]): AppError {
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const at = [...prefix, ...issue.path];
  const path = [...at, ...keys.slice(0, 1)];
  const { key, vars } = fieldMessage({ ...issue, keys });
  const label = fieldLabelVars(at, (k, v) => t(lang, k, v), 'body');
  return new AppError('validation_failed', {
    field: path.map(String).join('.'),
    messageKey: key.replace(/^errors:/, ''),
    vars: { ...vars, ...label },
  });
}

/** The export's source, its filters as the source reads them and its columns, or a 400 naming the field. */
function checkRequest(lang: Language, body: z.output<typeof createExportBodySchema>) {
  const source = reportSource(body.report);
  if (!source) throw new AppError('validation_failed', { field: 'report', messageKey: 'exports_no_source' });
  const parsed = source.filters.safeParse(body.filters);
  if (!parsed.success) throw bodyFieldError(lang, parsed.error.issues[0]!, ['filters']);
  const known = new Set(source.columns.map((c) => c.key));
  const columns = [...new Set(body.columns)];
  const unknown = columns.findIndex((key) => !known.has(key));
  if (unknown >= 0) {
    throw new AppError('validation_failed', {
      field: `columns.${body.columns.indexOf(columns[unknown]!)}`,
      messageKey: 'exports_unknown_column',
      vars: { column: columns[unknown]!.slice(0, 40) },
    });
  }
  return { source, columns };
}

function assertMayExport(ctx: AccessContext, report: ReportName): void {
  if (!isAllowed(ctx.permissions, 'show_export_list') || !isAllowed(ctx.permissions, REPORT_PERMISSIONS[report])) {
    throw new AppError('forbidden');
  }
}

/** POST /exports: stores the request and queues its job (spec §7 `export`, `export_job`). */
export async function createExport(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  input: CreateExportBody,
  now = new Date(),
): Promise<ReportExport> {
  const actor = userActor(ctx);
  const body = createExportBodySchema.parse(input);
  assertMayExport(ctx, body.report);
  const { columns } = checkRequest(lang, body);
  const row = await withTenant(app.db.db, ctx.entityId, async (tx) => {
    const created = await insertExport(tx, {
      entityId: ctx.entityId,
      id: newId(),
      requestedByUserId: actor.userId,
      requestedByMembershipId: actor.membershipId,
      requestedByPersonId: actor.personId,
      requestedByName: actor.personName ?? '',
      report: body.report,
      format: body.format,
      filters: body.filters,
      columns,
      language: lang,
      status: 'queued',
      createdAt: now,
    });
    await writeAudit(tx, ctx, {
      action: 'report_export.requested',
      targetType: 'report_export',
      targetId: created.id,
      after: { report: body.report, format: body.format, filters: body.filters, columns },
    });
    return created;
  });
  // After the commit: the job must find the row.
  await app.jobs.send(reportExportJob, { entity_id: row.entityId, export_id: row.id });
  return toReportExport(row, actor.userId);
}

type Cursor = { createdAt: string; id: string };
const encodeCursor = (c: Cursor) => Buffer.from(`${c.createdAt}|${c.id}`).toString('base64url');
function decodeCursor(value: string): Cursor {
  const [createdAt, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new AppError('validation_failed', { field: 'querystring.cursor', messageKey: 'field.invalid', vars: {} });
  }
  return { createdAt, id };
}

/**
 * GET /exports: newest first, 100 a page (spec §9 "Export list count setting 100"): the page after one
 * read by its cursor (keyset), a page jumped to by its number.
 */
export async function listExports(
  app: FastifyInstance,
  ctx: AccessContext,
  query: { page?: number; limit?: number; cursor?: string; search?: string },
): Promise<ExportList> {
  const actor = userActor(ctx);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const limit = query.limit ?? EXPORT_LIMITS.listCount;
  const requesterId = seesAllExports(ctx) ? null : actor.userId;
  const { rows, count } = await withTenant(app.db.db, ctx.entityId, async (tx) => ({
    rows: await listExportRows(tx, ctx.entityId, {
      requesterId,
      search: query.search || undefined,
      after,
      offset: after ? 0 : ((query.page ?? 1) - 1) * limit,
      limit: limit + 1,
    }),
    count: await countExportRows(tx, ctx.entityId, requesterId, query.search || undefined, COUNT_CAP + 1),
  }));
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map((row) => toReportExport(row, actor.userId)),
    count: Math.min(count, COUNT_CAP),
    count_capped: count > COUNT_CAP,
    next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAtText, id: last.id }) : null,
  };
}

async function visibleExport(app: FastifyInstance, ctx: AccessContext, id: string): Promise<ExportRow> {
  const actor = userActor(ctx);
  const row = await withTenant(app.db.db, ctx.entityId, (tx) => findExport(tx, ctx.entityId, id));
  if (!row || (!seesAllExports(ctx) && row.requestedByUserId !== actor.userId)) throw new AppError('not_found');
  return row;
}

/** GET /exports/{id}: its status and progress. */
export async function getExport(app: FastifyInstance, ctx: AccessContext, id: string): Promise<ReportExport> {
  return toReportExport(await visibleExport(app, ctx, id), userActor(ctx).userId);
}

/** POST /exports/{id}/link: a download link for the requester only, working for five minutes. */
export async function createExportLink(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  now = new Date(),
): Promise<ExportLink> {
  const actor = userActor(ctx);
  const row = await visibleExport(app, ctx, id);
  if (row.requestedByUserId !== actor.userId)
    throw new AppError('not_found', { field: 'id', messageKey: 'exports_not_yours' });
  if (row.status === 'expired' || (row.expiresAt && row.expiresAt <= now)) {
    throw new AppError('not_found', { field: 'id', messageKey: 'exports_expired' });
  }
  if (row.status !== 'done' || !row.fileKey) {
    throw new AppError('rule_violation', { field: 'id', messageKey: 'exports_not_ready' });
  }
  const secret = randomToken(24);
  const expiresAt = new Date(now.getTime() + EXPORT_LIMITS.linkTtlSeconds * 1000);
  await withTenant(app.db.db, ctx.entityId, async (tx) => {
    await updateExport(tx, ctx.entityId, id, { linkTokenHash: sha256(secret), linkExpiresAt: expiresAt });
    await writeAudit(tx, ctx, { action: 'report_export.download_link', targetType: 'report_export', targetId: id });
  });
  return { url: `/api/v1/exports/download/${id}.${secret}`, expires_at: expiresAt.toISOString() };
}

export type ExportDownload = { stream: Readable; size: number; name: string; contentType: string };

/**
 * GET /exports/download/{token}: the file, for the requester signed in to the export's company, while
 * the link works. Anything else is a 404 that tells nothing of the export.
 */
export async function openExportDownload(
  app: FastifyInstance,
  ctx: AccessContext,
  token: string,
  now = new Date(),
): Promise<ExportDownload> {
  const actor = userActor(ctx);
  const match = /^([0-9a-f-]{36})\.([\w-]{16,64})$/i.exec(token);
  if (!match) throw new AppError('not_found');
  const [, id, secret] = match as unknown as [string, string, string];
  const row = await withTenant(app.db.db, ctx.entityId, (tx) => findExport(tx, ctx.entityId, id));
  if (
    !row ||
    row.requestedByUserId !== actor.userId ||
    !row.linkTokenHash ||
    !safeEqual(row.linkTokenHash, sha256(secret)) ||
    !row.fileKey ||
    row.status !== 'done'
  ) {
    throw new AppError('not_found');
  }
  if (!row.linkExpiresAt || row.linkExpiresAt <= now || (row.expiresAt && row.expiresAt <= now)) {
    throw new AppError('not_found', { messageKey: 'exports_link_expired' });
  }
  const file = await app.files.open(row.fileKey);
  if (!file) throw new AppError('not_found');
  const stamp = localStamp(row.createdAt, companyZone(ctx)).replace(' ', '_').replace(':', '');
  return {
    stream: file.stream,
    size: file.size,
    name: `${row.report}-${stamp}.${row.format}`,
    contentType: CONTENT_TYPES[row.format as keyof typeof CONTENT_TYPES],
  };
}

// ---------------------------------------------------------------------------------------------------
// The job

/** A failure that running again cannot mend (the requester left, lost the permission, …). */
class FinalFailure extends Error {}

/** The requester's access now, as the auth plugin builds it for their session in that company. */
async function requesterAccess(app: FastifyInstance, row: ExportRow): Promise<AccessContext> {
  const user = await findUserById(app.db.db, row.requestedByUserId);
  if (!user) throw new FinalFailure('not_a_member');
  const ctx = await loadUserAccess(app.db.db, row.entityId, user).catch((err: unknown) => {
    if (err instanceof AppError) throw new FinalFailure(err.code);
    throw err;
  });
  if (ctx.actor.kind !== 'user' || ctx.actor.membershipId !== row.requestedByMembershipId) {
    throw new FinalFailure('not_a_member');
  }
  try {
    assertMayExport(ctx, row.report as ReportName);
  } catch {
    throw new FinalFailure('forbidden');
  }
  return ctx;
}

/** The source's batches, giving way to other work between them (the embedded database has one connection). */
async function* givingWay<T>(batches: AsyncIterable<T>): AsyncIterable<T> {
  for await (const batch of batches) {
    yield batch;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

export type ExportRunOptions = {
  now?: Date;
  batchSize?: number;
  /** Rows per xlsx sheet (a test gives a small one). */
  sheetRowLimit?: number;
  /** Called after each batch is written (a test makes a run fail part way). */
  afterBatch?: (rowsSoFar: number) => void | Promise<void>;
};

const sheetLanguage = (value: string): Language => (isLanguage(value) ? value : 'en');

/** Where a run writes its file before putting it in the store: this node's own disk, never shared. */
const scratchDir = (app: FastifyInstance) => path.join(app.env.dataDir, 'tmp', 'report-exports');

/**
 * Runs one export (the job's work; idempotent by export id). A finished export is left as it is. A run
 * writes the whole file again from the start into a scratch file of its own, then puts it in the file
 * store at the export's one key (a put is whole or nothing), so a run cut short leaves no half file and a
 * run after it never a second file. The scratch file is removed however the run ends. A failure is
 * thrown for the job to retry until the last attempt, which marks the export failed.
 */
export async function runReportExport(
  app: FastifyInstance,
  entityId: string,
  exportId: string,
  options: ExportRunOptions = {},
): Promise<ExportRow | null> {
  const startedAt = options.now ?? new Date();
  const found = await withTenant(app.db.db, entityId, (tx) => findExport(tx, entityId, exportId));
  if (!found || found.status === 'done' || found.status === 'failed' || found.status === 'expired') return found;
  const attempt = found.attempts + 1;
  let row = (await saveRun(app, found, {
    status: 'running',
    attempts: attempt,
    startedAt,
    rows: 0,
    progress: 0,
    error: null,
  }))!;
  app.realtime.toUser(row.requestedByUserId, 'reportExportProgress', progressEvent(row));

  const key = fileKeyOf(row);
  const scratch = path.join(scratchDir(app), `${row.id}.${attempt}.${randomToken(6)}.${row.format}`);
  try {
    const ctx = await requesterAccess(app, row);
    const source: AnyReportSource | undefined = reportSource(row.report as ReportName);
    if (!source) throw new FinalFailure('no_source');
    const parsed = source.filters.safeParse(row.filters);
    if (!parsed.success) throw new FinalFailure('filters');
    const filters: unknown = parsed.data;
    const lang = sheetLanguage(row.language);
    const cells = cellText(lang, ctx);
    const byKey = new Map(source.columns.map((c) => [c.key, c]));
    const columns = row.columns.flatMap((k) => {
      const column = byKey.get(k);
      return column
        ? [
            {
              type: column.type,
              header: reportText(lang, column.header),
              value: (r: unknown) => column.value(r, cells),
            },
          ]
        : [];
    });
    if (columns.length === 0) throw new FinalFailure('columns');
    const total = source.count ? await source.count(app, ctx, filters).catch(() => null) : null;
    if (total !== null) row = (await saveRun(app, row, { totalRows: total })) ?? row;

    await mkdir(path.dirname(scratch), { recursive: true });
    let lastSent = 0;
    const result = await writeExport({
      format: row.format as 'xlsx' | 'csv',
      path: scratch,
      columns,
      rows: givingWay(source.batches(app, ctx, filters, { batchSize: options.batchSize ?? EXPORT_BATCH_SIZE })),
      timeZone: companyZone(ctx),
      rightToLeft: lang === 'ar',
      sheetName: reportText(lang, `exports.report_names.${row.report}`),
      sheetRowLimit: options.sheetRowLimit,
      onBatch: async (rows) => {
        const progress = total ? Math.min(99, Math.floor((rows * 100) / Math.max(total, 1))) : 0;
        row = (await saveRun(app, row, { rows, progress })) ?? row;
        if (Date.now() - lastSent >= PROGRESS_EVERY_MS) {
          lastSent = Date.now();
          app.realtime.toUser(row.requestedByUserId, 'reportExportProgress', progressEvent(row));
        }
        await options.afterBatch?.(rows);
      },
    });
    await app.files.put(key, createReadStream(scratch), {
      size: result.bytes,
      contentType: CONTENT_TYPES[row.format as keyof typeof CONTENT_TYPES],
    });
    const finishedAt = new Date();
    const done = await saveRun(app, row, {
      status: 'done',
      rows: result.rows,
      totalRows: result.rows,
      bytes: result.bytes,
      progress: 100,
      fileKey: key,
      finishedAt,
      expiresAt: new Date(finishedAt.getTime() + EXPORT_LIMITS.retentionDays * DAY_MS),
    });
    if (done) {
      app.realtime.toUser(done.requestedByUserId, 'reportExportDone', {
        ...toReportExport(done, done.requestedByUserId),
        entity_id: done.entityId,
      });
    }
    return done;
  } catch (err) {
    const final = err instanceof FinalFailure || attempt >= EXPORT_MAX_ATTEMPTS;
    const error = err instanceof FinalFailure ? err.message : 'internal';
    if (!final) {
      await saveRun(app, row, { status: 'queued', error, finishedAt: null });
      throw err;
    }
    app.log.warn({ err, export: exportId }, 'report export failed');
    return failExport(app, row, error);
  } finally {
    await rm(scratch, { force: true });
  }
}

const saveRun = (app: FastifyInstance, row: ExportRow, changes: Parameters<typeof updateExport>[3]) =>
  withTenant(app.db.db, row.entityId, (tx) => updateExport(tx, row.entityId, row.id, changes));

/** Marks an export failed for good, and tells its requester. */
async function failExport(app: FastifyInstance, row: ExportRow, error: string): Promise<ExportRow | null> {
  const saved = await saveRun(app, row, { status: 'failed', error, finishedAt: new Date() });
  if (saved) {
    app.realtime.toUser(saved.requestedByUserId, 'reportExportDone', {
      ...toReportExport(saved, saved.requestedByUserId),
      entity_id: saved.entityId,
    });
  }
  return saved;
}

/** Its last attempt died with its node (decision 059): the export fails, as a failing last attempt would have. */
export async function giveUpReportExport(app: FastifyInstance, entityId: string, exportId: string) {
  const row = await withTenant(app.db.db, entityId, (tx) => findExport(tx, entityId, exportId));
  if (!row || (row.status !== 'running' && row.status !== 'queued')) return row;
  app.log.warn({ export: exportId }, 'report export lost with its node, no attempt left');
  return failExport(app, row, 'internal');
}

/** Scratch files left by a run whose process died (a run removes its own however it ends otherwise). */
async function sweepScratch(app: FastifyInstance, now: Date): Promise<void> {
  const dir = scratchDir(app);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > DAY_MS) await rm(file, { force: true });
  }
}

/**
 * The daily sweep: finished exports past their retention lose their file and read as expired; this
 * node's scratch files older than a day go too.
 */
export async function expireReportExports(app: FastifyInstance, now = new Date()): Promise<number> {
  await sweepScratch(app, now);
  let expired = 0;
  for (;;) {
    const due = await findExpiredExports(app.db.db, now, 200);
    if (due.length === 0) return expired;
    for (const one of due) {
      if (one.fileKey) await app.files.remove(one.fileKey);
      await withTenant(app.db.db, one.entityId, (tx) =>
        updateExport(tx, one.entityId, one.id, {
          status: 'expired',
          fileKey: null,
          linkTokenHash: null,
          linkExpiresAt: null,
        }),
      );
      expired += 1;
    }
  }
}

/** One export's run (spec §7 `export_job`): retried twice, 10 s apart and growing, then marked failed. */
export const reportExportJob = defineJob({
  name: 'report-export',
  payload: z.object({ entity_id: z.uuid(), export_id: z.uuid() }),
  retryLimit: EXPORT_MAX_ATTEMPTS - 1,
  handler: async (data, { app }) => {
    await runReportExport(app, data.entity_id, data.export_id);
  },
  givenUp: async (data, { app }) => {
    await giveUpReportExport(app, data.entity_id, data.export_id);
  },
});

/** Every night: the files of exports past their retention are removed. */
export const expireReportExportsJob = defineJob({
  name: 'report-exports-expire',
  payload: z.object({}),
  cron: '17 3 * * *',
  cronPayload: {},
  handler: async (_data, { app, now }) => {
    await expireReportExports(app, now);
  },
});
