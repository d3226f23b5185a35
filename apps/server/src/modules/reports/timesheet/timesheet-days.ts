import type { TimesheetDay, TimesheetTotals } from '@app/shared/reports/timesheet';
import { addDays, isoWeekday, parseLocalDate, startOfLocalDay } from '@app/shared/compliances/validity';
import { localDay, localStamp } from '@app/shared/visits/rules';
import { fullName } from '../../people/person-view';
import type { CorrectionRow, TimesheetModeRow, TimesheetVisitRow } from './timesheet.repository';

// A person's visits as timesheet days (the rules are listed in @app/shared/reports/timesheet): each
// visit cut at the company's midnights into one piece per day, pieces clipped to the range and to now.

const MINUTE_MS = 60_000;

type Piece = { start: Date; end: Date; visit: TimesheetVisitRow; carriedIn: boolean; carriedOut: boolean };

const moment = (at: Date, timeZone: string) => ({ at: at.toISOString(), local: localStamp(at, timeZone) });

/** The instant a company day ends (the next one's midnight). */
const endOfDay = (day: string, timeZone: string) => startOfLocalDay(addDays(parseLocalDate(day), 1), timeZone);

/** A visit's pieces per company day, within [rangeStart, rangeEnd) and up to `now`. */
export function piecesOf(
  visit: TimesheetVisitRow,
  timeZone: string,
  rangeStart: Date,
  rangeEnd: Date,
  now: Date,
): Map<string, Piece> {
  const out = new Map<string, Piece>();
  const until = visit.signedOutAt ?? now;
  // A visit begun before the range (on site for long) starts counting at the range's first midnight.
  let start = visit.signedInAt < rangeStart ? rangeStart : visit.signedInAt;
  while (start < until) {
    const day = localDay(start, timeZone);
    const dayEnd = endOfDay(day, timeZone);
    const end = until < dayEnd ? until : dayEnd;
    if (end > rangeStart && start < rangeEnd) {
      out.set(day, {
        start,
        end,
        visit,
        carriedIn: start.getTime() !== visit.signedInAt.getTime(),
        carriedOut: end.getTime() !== until.getTime(),
      });
    }
    if (end >= rangeEnd) break;
    start = end;
  }
  return out;
}

const minutesBetween = (a: Date, b: Date) => Math.floor((b.getTime() - a.getTime()) / MINUTE_MS);

const timeMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Expected minutes of a mode on a day: its hours on its weekdays (through midnight when end ≤ start), else 0. */
export function expectedMinutes(mode: TimesheetModeRow, day: string): number {
  if (!mode.days.includes(isoWeekday(parseLocalDate(day)))) return 0;
  const span = timeMinutes(mode.endTime) - timeMinutes(mode.startTime);
  return span > 0 ? span : span + 24 * 60;
}

/** Modes in the order a day picks among them: earliest start, then name, then id. */
const byStart = (a: TimesheetModeRow, b: TimesheetModeRow) =>
  a.startTime.localeCompare(b.startTime) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** The day's attendance mode (see the rules in the shared contract). */
export function modeOfDay(
  day: string,
  pieces: Piece[],
  modesById: Map<string, TimesheetModeRow>,
  modesByFlow: Map<string, TimesheetModeRow[]>,
): TimesheetModeRow | null {
  for (const piece of pieces) {
    const reason = piece.visit.late ?? piece.visit.early;
    const mode = reason ? modesById.get(reason.modeId) : undefined;
    if (mode) return mode;
  }
  const flowId = pieces.find((p) => p.visit.journeyFlowId)?.visit.journeyFlowId;
  const modes = [...((flowId && modesByFlow.get(flowId)) || [])].sort(byStart);
  if (modes.length === 0) return null;
  const weekday = isoWeekday(parseLocalDate(day));
  return modes.find((m) => m.days.includes(weekday)) ?? modes[0]!;
}

export type PersonDaysInput = {
  visits: TimesheetVisitRow[];
  corrections: CorrectionRow[];
  modesById: Map<string, TimesheetModeRow>;
  modesByFlow: Map<string, TimesheetModeRow[]>;
  timeZone: string;
  range: { start: Date; end: Date };
  now: Date;
};

/** One person's days in the range, in day order, and their totals. */
export function personDays(input: PersonDaysInput): { days: TimesheetDay[]; totals: TimesheetTotals } {
  const { timeZone, range, now } = input;
  const piecesByDay = new Map<string, Piece[]>();
  for (const visit of input.visits) {
    for (const [day, piece] of piecesOf(visit, timeZone, range.start, range.end, now)) {
      const list = piecesByDay.get(day) ?? [];
      list.push(piece);
      piecesByDay.set(day, list);
    }
  }
  const correctionByDay = new Map(input.corrections.map((c) => [c.day, c]));
  const allDays = [...new Set([...piecesByDay.keys(), ...correctionByDay.keys()])].sort();

  const days = allDays.map((day): TimesheetDay => {
    const pieces = (piecesByDay.get(day) ?? []).sort((a, b) => a.start.getTime() - b.start.getTime());
    const first = pieces[0];
    const last = pieces.reduce<Piece | undefined>((acc, p) => (!acc || p.end > acc.end ? p : acc), undefined);
    const running = pieces.find((p) => p.visit.signedOutAt === null && !p.carriedOut);
    const onSite = running !== undefined;
    const recorded = pieces.reduce((sum, p) => sum + minutesBetween(p.start, p.end), 0);
    const original = {
      first_in: first ? moment(first.start, timeZone) : null,
      last_out: last && !onSite ? moment(last.end, timeZone) : null,
      minutes: recorded,
    };
    // A reason is the day's where its moment is: a late sign-in on the day of the sign-in, an early
    // sign-out on the day of the sign-out.
    const late = pieces.filter((p) => p.visit.late && !p.carriedIn).map((p) => p.visit.late!);
    const early = pieces
      .filter((p) => p.visit.early && p.visit.signedOutAt && p.end.getTime() === p.visit.signedOutAt.getTime())
      .map((p) => p.visit.early!);
    const reason = (r: { id: string; name: string; code: string | null }) => ({
      id: r.id,
      name: r.name,
      attendance_code: r.code,
    });
    const mode = modeOfDay(day, pieces, input.modesById, input.modesByFlow);
    const expected = mode ? expectedMinutes(mode, day) : null;
    const c = correctionByDay.get(day);
    const correction = c
      ? {
          id: c.id,
          person_id: c.personId,
          day: c.day,
          first_in: moment(c.firstInAt, timeZone),
          last_out: moment(c.lastOutAt, timeZone),
          minutes: c.minutes,
          reason: c.reason,
          corrected_by: c.corrector ? { id: c.corrector.id, full_name: fullName(c.corrector) } : null,
          corrected_at: c.createdAt.toISOString(),
        }
      : null;
    const minutes = correction ? correction.minutes : recorded;
    return {
      day,
      first_in: correction ? correction.first_in : original.first_in,
      last_out: correction ? correction.last_out : original.last_out,
      minutes,
      visits: new Set(pieces.map((p) => p.visit.id)).size,
      on_site: correction ? false : onSite,
      ongoing_since: correction || !running ? null : running.start.toISOString(),
      carried_in: correction ? false : (first?.carriedIn ?? false),
      carried_out: correction ? false : (last?.carriedOut ?? false),
      late_reasons: late.map(reason),
      early_reasons: early.map(reason),
      attendance_mode: mode ? { id: mode.id, name: mode.name } : null,
      expected_minutes: expected,
      difference_minutes: expected === null ? null : minutes - expected,
      original,
      correction,
    };
  });

  const scheduled = days.filter((d) => d.expected_minutes !== null);
  const totals: TimesheetTotals = {
    days: days.length,
    visits: new Set(input.visits.map((v) => v.id)).size,
    minutes: days.reduce((s, d) => s + d.minutes, 0),
    expected_minutes: scheduled.length ? scheduled.reduce((s, d) => s + (d.expected_minutes ?? 0), 0) : null,
    difference_minutes: scheduled.length ? scheduled.reduce((s, d) => s + (d.difference_minutes ?? 0), 0) : null,
    late: days.reduce((s, d) => s + d.late_reasons.length, 0),
    early: days.reduce((s, d) => s + d.early_reasons.length, 0),
    corrected: days.filter((d) => d.correction).length,
  };
  return { days, totals };
}
