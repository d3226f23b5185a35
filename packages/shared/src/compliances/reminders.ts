// When an expected visitor is sent the online compliance link, and reminded (spec §5: a compliance is
// sent at least 5 minutes before the visit, reminders at least 30 minutes apart). A pure rule: the
// server's job decides with it, and its tests give it any clock.
import { COMPLIANCE_LIMITS, type ComplianceSettings } from './schemas';

const MINUTE = 60_000;

/** What has gone out for the visit's current time (a moved visit starts again). */
export type ComplianceMailRound = {
  linkSentAt: Date | null;
  remindersSent: number;
  lastReminderAt: Date | null;
};

export type NextComplianceMail = { kind: 'link' | 'reminder'; dueAt: Date };

/**
 * How the compliances still unanswered are sent together: the earliest send-before of them (so each is
 * sent at least as early as it asks) and the shortest reminder interval.
 */
export function combinedSettings(settings: readonly ComplianceSettings[]): ComplianceSettings | null {
  if (settings.length === 0) return null;
  return {
    send_before_minutes: Math.max(...settings.map((s) => s.send_before_minutes)),
    reminder_interval_minutes: Math.min(...settings.map((s) => s.reminder_interval_minutes)),
  };
}

/** The last moment anything is sent: spec §5, never less than 5 minutes before the visit. */
export const lastSendAt = (expectedAt: Date): Date =>
  new Date(expectedAt.getTime() - COMPLIANCE_LIMITS.sendBeforeMin * MINUTE);

/**
 * The next mail of a visit expected at `expectedAt`, or null when none will go:
 * - the link at the visit time minus send-before (at once, when the visit was added later than that);
 * - then a reminder every interval after the last mail;
 * - nothing later than 5 minutes before the visit. `dueAt` may be past: the mail is due now.
 */
export function nextComplianceMail(
  expectedAt: Date,
  settings: ComplianceSettings,
  round: ComplianceMailRound,
  now: Date,
): NextComplianceMail | null {
  const last = lastSendAt(expectedAt);
  if (now.getTime() > last.getTime()) return null;
  if (!round.linkSentAt) {
    return { kind: 'link', dueAt: new Date(expectedAt.getTime() - settings.send_before_minutes * MINUTE) };
  }
  const previous = round.lastReminderAt ?? round.linkSentAt;
  const dueAt = new Date(previous.getTime() + settings.reminder_interval_minutes * MINUTE);
  return dueAt.getTime() > last.getTime() ? null : { kind: 'reminder', dueAt };
}
