import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { JOURNEY_STAGES, VISIT_STATES } from '@app/shared/visits/stages';
import { SIGN_SOURCES, type SignSource } from '@app/shared/visits/schemas';
import type {
  HistoryFilters,
  HistoryList,
  HistoryOptions,
  HistoryParams,
  HistoryRow,
  HistoryVisit,
} from '@app/shared/reports/history';
import { dayRange, localStamp } from '@app/shared/visits/rules';
import type { JourneyStage, VisitState } from '@app/shared/visits/stages';
import { withTenant, type Executor } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { AccessContext } from '../../access/access.types';
import { companyZone } from '../../access/company-zone';
import { fullName } from '../../people/person-view';
import { filterOptions, visitInScope } from '../../visits/visits.repository';
import {
  badgePrintsOf,
  complianceAnswersOf,
  countHistory,
  fieldsById,
  findHistoryPage,
  findHistoryVisit,
  historyOptionRows,
  historyWhere,
  hostsOf,
  peopleMatching,
  type HistoryPageQuery,
  type HistoryRecord,
} from './history.repository';

const moment = (at: Date | null, timeZone: string) =>
  at ? { at: at.toISOString(), local: localStamp(at, timeZone) } : null;

const personRef = (p: { id: string | null; firstName: string | null; lastName: string | null } | null) =>
  p?.id ? { id: p.id, full_name: fullName({ firstName: p.firstName ?? '', lastName: p.lastName ?? '' }) } : null;

const reasonOf = (r: { id: string | null; name: string | null; code: string | null } | null) =>
  r?.id ? { id: r.id, name: r.name ?? '', attendance_code: r.code } : null;

/** The filters as the repository takes them: the range of company days as instants, a search as its people. */
export async function historyWhereOf(tx: Executor, ctx: AccessContext, f: HistoryFilters) {
  const searchedPeople = f.search ? await peopleMatching(tx, ctx.entityId, f.search) : undefined;
  return historyWhere(ctx.entityId, visitInScope(ctx), {
    ...dayRange(f.from, f.to, companyZone(ctx)),
    siteId: f.site_id,
    areaId: f.area_id,
    userTypeId: f.user_type_id,
    personId: f.person_id,
    hostId: f.host_id,
    stage: f.stage,
    state: f.state,
    weekday: f.weekday,
    hour: f.hour,
    timeZone: companyZone(ctx),
    signedInBy: f.signed_in_by,
    lateReasonId: f.late_reason_id,
    earlyReasonId: f.early_reason_id,
    field: f.field_id && f.field_value ? { id: f.field_id, value: f.field_value } : undefined,
    searchedPeople,
  });
}

/** A page of rows as the report shows them, with their hosts (one more query for the page). */
export async function historyPage(
  tx: Executor,
  ctx: AccessContext,
  f: HistoryFilters,
  q: HistoryPageQuery,
  where?: SQL,
) {
  const timeZone = companyZone(ctx);
  const { rows, nextCursor } = await findHistoryPage(tx, ctx.entityId, where ?? (await historyWhereOf(tx, ctx, f)), q);
  const hosts = new Map<string, { id: string; full_name: string }[]>();
  for (const h of await hostsOf(
    tx,
    ctx.entityId,
    rows.map((r) => r.id),
  )) {
    hosts.set(h.visitId, [...(hosts.get(h.visitId) ?? []), { id: h.id, full_name: fullName(h) }]);
  }
  return { rows: rows.map((r) => toRow(r, hosts.get(r.id) ?? [], timeZone)), nextCursor };
}

function toRow(
  r: Omit<HistoryRecord, 'k0' | 'k1'>,
  hosts: { id: string; full_name: string }[],
  timeZone: string,
): HistoryRow {
  return {
    id: r.id,
    person: { id: r.personId, full_name: fullName(r), email: r.email, company_name: r.companyName },
    user_type: r.userTypeId && r.userTypeName !== null ? { id: r.userTypeId, name: r.userTypeName } : null,
    site: { id: r.siteId, name: r.siteName },
    area: { id: r.areaId, name: r.areaName },
    state: r.state as VisitState,
    stage: (r.stage as JourneyStage | null) ?? null,
    expected: moment(r.expectedAt, timeZone),
    signed_in: moment(r.signedInAt, timeZone),
    signed_out: moment(r.signedOutAt, timeZone),
    duration_minutes: r.durationMinutes === null ? null : Number(r.durationMinutes),
    sign_in_source: (r.signInSource as SignSource | null) ?? null,
    sign_out_source: (r.signOutSource as SignSource | null) ?? null,
    hosts,
    late_reason: reasonOf(r.lateReason),
    early_reason: reasonOf(r.earlyReason),
    temperature_c: r.temperatureC === null ? null : Number(r.temperatureC),
    mask: r.mask,
    notes: r.notes,
  };
}

/** GET /reports/history. */
export async function listHistory(app: FastifyInstance, ctx: AccessContext, q: HistoryParams): Promise<HistoryList> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const where = await historyWhereOf(tx, ctx, q);
    const { rows, nextCursor } = await historyPage(tx, ctx, q, q, where);
    const { count, capped } = await countHistory(tx, where);
    return { data: rows, count, count_capped: capped, next_cursor: nextCursor, timezone: companyZone(ctx) };
  });
}

/** GET /reports/history/options: what the filters offer within the reader's scope. */
export async function historyOptions(app: FastifyInstance, ctx: AccessContext): Promise<HistoryOptions> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const { siteRows, typeRows } = await filterOptions(tx, ctx.entityId, ctx);
    const { reasons, fields } = await historyOptionRows(tx, ctx.entityId);
    const sites = new Map<string, HistoryOptions['sites'][number]>();
    for (const row of siteRows) {
      const site = sites.get(row.siteId) ?? { id: row.siteId, name: row.siteName, areas: [] };
      sites.set(row.siteId, site);
      if (row.area) site.areas.push({ id: row.area.id, name: row.area.name });
    }
    const reasonsOf = (type: string) =>
      reasons.filter((r) => r.type === type).map((r) => ({ id: r.id, name: r.name, attendance_code: r.code }));
    return {
      sites: [...sites.values()],
      user_types: typeRows.map((t) => ({ id: t.id, name: t.name })),
      late_reasons: reasonsOf('late_sign_in'),
      early_reasons: reasonsOf('early_sign_out'),
      custom_fields: fields.map((f) => ({
        id: f.id,
        name: f.name,
        type: f.type,
        choices: Array.isArray(f.options.choices) ? f.options.choices.map(String) : [],
      })),
      sign_in_sources: [...SIGN_SOURCES],
      stages: [...JOURNEY_STAGES],
      states: [...VISIT_STATES],
    };
  });
}

type GivenField = { custom_field_id?: unknown; value?: unknown };
const givenFields = (value: unknown): { id: string; value: unknown }[] =>
  Array.isArray(value)
    ? (value as GivenField[]).flatMap((f) =>
        f && typeof f.custom_field_id === 'string' ? [{ id: f.custom_field_id, value: f.value ?? null }] : [],
      )
    : [];

/** GET /reports/history/{visitId}: the visit's whole story; 404 for a visit not the company's or outside the scope. */
export async function historyVisit(app: FastifyInstance, ctx: AccessContext, id: string): Promise<HistoryVisit> {
  const timeZone = companyZone(ctx);
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const v = await findHistoryVisit(tx, ctx.entityId, visitInScope(ctx), id);
    if (!v) throw new AppError('not_found');
    const hosts = await hostsOf(tx, ctx.entityId, [v.id]);
    const answers = await complianceAnswersOf(tx, ctx.entityId, v.id);
    const prints = await badgePrintsOf(tx, ctx.entityId, v.id);
    const signIn = givenFields(v.extra.custom_fields);
    const signOut = givenFields(v.extra.sign_out_custom_fields);
    const fields = new Map(
      (await fieldsById(tx, ctx.entityId, [...new Set([...signIn, ...signOut].map((f) => f.id))])).map((f) => [
        f.id,
        f,
      ]),
    );
    const named = (given: { id: string; value: unknown }[]) =>
      given.map((g) => ({
        id: g.id,
        name: fields.get(g.id)?.name ?? '',
        type: fields.get(g.id)?.type ?? null,
        value: g.value,
      }));
    return {
      ...toRow(
        v,
        hosts.map((h) => ({ id: h.id, full_name: fullName(h) })),
        timeZone,
      ),
      journey: v.journeyId && v.journeyName !== null ? { id: v.journeyId, name: v.journeyName } : null,
      login_mode: v.loginMode,
      created_at: moment(v.createdAt, timeZone),
      created_by: personRef(v.createdBy),
      decided_by: personRef(v.decidedBy),
      decided_at: moment(v.decidedAt, timeZone),
      confirmed_at: moment(v.confirmedAt, timeZone),
      override_reason: v.overrideReason,
      host_message: v.hostMessage,
      kiosk: v.kiosk?.id ? { id: v.kiosk.id, name: v.kiosk.name ?? '' } : null,
      compliances: answers.map((a) => ({
        id: a.id,
        compliance: { id: a.complianceId, name: a.complianceName },
        status: a.status,
        answers: a.answers,
        notes: a.notes,
        answered: moment(a.answeredAt, timeZone),
      })),
      sign_in_fields: named(signIn),
      sign_out_fields: named(signOut),
      badge_prints: prints.map((p) => ({
        id: p.id,
        status: p.status,
        requested_by: personRef(p.requester),
        kiosk: p.kiosk?.id ? { id: p.kiosk.id, name: p.kiosk.name ?? '' } : null,
        created: moment(p.createdAt, timeZone),
      })),
    };
  });
}
