// What a journey flow asks of a person at a site, read once for any number of people: which flow
// applies (the journey covering the site with a flow for the person's user type), the compliances it
// asks and whether an earlier answer still counts, its attendance modes and reasons, hosts and the
// custom fields of the action. Shared by sign-in, sign-out and the expected-visits module.
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { ModeForReasons } from '@app/shared/attendance/applicable-reasons';
import type { ReasonType } from '@app/shared/attendance/reason-ranges';
import { answerStillValid } from '@app/shared/compliances/validity';
import type { ComplianceFrequency, StoredAsked } from '@app/shared/compliances/schemas';
import type { CustomFieldBinding, CustomFieldOptions, CustomFieldType } from '@app/shared/custom-fields/schemas';
import { readFlowSettings, type FlowSettings } from '@app/shared/journeys/flow-settings';
import type { DueCompliance } from '@app/shared/visits/schemas';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import {
  attendanceModes,
  attendanceReasons,
  complianceResponses,
  compliances,
  customFieldSections,
  customFields,
  journeyFlowAttendanceModes,
  journeyFlowCompliances,
  journeyFlowHosts,
  journeyFlows,
  journeys,
  journeySites,
  people,
  personUserTypes,
  userTypeHosts,
  userTypes,
} from '../../db/schema/index';
import { askedOf } from '../compliances/compliance-content';
import { flowComplianceRows } from '../journeys/journeys.repository';

export type PersonFlow = {
  userType: { id: string; name: string; registrationMethod: string; autoApprove: boolean; needsPermit: boolean };
  flowId: string;
  journey: { id: string; name: string; logo: string | null };
  settings: FlowSettings;
  /** Whether the flow asks any compliance, and has any attendance mode. */
  hasCompliances: boolean;
  hasModes: boolean;
};

export type PersonFlowChoice = {
  /** The person's user types, in name order. */
  userTypes: PersonFlow['userType'][];
  /** The flow that applies, or null when none of the person's user types has one at the site. */
  flow: PersonFlow | null;
  /** The visit's user type: the flow's, else the one asked for, else the person's first. */
  userType: PersonFlow['userType'] | null;
};

// One read: each of the people's user types, with the flows of journeys covering the site for it (none:
// one row with no flow), and whether a flow asks compliances or has attendance modes at all, so the
// reads of those are skipped when there is nothing to read.
const typesAndFlowsAtSite = preparedQuery('flows_at_site_v2', (db) =>
  db
    .select({
      personId: personUserTypes.personId,
      type: {
        id: userTypes.id,
        name: userTypes.name,
        registrationMethod: userTypes.registrationMethod,
        autoApprove: userTypes.autoApproveVisits,
        needsPermit: userTypes.visitsNeedPermit,
      },
      flowId: journeyFlows.id,
      settings: journeyFlows.settings,
      journeyId: journeys.id,
      journeyName: journeys.name,
      journeyLogo: journeys.logo,
      hasCompliances: sql<boolean>`exists (select 1 from ${journeyFlowCompliances}
        where ${journeyFlowCompliances.entityId} = ${journeyFlows.entityId} and ${journeyFlowCompliances.flowId} = ${journeyFlows.id})`,
      hasModes: sql<boolean>`exists (select 1 from ${journeyFlowAttendanceModes}
        where ${journeyFlowAttendanceModes.entityId} = ${journeyFlows.entityId} and ${journeyFlowAttendanceModes.flowId} = ${journeyFlows.id})`,
    })
    .from(personUserTypes)
    .innerJoin(
      userTypes,
      and(eq(userTypes.entityId, personUserTypes.entityId), eq(userTypes.id, personUserTypes.userTypeId)),
    )
    .leftJoin(
      journeyFlows,
      and(
        eq(journeyFlows.entityId, personUserTypes.entityId),
        eq(journeyFlows.userTypeId, personUserTypes.userTypeId),
        sql`exists (select 1 from ${journeySites} where ${journeySites.entityId} = ${journeyFlows.entityId}
          and ${journeySites.journeyId} = ${journeyFlows.journeyId} and ${journeySites.siteId} = ${sql.placeholder('siteId')})`,
      ),
    )
    .leftJoin(journeys, and(eq(journeys.entityId, journeyFlows.entityId), eq(journeys.id, journeyFlows.journeyId)))
    .where(
      and(
        eq(personUserTypes.entityId, sql.placeholder('entityId')),
        sql`${personUserTypes.personId} = any(${sql.placeholder('personIds')}::uuid[])`,
      ),
    )
    .orderBy(asc(userTypes.name), asc(userTypes.id), asc(journeys.name), asc(journeys.id)),
);

/**
 * The flow for each person at a site: the journey that covers the site with a flow for the person's
 * user type (`userTypeId` when given, which must be one of theirs; otherwise their first type with a
 * flow there). Several journeys covering the site for one type: the first by name decides.
 */
export async function flowsForPeopleAtSite(
  tx: Executor,
  entityId: string,
  siteId: string,
  wanted: readonly { personId: string; userTypeId?: string | null }[],
): Promise<Map<string, PersonFlowChoice>> {
  const personIds = wanted.map((w) => w.personId);
  const result = new Map<string, PersonFlowChoice>();
  if (personIds.length === 0) return result;
  const rows = await typesAndFlowsAtSite(tx, { entityId, siteId, personIds });
  for (const w of wanted) {
    const mine = rows.filter((r) => r.personId === w.personId);
    const types = mine.filter((r, i) => i === 0 || mine[i - 1]!.type.id !== r.type.id).map((r) => r.type);
    const candidates = w.userTypeId ? types.filter((t) => t.id === w.userTypeId) : types;
    let flow: PersonFlow | null = null;
    for (const type of candidates) {
      const row = mine.find((r) => r.type.id === type.id && r.flowId !== null && r.journeyId !== null);
      if (row) {
        flow = {
          userType: type,
          flowId: row.flowId!,
          journey: { id: row.journeyId!, name: row.journeyName!, logo: row.journeyLogo },
          settings: readFlowSettings(row.settings),
          hasCompliances: row.hasCompliances,
          hasModes: row.hasModes,
        };
        break;
      }
    }
    result.set(w.personId, { userTypes: types, flow, userType: flow?.userType ?? candidates[0] ?? null });
  }
  return result;
}

/** The flow for one person at a site (see flowsForPeopleAtSite). */
export async function findFlowForPerson(
  tx: Executor,
  entityId: string,
  input: { personId: string; siteId: string; userTypeId?: string | null },
): Promise<PersonFlowChoice> {
  const map = await flowsForPeopleAtSite(tx, entityId, input.siteId, [input]);
  return map.get(input.personId)!;
}

export type FlowCompliance = {
  flowId: string;
  id: string;
  required: boolean;
  version: number;
  frequency: ComplianceFrequency;
  asked: StoredAsked;
};

/** The compliances flows ask, in their order, each with what its current version asks. */
export async function compliancesOfFlows(
  tx: Executor,
  entityId: string,
  flowIds: readonly string[],
): Promise<FlowCompliance[]> {
  const rows = await flowComplianceRows(tx, entityId, flowIds);
  return rows.map((r) => ({
    flowId: r.flowId,
    id: r.compliance.id,
    required: r.required,
    version: r.compliance.version,
    frequency: r.compliance.frequency as ComplianceFrequency,
    asked: askedOf(r.compliance),
  }));
}

/**
 * The answers that still count at `now` for these people and compliances: of the compliance's current
 * version, not failed, and either given for one of `visitIds` (the expected visit that becomes the
 * arrival: answered online before coming, whatever the frequency) or within their validity (spec §4
 * Compliance frequency; every-time answers never count for another visit). The newest per person and
 * compliance.
 */
export async function validAnswers(
  tx: Executor,
  entityId: string,
  personIds: readonly string[],
  complianceIds: readonly string[],
  now: Date,
  visitIds: readonly string[] = [],
) {
  if (personIds.length === 0 || complianceIds.length === 0) return [];
  const rows = await tx
    .select({
      personId: complianceResponses.personId,
      complianceId: complianceResponses.complianceId,
      validUntil: complianceResponses.validUntil,
      answeredAt: complianceResponses.answeredAt,
      frequency: compliances.frequency,
      forVisit: visitIds.length
        ? sql<boolean>`coalesce(${inArray(complianceResponses.visitId, [...visitIds])}, false)`
        : sql<boolean>`false`,
    })
    .from(complianceResponses)
    .innerJoin(
      compliances,
      and(
        eq(compliances.entityId, complianceResponses.entityId),
        eq(compliances.id, complianceResponses.complianceId),
        eq(compliances.version, complianceResponses.complianceVersion),
      ),
    )
    .where(
      and(
        eq(complianceResponses.entityId, entityId),
        inArray(complianceResponses.personId, [...personIds]),
        inArray(complianceResponses.complianceId, [...complianceIds]),
        ne(complianceResponses.status, 'failed'),
        or(
          visitIds.length ? inArray(complianceResponses.visitId, [...visitIds]) : undefined,
          and(
            ne(compliances.frequency, 'every_time'),
            sql`(${complianceResponses.validUntil} is null or ${complianceResponses.validUntil} > ${now.toISOString()}::timestamptz)`,
          ),
        ),
      ),
    )
    .orderBy(sql`${complianceResponses.answeredAt} desc`);
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.personId}:${r.complianceId}`;
    if (seen.has(key)) return false;
    if (!r.forVisit && !answerStillValid(r.frequency as ComplianceFrequency, r.validUntil, now)) return false;
    seen.add(key);
    return true;
  });
}

/** Each person's compliances of their flow with whether an answer is due now (spec "Mass-action data"). */
export function dueCompliances(
  flowCompliances: readonly FlowCompliance[],
  valid: Awaited<ReturnType<typeof validAnswers>>,
  personId: string,
  flowId: string | null,
): DueCompliance[] {
  if (!flowId) return [];
  return flowCompliances
    .filter((c) => c.flowId === flowId)
    .map((c) => {
      const answer = valid.find((v) => v.personId === personId && v.complianceId === c.id);
      return {
        id: c.id,
        required: c.required,
        frequency: c.frequency,
        version: c.version,
        status: answer ? ('valid' as const) : ('due' as const),
        valid_until: answer?.validUntil?.toISOString() ?? null,
        asked: c.asked,
      };
    });
}

export type FlowReason = {
  id: string;
  name: string;
  type: ReasonType;
  start_time: string;
  duration_minutes: number;
  attendance_code: string | null;
};

/** The attendance modes of flows with their reasons, in the shape the shared reason rule reads. */
export async function modesOfFlows(tx: Executor, entityId: string, flowIds: readonly string[]) {
  if (flowIds.length === 0) return [];
  const modeRows = await tx
    .select({ flowId: journeyFlowAttendanceModes.flowId, mode: attendanceModes })
    .from(journeyFlowAttendanceModes)
    .innerJoin(
      attendanceModes,
      and(
        eq(attendanceModes.entityId, journeyFlowAttendanceModes.entityId),
        eq(attendanceModes.id, journeyFlowAttendanceModes.attendanceModeId),
      ),
    )
    .where(
      and(eq(journeyFlowAttendanceModes.entityId, entityId), inArray(journeyFlowAttendanceModes.flowId, [...flowIds])),
    );
  const modeIds = [...new Set(modeRows.map((m) => m.mode.id))];
  const reasonRows = modeIds.length
    ? await tx
        .select()
        .from(attendanceReasons)
        .where(and(eq(attendanceReasons.entityId, entityId), inArray(attendanceReasons.attendanceModeId, modeIds)))
    : [];
  return modeRows.map(({ flowId, mode }) => ({
    flowId,
    mode: {
      id: mode.id,
      days: mode.days,
      start_time: mode.startTime.slice(0, 5),
      end_time: mode.endTime.slice(0, 5),
      late_sign_in_minutes: mode.lateSignInMinutes,
      early_sign_out_minutes: mode.earlySignOutMinutes,
      reasons: reasonRows
        .filter((r) => r.attendanceModeId === mode.id)
        .map((r): FlowReason => ({
          id: r.id,
          name: r.name,
          type: r.type as ReasonType,
          start_time: r.startTime.slice(0, 5),
          duration_minutes: r.durationMinutes,
          attendance_code: r.attendanceCode,
        })),
    } satisfies ModeForReasons<FlowReason>,
  }));
}

export type HostOption = { id: string; firstName: string; lastName: string; email: string | null };

/** The hosts a flow offers: its own and its user type's (spec "host list per journey and user type"), active only. */
export async function hostOptionsOfFlows(
  tx: Executor,
  entityId: string,
  flows: readonly { flowId: string; userTypeId: string }[],
): Promise<Map<string, HostOption[]>> {
  const result = new Map<string, HostOption[]>();
  if (flows.length === 0) return result;
  const columns = { id: people.id, firstName: people.firstName, lastName: people.lastName, email: people.email };
  const flowHosts = await tx
    .select({ flowId: journeyFlowHosts.flowId, ...columns })
    .from(journeyFlowHosts)
    .innerJoin(people, and(eq(people.entityId, journeyFlowHosts.entityId), eq(people.id, journeyFlowHosts.personId)))
    .where(
      and(
        eq(journeyFlowHosts.entityId, entityId),
        inArray(
          journeyFlowHosts.flowId,
          flows.map((f) => f.flowId),
        ),
        eq(people.status, 'active'),
      ),
    );
  const typeHosts = await tx
    .select({ userTypeId: userTypeHosts.userTypeId, ...columns })
    .from(userTypeHosts)
    .innerJoin(people, and(eq(people.entityId, userTypeHosts.entityId), eq(people.id, userTypeHosts.personId)))
    .where(
      and(
        eq(userTypeHosts.entityId, entityId),
        inArray(
          userTypeHosts.userTypeId,
          flows.map((f) => f.userTypeId),
        ),
        eq(people.status, 'active'),
      ),
    );
  for (const f of flows) {
    const seen = new Set<string>();
    const list = [
      ...flowHosts.filter((h) => h.flowId === f.flowId),
      ...typeHosts.filter((h) => h.userTypeId === f.userTypeId),
    ]
      .filter((h) => !seen.has(h.id) && Boolean(seen.add(h.id)))
      .map((h) => ({ id: h.id, firstName: h.firstName, lastName: h.lastName, email: h.email }))
      .sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`));
    result.set(f.flowId, list);
  }
  return result;
}

export type ActionField = {
  id: string;
  name: string;
  type: CustomFieldType;
  required: boolean;
  options: CustomFieldOptions;
  printOnBadge: boolean;
  section: { id: string; name: string };
};

const fieldsOfBindingQuery = preparedQuery('fields_of_binding_v1', (db) =>
  db
    .select({ field: customFields, sectionName: customFieldSections.name })
    .from(customFields)
    .innerJoin(
      customFieldSections,
      and(eq(customFieldSections.entityId, customFields.entityId), eq(customFieldSections.id, customFields.sectionId)),
    )
    .where(
      and(eq(customFields.entityId, sql.placeholder('entityId')), eq(customFields.binding, sql.placeholder('binding'))),
    )
    .orderBy(asc(customFieldSections.position), asc(customFields.position), asc(customFields.id)),
);

/** The custom fields asked when signing in, signing out or checking in (spec §3 Custom field binding). */
export async function fieldsOfBinding(
  tx: Executor,
  entityId: string,
  binding: CustomFieldBinding,
): Promise<ActionField[]> {
  const rows = await fieldsOfBindingQuery(tx, { entityId, binding });
  return rows.map(({ field, sectionName }) => ({
    id: field.id,
    name: field.name,
    type: field.type as CustomFieldType,
    required: field.required,
    options: field.options,
    printOnBadge: field.printOnBadge,
    section: { id: field.sectionId, name: sectionName },
  }));
}
