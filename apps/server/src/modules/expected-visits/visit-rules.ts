// Rules an expected visit keeps however it is made (by an admin, through a self-registration link or a
// confirmation link): the flow its user type follows at the site, its hosts, its time on the company's
// clock, one visit per person and day, where its compliance stands, and its stage (stageFor).
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { randomInt } from 'node:crypto';
import { answerStillValid, endOfLocalDay, localDate, type LocalDate } from '@app/shared/compliances/validity';
import type { ComplianceFrequency } from '@app/shared/compliances/schemas';
import { fromLocalDateTime, toLocalDateTime } from '@app/shared/announcements/times';
import { localVisitDateTime } from '@app/shared/expected-visits/schemas';
import {
  complianceFlags,
  readFlowSettings,
  type ComplianceFlags,
  type FlowSettings,
} from '@app/shared/journeys/flow-settings';
import { linkExpiry, type LinkExpiry, type LinkMode } from '@app/shared/pre-registration/link-expiry';
import type { HostSettings } from '@app/shared/pre-registration/schemas';
import { safeTimeZone } from '@app/shared/time-zones';
import type { RegistrationMethod } from '@app/shared/user-types/schemas';
import { stageFor, type ComplianceProgress, type JourneyStage, type VisitState } from '@app/shared/visits/stages';
import { startOfLocalDay } from '@app/shared/compliances/validity';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { randomToken } from '../../lib/tokens';
import {
  activePeople,
  countFlowCompliances,
  flowCompliances,
  flowsOfUserTypes,
  listedHostIds,
  otherVisitOn,
  responsesOf,
  type VisitRow,
} from './expected-visits.repository';

// ---- the flow ----

export type FlowChoice = {
  flowId: string;
  journeyId: string;
  settings: FlowSettings;
  touchMode: boolean;
  complianceCount: number;
};

/** The flow a user type follows at a site (the first journey by name when several serve the site). */
export async function flowFor(tx: Executor, entityId: string, userTypeId: string, siteId: string) {
  const [row] = await flowsOfUserTypes(tx, entityId, [userTypeId], siteId);
  if (!row) return null;
  const [count] = await countFlowCompliances(tx, entityId, [row.flow.id]);
  return {
    flowId: row.flow.id,
    journeyId: row.flow.journeyId,
    settings: readFlowSettings(row.flow.settings),
    touchMode: row.touchMode,
    complianceCount: count?.count ?? 0,
  } satisfies FlowChoice;
}

export const flagsOf = (
  flow: Pick<FlowChoice, 'settings' | 'touchMode' | 'complianceCount'> | null,
): ComplianceFlags =>
  flow
    ? complianceFlags(flow.settings, { complianceCount: flow.complianceCount, touchMode: flow.touchMode })
    : complianceFlags(readFlowSettings({}), { complianceCount: 0, touchMode: false });

export function hostSettingsOf(settings: FlowSettings | null): HostSettings {
  const checks = settings?.checks;
  const asked = Boolean(checks?.host);
  return {
    asked,
    required: asked && !checks?.allow_not_select_host,
    only_listed: asked && Boolean(checks?.select_host_permitted),
    note: settings?.host_note ?? '',
  };
}

// ---- hosts ----

/**
 * The hosts a visit names: active people of the company; at least one when the flow requires a host;
 * only the flow's (or the user type's) listed hosts when the flow says so.
 */
export async function checkHosts(
  tx: Executor,
  entityId: string,
  hostIds: string[],
  flow: FlowChoice | null,
  userTypeId: string,
  field = 'host_ids',
): Promise<string[]> {
  const settings = hostSettingsOf(flow?.settings ?? null);
  if (settings.required && hostIds.length === 0) {
    throw new AppError('rule_violation', { field, messageKey: 'expected_visit_host_required' });
  }
  const found = await activePeople(tx, entityId, hostIds);
  if (found.length !== hostIds.length) {
    throw new AppError('rule_violation', { field, messageKey: 'expected_visit_host_not_found' });
  }
  if (settings.only_listed) {
    const listed = await listedHostIds(tx, entityId, flow?.flowId ?? null, userTypeId);
    const allowed = new Set([...listed.flow, ...listed.userType]);
    if (!hostIds.every((id) => allowed.has(id))) {
      throw new AppError('rule_violation', { field, messageKey: 'expected_visit_host_not_listed' });
    }
  }
  return hostIds;
}

// ---- time ----

export type VisitTime = { expectedAt: Date; day: LocalDate; timezone: string };

/** The visit's instant from its date and time on the company's clock; never before now (to the minute). */
export function visitTimeOf(date: string, time: string, timezone: string, now: Date, field = 'visit_time'): VisitTime {
  const zone = safeTimeZone(timezone);
  const expectedAt = fromLocalDateTime(localVisitDateTime(date, time), zone);
  if (!expectedAt)
    throw new AppError('validation_failed', { field: 'visit_date', messageKey: 'expected_visit_invalid_date' });
  // Compared to the minute: a visit for the current minute is not in the past.
  if (expectedAt.getTime() < Math.floor(now.getTime() / 60_000) * 60_000) {
    throw new AppError('rule_violation', { field, messageKey: 'expected_visit_in_past' });
  }
  return { expectedAt, day: localDate(expectedAt, zone), timezone: zone };
}

/** The date and time parts of an instant on the company's clock. */
export function clockOf(instant: Date, timezone: string) {
  const [date, time] = toLocalDateTime(instant, safeTimeZone(timezone)).split('T') as [string, string];
  return { date, time };
}

/** Another live expected visit of the person on the same day of the company's calendar. */
export async function sameDayVisit(
  tx: Executor,
  entityId: string,
  personId: string,
  when: VisitTime,
  exceptId?: string,
) {
  return otherVisitOn(
    tx,
    entityId,
    personId,
    startOfLocalDay(when.day, when.timezone),
    endOfLocalDay(when.day, when.timezone),
    exceptId,
  );
}

// ---- compliance ----

type ResponseRow = Awaited<ReturnType<typeof responsesOf>>[number];
export type ComplianceItem = {
  compliance: Awaited<ReturnType<typeof flowCompliances>>[number]['compliance'];
  required: boolean;
  /** The answer that counts for the visit: given for it, or still valid at its time. */
  answer: ResponseRow | null;
};

/**
 * Where a visit's compliance stands (the rule the kiosk and dashboard also follow: an answer counts
 * for a visit when it was given for that visit, or when its frequency keeps it valid at the visit's
 * time). `failed` when a required answer failed, `pending` when one is missing, `none` when the flow
 * asks nothing required.
 */
export async function complianceStateOf(
  tx: Executor,
  entityId: string,
  input: { personId: string | null; flowId: string | null; visitId: string | null; at: Date },
): Promise<{ progress: ComplianceProgress; items: ComplianceItem[]; failedAt: Date | null }> {
  if (!input.flowId) return { progress: 'none', items: [], failedAt: null };
  const asked = await flowCompliances(tx, entityId, input.flowId);
  const answers = input.personId
    ? await responsesOf(
        tx,
        entityId,
        input.personId,
        asked.map((a) => a.compliance.id),
      )
    : [];
  const items = asked.map(({ compliance, required }) => {
    const answer =
      answers.find(
        (r) =>
          r.complianceId === compliance.id &&
          ((input.visitId !== null && r.visitId === input.visitId) ||
            answerStillValid(compliance.frequency as ComplianceFrequency, r.validUntil, input.at)),
      ) ?? null;
    return { compliance, required, answer };
  });
  const required = items.filter((i) => i.required);
  const progress: ComplianceProgress =
    required.length === 0
      ? 'none'
      : required.some((i) => i.answer?.status === 'failed')
        ? 'failed'
        : required.some((i) => !i.answer)
          ? 'pending'
          : 'done';
  // When the latest failed answer was given: an approval given before it no longer counts (stageFor).
  const failedAt = required.reduce<Date | null>((latest, i) => {
    const at = i.answer?.status === 'failed' ? i.answer.answeredAt : null;
    return at && (!latest || at > latest) ? at : latest;
  }, null);
  return { progress, items, failedAt };
}

export const visitOrigin = (visit: Pick<VisitRow, 'extra'>): 'admin' | 'pre_registration' =>
  visit.extra?.origin === 'pre_registration' ? 'pre_registration' : 'admin';

/** Whether a visit was made for a day already full and waits for an admin's approval for it (decision 054). */
export const heldForCapacity = (visit: Pick<VisitRow, 'extra'>): boolean => visit.extra?.capacity_held === true;

/** A visit's extra with its hold for a full day set or cleared. */
export function withHeld(extra: Record<string, unknown>, held: boolean): Record<string, unknown> {
  const { capacity_held: _, ...rest } = extra;
  return held ? { ...rest, capacity_held: true } : rest;
}

/** The stage a visit has now, from its user type, how it was made and its compliance (spec §4). */
export function stageOf(input: {
  method: RegistrationMethod;
  autoApprove: boolean;
  origin: 'admin' | 'pre_registration';
  progress: ComplianceProgress;
  current: string | null;
  /** When an admin last decided the visit, and when its compliance last failed (stageFor). */
  decidedAt?: Date | null;
  failedAt?: Date | null;
  /** Made for a day already full, waiting for an admin (decision 054). */
  held?: boolean;
}): JourneyStage {
  return stageFor({
    held: input.held,
    method: input.method,
    autoApprove: input.autoApprove,
    addedByAdmin: input.origin === 'admin',
    compliance: input.progress,
    current: (input.current as JourneyStage | null) ?? null,
    decidedAt: input.decidedAt ?? null,
    failedAt: input.failedAt ?? null,
  });
}

// ---- links ----

/** The random part of a visit's links: unguessable. */
export const newLinkToken = () => randomToken(18);

// No 0/O or 1/I: the code is read off a screen and typed.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** The short code of a visit's QR and of its /c/{token}/{code} link. */
export const newLinkCode = () =>
  Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export const qrDataUrl = (code: string) => QRCode.toDataURL(code, { margin: 1, width: 320 });

/** Whether a visit's link works at `now` (spec §4 link expiry), its user type giving the grace period. */
export const linkExpiryOf = (
  visit: VisitRow,
  type: { gracePeriodMinutes: number } | null,
  mode: LinkMode,
  now: Date,
): LinkExpiry | null =>
  linkExpiry(
    {
      state: visit.state as VisitState,
      stage: visit.stage,
      expectedAt: visit.expectedAt,
      confirmedAt: visit.confirmedAt,
      signOutSource: visit.signOutSource,
      gracePeriodMinutes: type?.gracePeriodMinutes ?? 30,
    },
    mode,
    now,
  );

export const linkUrl = (app: FastifyInstance, token: string) => `${app.env.appUrl}/pre-registration/${token}`;
export const complianceUrl = (app: FastifyInstance, token: string) => `${app.env.appUrl}/online-compliance/${token}`;
/** The visit's pass page: its QR and where it stands, on any device (linkExpiry 'pass' mode). */
export const passUrl = (app: FastifyInstance, token: string) => `${app.env.appUrl}/pre-registration/${token}/success`;
