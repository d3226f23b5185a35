import type { FastifyInstance } from 'fastify';
import type {
  AgreementFile,
  Compliance,
  ComplianceBody,
  ComplianceCanEdit,
  ComplianceListItem,
  ComplianceVersion,
  ListCompliancesParams,
  StoredAsked,
} from '@app/shared/compliances/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { askedFingerprint, askedOf, settingsOf, withItemIds } from './compliance-content';
import { agreementFileKey, resolveAgreementFile, storeAgreementFile } from './compliance-files';
import {
  complianceAnswerStats,
  findCompliance,
  findComplianceVersion,
  insertCompliance,
  insertComplianceVersion,
  isComplianceNameTaken,
  journeysUsingCompliances,
  listCompliances,
  updateCompliance,
  type ComplianceRow,
  type ComplianceVersionRow,
} from './compliances.repository';
import { inTenant } from '../access/in-tenant';
import { isUniqueViolation } from '../../lib/unique-violation';

type JourneyRef = { id: string; name: string };

const iso = (value: Date) => value.toISOString();

const toListItem = (row: ComplianceRow, responseCount: number, journeys: JourneyRef[]): ComplianceListItem => ({
  id: row.id,
  name: row.name,
  format: row.format as ComplianceListItem['format'],
  frequency: row.frequency as ComplianceListItem['frequency'],
  validity_days: row.validityDays,
  version: row.version,
  response_count: Number(responseCount),
  journeys,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

const toCompliance = (row: ComplianceRow, responseCount: number, journeys: JourneyRef[]): Compliance => ({
  ...askedOf(row),
  id: row.id,
  version: row.version,
  settings: settingsOf(row.content),
  response_count: Number(responseCount),
  journeys,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

const toVersion = (row: ComplianceVersionRow): ComplianceVersion => ({
  ...askedOf(row),
  compliance_id: row.complianceId,
  version: row.version,
  created_at: iso(row.createdAt),
});

async function mustFind(tx: Executor, ctx: AccessContext, id: string) {
  const found = await findCompliance(tx, ctx.entityId, id);
  if (!found) throw new AppError('not_found');
  return found;
}

const nameTaken = () => new AppError('conflict', { field: 'name', messageKey: 'compliance_name_taken' });

async function assertNameFree(tx: Executor, ctx: AccessContext, name: string, exceptId?: string) {
  if (await isComplianceNameTaken(tx, ctx.entityId, name, exceptId)) throw nameTaken();
}

/** Two admins saving the same name at once both pass the check; the unique index refuses the second. */
async function uniqueName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** The body as it will be stored: item ids filled in, an agreement file checked against the store. */
async function prepare(app: FastifyInstance, ctx: AccessContext, body: ComplianceBody): Promise<StoredAsked> {
  const asked = withItemIds(body);
  if (asked.format === 'agreement' && asked.content.file) {
    const file = await resolveAgreementFile(app.files, ctx.entityId, asked.content.file, 'content.file');
    return { ...asked, content: { ...asked.content, file } };
  }
  return asked;
}

const columnsOf = (asked: StoredAsked) => ({
  name: asked.name,
  format: asked.format,
  frequency: asked.frequency,
  validityDays: asked.validity_days,
});

export async function listCompanyCompliances(app: FastifyInstance, ctx: AccessContext, q: ListCompliancesParams) {
  return inTenant(app, ctx, async (tx) => {
    const { rows, count } = await listCompliances(tx, ctx.entityId, q);
    const journeys = await journeysUsingCompliances(
      tx,
      ctx.entityId,
      rows.map((r) => r.row.id),
    );
    return {
      data: rows.map((r) => toListItem(r.row, r.responseCount, journeys.get(r.row.id) ?? [])),
      count,
    };
  });
}

export async function getCompliance(app: FastifyInstance, ctx: AccessContext, id: string): Promise<Compliance> {
  return inTenant(app, ctx, async (tx) => {
    const found = await mustFind(tx, ctx, id);
    const journeys = await journeysUsingCompliances(tx, ctx.entityId, [id]);
    return toCompliance(found.row, found.responseCount, journeys.get(id) ?? []);
  });
}

/** What was asked at one version: the answers given to it are read against this. */
export async function getComplianceVersion(app: FastifyInstance, ctx: AccessContext, id: string, version: number) {
  return inTenant(app, ctx, async (tx) => {
    await mustFind(tx, ctx, id);
    const row = await findComplianceVersion(tx, ctx.entityId, id, version);
    if (!row) throw new AppError('not_found', { field: 'version' });
    return toVersion(row);
  });
}

export async function createCompliance(app: FastifyInstance, ctx: AccessContext, body: ComplianceBody) {
  const asked = await prepare(app, ctx, body);
  return uniqueName(
    inTenant(app, ctx, async (tx) => {
      await assertNameFree(tx, ctx, asked.name);
      const id = newId();
      const row = await insertCompliance(tx, {
        entityId: ctx.entityId,
        id,
        ...columnsOf(asked),
        content: { ...asked.content, settings: body.settings },
        version: 1,
      });
      await insertComplianceVersion(tx, {
        entityId: ctx.entityId,
        complianceId: id,
        version: 1,
        ...columnsOf(asked),
        content: asked.content,
      });
      const result = toCompliance(row, 0, []);
      await writeAudit(tx, ctx, { action: 'compliance.create', targetType: 'compliance', targetId: id, after: result });
      return result;
    }),
  );
}

/**
 * Changes a compliance. A change to what it asks (name, format, frequency, validity days or content)
 * makes a new version; answers already given keep the version they answered. Sending settings change
 * in place. Once answered, its format cannot change (spec "can-change-format").
 */
export async function changeCompliance(app: FastifyInstance, ctx: AccessContext, id: string, body: ComplianceBody) {
  const prepared = await prepare(app, ctx, body);
  return uniqueName(
    inTenant(app, ctx, async (tx) => {
      const before = await mustFind(tx, ctx, id);
      await assertNameFree(tx, ctx, prepared.name, id);
      const stats = await complianceAnswerStats(tx, ctx.entityId, id);
      if (stats.responses > 0 && prepared.format !== before.row.format) {
        throw new AppError('rule_violation', {
          field: 'format',
          messageKey: 'compliance_format_locked',
          vars: { count: stats.people },
        });
      }
      const previous = askedOf(before.row);
      const changed = askedFingerprint(previous) !== askedFingerprint(prepared);
      // Asking the same again keeps the stored ids, so answers keep naming the same parts.
      const asked = changed ? prepared : previous;
      const version = changed ? before.row.version + 1 : before.row.version;
      if (changed) {
        await insertComplianceVersion(tx, {
          entityId: ctx.entityId,
          complianceId: id,
          version,
          ...columnsOf(asked),
          content: asked.content,
        });
      }
      const row = (await updateCompliance(tx, ctx.entityId, id, {
        ...columnsOf(asked),
        content: { ...asked.content, settings: body.settings },
        version,
      }))!;
      const journeys = (await journeysUsingCompliances(tx, ctx.entityId, [id])).get(id) ?? [];
      const after = toCompliance(row, before.responseCount, journeys);
      await writeAudit(tx, ctx, {
        action: 'compliance.update',
        targetType: 'compliance',
        targetId: id,
        before: toCompliance(before.row, before.responseCount, journeys),
        after,
      });
      return after;
    }),
  );
}

/** Spec can_edit_compliance: whether it has been answered, by how many, and whether its format may change. */
export async function canEditCompliance(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
): Promise<ComplianceCanEdit> {
  return inTenant(app, ctx, async (tx) => {
    const found = await mustFind(tx, ctx, id);
    const stats = await complianceAnswerStats(tx, ctx.entityId, id);
    const journeys = (await journeysUsingCompliances(tx, ctx.entityId, [id])).get(id) ?? [];
    return {
      version: found.row.version,
      answered: stats.responses > 0,
      response_count: stats.responses,
      people_count: stats.people,
      can_change_format: stats.responses === 0,
      journeys,
    };
  });
}

/**
 * Deletes a compliance no journey asks. It is kept as deleted (not shown, its name free again) because
 * the answers given to it still read what it asked.
 */
export async function removeCompliance(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => {
    const before = await mustFind(tx, ctx, id);
    const journeys = (await journeysUsingCompliances(tx, ctx.entityId, [id])).get(id) ?? [];
    if (journeys.length > 0) {
      throw new AppError('rule_violation', {
        field: 'id',
        messageKey: 'compliance_in_journeys',
        vars: { count: journeys.length, journeys: journeys.map((j) => j.name).join(', ') },
      });
    }
    await updateCompliance(tx, ctx.entityId, id, { deletedAt: new Date() });
    await writeAudit(tx, ctx, {
      action: 'compliance.delete',
      targetType: 'compliance',
      targetId: id,
      before: toCompliance(before.row, before.responseCount, []),
    });
  });
}

/** Uploading an agreement file is part of creating or changing a compliance. */
export async function uploadAgreementFile(
  app: FastifyInstance,
  ctx: AccessContext,
  upload: { data: Buffer; filename: string },
): Promise<AgreementFile> {
  return storeAgreementFile(app.files, ctx.entityId, upload.data, upload.filename);
}

/** The agreement file of a compliance as shown at a version (the current one by default). */
export async function readAgreementFile(app: FastifyInstance, ctx: AccessContext, id: string, version?: number) {
  const asked = await inTenant(app, ctx, async (tx) => {
    const found = await mustFind(tx, ctx, id);
    if (version === undefined || version === found.row.version) return askedOf(found.row);
    const row = await findComplianceVersion(tx, ctx.entityId, id, version);
    if (!row) throw new AppError('not_found', { field: 'version' });
    return askedOf(row);
  });
  if (asked.format !== 'agreement' || !asked.content.file) throw new AppError('not_found', { field: 'file' });
  const file = asked.content.file;
  const data = await app.files.get(agreementFileKey(ctx.entityId, file.id));
  if (!data) throw new AppError('not_found', { field: 'file' });
  return { data, mime: file.mime, name: file.name };
}
