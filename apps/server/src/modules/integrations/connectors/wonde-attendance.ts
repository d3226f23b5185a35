import { isRecord, wondeMessage, type WondeApi } from './wonde-api';
import type { WondePeopleKind } from './wonde-records';
import type { AttendanceCode, ScanToWrite, ScanWritten } from './types';
import { DirectoryUnavailableError } from './types';

// Session attendance write-back (docs.wonde.com, Writeback › Session attendance, and Wonde's own clients):
// POST /schools/{school_id}/attendance/session with { attendance: [{ student_id, date (Y-m-d), session
// (AM or PM), attendance_code_id, comment? }] }; Wonde answers with the writeback_id of the queued write
// and passes it on to the school's MIS. Wonde validates the register whole: one bad mark answers 422 with
// errors keyed by the mark ("attendance.3.student_id") and writes nothing, so the marks it named are failed
// and the rest are sent again. Only students have session attendance; employees are failed before sending.
// Codes come from GET /attendance-codes ({ id, code, description }).

/** Marks sent in one request: a register's worth, small enough that a 422 names few to drop. */
const BATCH = 100;

type Mark = { scan: ScanToWrite; body: Record<string, string> };

/** The school-local date and registration session of an instant: before noon is the AM session. */
export function sessionOf(at: Date, timeZone: string): { date: string; session: 'AM' | 'PM' } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    session: Number(part('hour')) < 12 ? 'AM' : 'PM',
  };
}

export function attendanceCodesOf(rows: unknown[]): AttendanceCode[] {
  return rows.flatMap((row) => {
    if (!isRecord(row) || typeof row.id !== 'string' || typeof row.code !== 'string') return [];
    const label = typeof row.description === 'string' && row.description.trim() ? row.description.trim() : row.code;
    return [{ id: row.id, code: row.code, label }];
  });
}

/** Wonde's validation errors by the index of the mark they name; `general` for the rest. */
function markErrorsOf(json: unknown): { byIndex: Map<number, string>; general: string | null } {
  const byIndex = new Map<number, string>();
  const errors = isRecord(json) && isRecord(json.errors) ? json.errors : isRecord(json) ? json : {};
  for (const [key, value] of Object.entries(errors)) {
    const match = /^attendance\.(\d+)(?:\.|$)/.exec(key);
    if (!match) continue;
    const said = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    const index = Number(match[1]);
    byIndex.set(index, [byIndex.get(index), ...said].filter(Boolean).join(' ') || `Wonde rejected ${key}`);
  }
  return { byIndex, general: wondeMessage(json) };
}

export async function writeWondeScans(
  api: WondeApi,
  schoolId: string,
  scans: ScanToWrite[],
  options: { allowsWriteback: boolean; kinds: ReadonlyMap<string, WondePeopleKind> },
): Promise<ScanWritten[]> {
  const results = new Map<string, ScanWritten>();
  const failed = (scan: ScanToWrite, problem: string) => results.set(scan.id, { id: scan.id, ok: false, problem });
  const marks: Mark[] = [];
  for (const scan of scans) {
    if (!options.allowsWriteback) {
      failed(scan, 'The school’s MIS does not take write-back through Wonde');
      continue;
    }
    if (options.kinds.get(scan.externalId) === 'employees') {
      failed(scan, 'Wonde takes session attendance for students only; this person is a Wonde employee');
      continue;
    }
    if (!scan.codeId) {
      failed(scan, 'No Wonde attendance code is mapped for this scan, so it was not written');
      continue;
    }
    let when: { date: string; session: 'AM' | 'PM' };
    try {
      when = sessionOf(scan.happenedAt, scan.timeZone);
    } catch {
      failed(scan, `The time zone ${scan.timeZone} is unknown, so the school day of the scan can't be told`);
      continue;
    }
    const body: Record<string, string> = {
      student_id: scan.externalId,
      date: when.date,
      session: when.session,
      attendance_code_id: scan.codeId,
    };
    if (scan.note?.trim()) body.comment = scan.note.trim();
    marks.push({ scan, body });
  }

  const rejectedStudents = new Set<string>();
  for (let i = 0; i < marks.length; i += BATCH) {
    let pending = marks.slice(i, i + BATCH);
    while (pending.length) {
      let answer;
      try {
        answer = await api.send('POST', `/schools/${encodeURIComponent(schoolId)}/attendance/session`, {
          attendance: pending.map((m) => m.body),
        });
      } catch (err) {
        // Down or throttled past the retries: these marks fail now and are written on a later run.
        if (!(err instanceof DirectoryUnavailableError)) throw err;
        for (const m of pending) failed(m.scan, `Wonde could not be reached: ${err.message}`);
        break;
      }
      if (answer.status >= 200 && answer.status < 300) {
        for (const m of pending) results.set(m.scan.id, { id: m.scan.id, ok: true });
        break;
      }
      const { byIndex, general } =
        answer.status === 422 ? markErrorsOf(answer.json) : { byIndex: new Map<number, string>(), general: null };
      const named = [...byIndex.keys()].filter((index) => index < pending.length);
      if (!named.length) {
        const said = general ?? wondeMessage(answer.json);
        const status = `${answer.status}${said ? `: ${said}` : ''}`;
        // Throttled past the retries or down: nothing is wrong with the marks themselves.
        const busy = answer.status === 429 || answer.status >= 500;
        for (const m of pending)
          failed(
            m.scan,
            busy
              ? `Wonde could not take the attendance just now (${status})`
              : `Wonde refused the attendance (${status})`,
          );
        break;
      }
      for (const index of named) {
        const m = pending[index]!;
        const problem = byIndex.get(index)!;
        failed(m.scan, `Wonde refused the mark: ${problem}`);
        if (/student_id/.test(problem)) rejectedStudents.add(m.scan.externalId);
      }
      pending = pending.filter((_, index) => !byIndex.has(index));
    }
  }

  // An unknown student may be an employee whose kind this session never read: say so plainly.
  for (const id of rejectedStudents) {
    if (options.kinds.has(id)) continue;
    const path = `/schools/${encodeURIComponent(schoolId)}/employees/${encodeURIComponent(id)}`;
    const status = await api.send('GET', path).then(
      (answer) => answer.status,
      () => null, // only a better message is at stake: the scan has already failed
    );
    if (status !== 200) continue;
    for (const scan of scans)
      if (scan.externalId === id && results.get(scan.id)?.ok === false)
        failed(scan, 'Wonde takes session attendance for students only; this person is a Wonde employee');
  }

  return scans.map((scan) => results.get(scan.id) ?? { id: scan.id, ok: false, problem: 'Not written' });
}
