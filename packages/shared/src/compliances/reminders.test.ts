import { describe, expect, it } from 'vitest';
import { combinedSettings, lastSendAt, nextComplianceMail } from './reminders';

const at = (s: string) => new Date(`2026-11-20T${s}:00Z`);
const expectedAt = at('12:00');
const settings = { send_before_minutes: 120, reminder_interval_minutes: 30 };
const fresh = { linkSentAt: null, remindersSent: 0, lastReminderAt: null };

describe('nextComplianceMail (spec §5)', () => {
  it('sends the link at the visit time minus send-before, due now when the visit was added later', () => {
    expect(nextComplianceMail(expectedAt, settings, fresh, at('08:00'))).toEqual({ kind: 'link', dueAt: at('10:00') });
    expect(nextComplianceMail(expectedAt, settings, fresh, at('11:00'))).toEqual({ kind: 'link', dueAt: at('10:00') });
  });

  it('reminds every interval after the last mail, never less than 5 minutes before the visit', () => {
    const sent = { ...fresh, linkSentAt: at('10:00') };
    expect(nextComplianceMail(expectedAt, settings, sent, at('10:00'))).toEqual({
      kind: 'reminder',
      dueAt: at('10:30'),
    });
    const reminded = { linkSentAt: at('10:00'), remindersSent: 3, lastReminderAt: at('11:30') };
    // 12:00 is the visit: the next would be less than 5 minutes before it.
    expect(nextComplianceMail(expectedAt, settings, reminded, at('11:30'))).toBeNull();
    expect(nextComplianceMail(expectedAt, settings, fresh, at('11:56'))).toBeNull();
    expect(lastSendAt(expectedAt)).toEqual(at('11:55'));
  });

  it('sends the unanswered compliances together: the earliest send-before, the shortest interval', () => {
    expect(
      combinedSettings([
        { send_before_minutes: 60, reminder_interval_minutes: 240 },
        { send_before_minutes: 1440, reminder_interval_minutes: 30 },
      ]),
    ).toEqual({ send_before_minutes: 1440, reminder_interval_minutes: 30 });
    expect(combinedSettings([])).toBeNull();
  });
});
