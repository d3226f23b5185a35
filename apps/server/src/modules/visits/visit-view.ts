// A visit as the API shows it (the logbook row).
import type { JourneyStage, LoginMode, VisitState } from '@app/shared/visits/stages';
import { badgeLabel } from '@app/shared/visits/stages';
import type { SignSource, Visit } from '@app/shared/visits/schemas';
import { localStamp } from '@app/shared/visits/rules';
import type { Executor } from '../../db/client';
import { mayChangeVisit, type VisitEditor } from '@app/shared/visits/visit-editor';
import { fullName, photoUrl } from '../people/person-view';
import { roundsOf } from '../compliance-mails/compliance-mails.repository';
import { hostsOfVisits, type VisitRow } from './visits.repository';

const moment = (at: Date | null, timeZone: string) =>
  at ? { at: at.toISOString(), local: localStamp(at, timeZone) } : null;

export const loginModeOf = (value: string): LoginMode => (value === 'checkIn_only' ? 'checkIn_only' : 'signIn_signOut');

/**
 * Visits as the logbook shows them to `editor` (who may change which); any number of them costs one
 * more query (their hosts).
 */
export async function toVisits(
  tx: Executor,
  entityId: string,
  timeZone: string,
  rows: VisitRow[],
  editor: VisitEditor,
): Promise<Visit[]> {
  const hosts = await hostsOfVisits(
    tx,
    entityId,
    rows.map((r) => r.visit.id),
  );
  // Only expected visits have compliance mails to show: the read is skipped for a page without any.
  const mails = await roundsOf(
    tx,
    entityId,
    rows.filter((r) => r.visit.state === 'expected').map((r) => r.visit.id),
  );
  return visitsOf(timeZone, rows, hosts, editor, mails);
}

type MailRow = Awaited<ReturnType<typeof roundsOf>>[number];

/** What went to an expected visitor for the visit's current time, and what is next (spec §5). */
function complianceMailsOf(v: VisitRow['visit'], mails: readonly MailRow[], timeZone: string) {
  const m = v.state === 'expected' ? mails.find((x) => x.visitId === v.id) : undefined;
  if (!m || m.expectedAt?.getTime() !== v.expectedAt?.getTime()) return null;
  if (!m.linkSentAt && !m.nextDueAt) return null;
  return {
    link_sent: moment(m.linkSentAt, timeZone),
    reminders_sent: m.remindersSent,
    last_reminder: moment(m.lastReminderAt, timeZone),
    next_due: moment(m.nextDueAt, timeZone),
  };
}

export type VisitHostRow = Awaited<ReturnType<typeof hostsOfVisits>>[number];

/** The kiosk's rating kept in the visit's `extra` (PUT /kiosk-device/visits/{id}/rating). */
function ratingOf(extra: Record<string, unknown>): Visit['rating'] {
  const rating = extra.rating as { score?: unknown; max?: unknown } | undefined;
  return typeof rating?.score === 'number' && typeof rating.max === 'number'
    ? { score: rating.score, max: rating.max }
    : null;
}

/** Visits as the logbook shows them, from their rows and their hosts' rows (in the hosts' name order). */
export function visitsOf(
  timeZone: string,
  rows: VisitRow[],
  hosts: VisitHostRow[],
  editor: VisitEditor,
  mails: readonly MailRow[] = [],
): Visit[] {
  return rows.map((r) => {
    const v = r.visit;
    const loginMode = loginModeOf(v.loginMode);
    const visitHosts = hosts.filter((h) => h.visitId === v.id);
    return {
      id: v.id,
      person: {
        id: r.person.id,
        full_name: fullName(r.person),
        first_name: r.person.firstName,
        last_name: r.person.lastName,
        email: r.person.email,
        company_name: r.person.companyName,
        photo_url: photoUrl(r.person.id, r.person.image),
      },
      user_type: v.userTypeId && r.userTypeName !== null ? { id: v.userTypeId, name: r.userTypeName } : null,
      site: { id: v.siteId, name: r.siteName },
      area: { id: v.areaId, name: r.areaName },
      journey: v.journeyId && r.journeyName !== null ? { id: v.journeyId, name: r.journeyName } : null,
      journey_flow_id: v.journeyFlowId,
      state: v.state as VisitState,
      stage: (v.stage as JourneyStage | null) ?? null,
      login_mode: loginMode,
      badge_label: badgeLabel(loginMode, v.state === 'on_site'),
      signed_in: moment(v.signedInAt, timeZone),
      signed_out: moment(v.signedOutAt, timeZone),
      expected: moment(v.expectedAt, timeZone),
      sign_in_source: (v.signInSource as SignSource | null) ?? null,
      sign_out_source: (v.signOutSource as SignSource | null) ?? null,
      hosts: visitHosts.map((h) => ({ id: h.id, full_name: fullName(h) })),
      host_message: v.hostMessage,
      notes: v.notes,
      temperature_c: v.temperatureC === null ? null : Number(v.temperatureC),
      mask: v.mask,
      override_reason: v.overrideReason,
      late_reason: r.lateReason
        ? { id: r.lateReason.id, name: r.lateReason.name, attendance_code: r.lateReason.code }
        : null,
      early_reason: r.earlyReason
        ? { id: r.earlyReason.id, name: r.earlyReason.name, attendance_code: r.earlyReason.code }
        : null,
      timezone: timeZone,
      created_at: v.createdAt.toISOString(),
      created_by: v.createdByPersonId,
      can_change: mayChangeVisit(
        editor,
        v,
        visitHosts.map((h) => h.id),
      ),
      confirmed: v.confirmedAt !== null,
      compliance_mails: complianceMailsOf(v, mails, timeZone),
      rating: ratingOf(v.extra),
    };
  });
}
