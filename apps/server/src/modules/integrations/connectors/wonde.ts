import { attendanceCodesOf, writeWondeScans } from './wonde-attendance';
import { isRecord, WondeApi, wondeMessage } from './wonde-api';
import { wondeIncludes, wondeRecordOf, type WondePeopleKind, type WondeScope } from './wonde-records';
import {
  DirectoryAuthError,
  DirectoryUnavailableError,
  type DirectoryConnector,
  type DirectoryGroup,
  type DirectoryPage,
  type DirectoryRecord,
  type DirectorySession,
} from './types';

// Wonde (dir_code `wonde`): a school's MIS data through Wonde's API (docs.wonde.com). The admin gives the
// school's Wonde ID and the application's access token (static: nothing to refresh). A school sees an
// application's data request in its Wonde portal and approves it; until then Wonde lists the school under
// GET /schools/pending and its GET /meta/schools/{id} says approved: false, and the school's data is not
// served. Groups offered: Wonde's two kinds of people whole (the pseudo-groups "students" and "employees"),
// the school's groups (GET /schools/{id}/groups: registration, year, house…) and classes
// (GET /schools/{id}/classes). Reads are full: every person in scope each run, so anyone no longer listed
// left (Wonde's updated_after would need its deletions endpoint too; a full read is simpler and exact).

export const WONDE_STUDENTS = 'students';
export const WONDE_EMPLOYEES = 'employees';
const KINDS: readonly WondePeopleKind[] = [WONDE_STUDENTS, WONDE_EMPLOYEES];
export const WONDE_PENDING_MESSAGE =
  'Access to this school is pending the school’s approval: a school administrator approves it in the Wonde portal';

type School = { name: string | null; allowsWriteback: boolean };

const schoolPath = (schoolId: string) => `/schools/${encodeURIComponent(schoolId)}`;

/** The school's approval of this application as its meta data states it, or null when it can't be read. */
async function approvalOf(api: WondeApi, schoolId: string): Promise<boolean | null> {
  const answer = await api.send('GET', `/meta${schoolPath(schoolId)}`);
  if (answer.status === 429 || answer.status >= 500) throw api.failure(answer, `/meta${schoolPath(schoolId)}`);
  const data = isRecord(answer.json) ? answer.json.data : undefined;
  return answer.status === 200 && isRecord(data) && typeof data.approved === 'boolean' ? data.approved : null;
}

async function listedAsPending(api: WondeApi, schoolId: string): Promise<boolean> {
  try {
    for await (const page of api.pages('/schools/pending'))
      if (page.some((s) => isRecord(s) && s.id === schoolId)) return true;
  } catch (err) {
    if (err instanceof DirectoryAuthError) return false;
    throw err;
  }
  return false;
}

/** The authentication check: the school as the token sees it, or why it can't be read. */
async function openSchool(api: WondeApi, schoolId: string): Promise<School> {
  const answer = await api.send('GET', schoolPath(schoolId));
  const pending = () =>
    new DirectoryAuthError(`Wonde has not yet given access to school ${schoolId}`, WONDE_PENDING_MESSAGE);
  if (answer.status === 200) {
    const data = isRecord(answer.json) ? answer.json.data : undefined;
    if (!isRecord(data)) throw new DirectoryUnavailableError('Wonde sent the school in an unknown shape', 200);
    if ((await approvalOf(api, schoolId)) === false) throw pending();
    const extended = isRecord(data.extended) && isRecord(data.extended.data) ? data.extended.data : data.extended;
    return {
      name: typeof data.name === 'string' && data.name.trim() ? data.name.trim() : null,
      allowsWriteback: !(isRecord(extended) && extended.allows_writeback === false),
    };
  }
  if (answer.status === 403 || answer.status === 404) {
    const approved = await approvalOf(api, schoolId);
    if (approved === false || (approved === null && (await listedAsPending(api, schoolId)))) throw pending();
    throw new DirectoryAuthError(
      `Wonde gives this token no access to school ${schoolId}: check the school ID, and that the school ` +
        'has not declined or revoked access in the Wonde portal',
      wondeMessage(answer.json),
    );
  }
  throw api.failure(answer, schoolPath(schoolId));
}

function groupsOf(rows: unknown[], kind: 'group' | 'class'): DirectoryGroup[] {
  return rows.flatMap((row) =>
    isRecord(row) && typeof row.id === 'string' && row.id && typeof row.name === 'string' && row.name.trim()
      ? [{ id: row.id, name: row.name.trim(), kind }]
      : [],
  );
}

function openSession(api: WondeApi, schoolId: string, school: School): DirectorySession {
  /** The kind of each person this session read: write-back needn't ask Wonde again who is a student. */
  const kinds = new Map<string, WondePeopleKind>();
  const all = async (path: string) => {
    const rows: unknown[] = [];
    for await (const page of api.pages(path)) rows.push(...page);
    return rows;
  };

  return {
    refreshedSecrets: () => null,
    account: () => school.name,

    async groups() {
      return [
        { id: WONDE_STUDENTS, name: 'All students', kind: 'students' },
        { id: WONDE_EMPLOYEES, name: 'All employees', kind: 'employees' },
        ...groupsOf(await all(`${schoolPath(schoolId)}/groups`), 'group'),
        ...groupsOf(await all(`${schoolPath(schoolId)}/classes`), 'class'),
      ];
    },

    async users({ groupIds }) {
      const selected = new Set(groupIds);
      const scope: WondeScope = {
        kinds: new Set(KINDS.filter((k) => selected.has(k))),
        groupIds: new Set([...selected].filter((id) => !(KINDS as readonly string[]).includes(id))),
      };
      // A group or class may hold students and employees alike, so either selects both lists.
      const lists = scope.groupIds.size ? KINDS : [...scope.kinds];

      async function* pages(): AsyncGenerator<DirectoryPage> {
        const seen = new Set<string>();
        for (const kind of lists) {
          for await (const rows of api.pages(`${schoolPath(schoolId)}/${kind}`, {
            include: wondeIncludes(kind, scope.groupIds.size > 0),
          })) {
            const records: DirectoryRecord[] = [];
            for (const raw of rows) {
              const record = wondeRecordOf(raw, kind, scope);
              if (!record) continue;
              const key = record.ok ? record.user.externalId : record.externalId;
              // Offset paging shifts when the MIS changes mid-read: a person met twice is the same one.
              if (key !== null && seen.has(key)) continue;
              if (key !== null) {
                seen.add(key);
                kinds.set(key, kind);
              }
              records.push(record);
            }
            if (records.length) yield { records, removed: [] };
          }
        }
      }

      return { mode: 'full', pages: pages(), cursor: () => null };
    },

    async attendanceCodes() {
      return attendanceCodesOf(await all('/attendance-codes'));
    },

    async writeScans(scans) {
      return writeWondeScans(api, schoolId, scans, { allowsWriteback: school.allowsWriteback, kinds });
    },
  };
}

export const wondeConnector: DirectoryConnector = {
  code: 'wonde',
  configKeys: ['school_id'],
  secretKeys: ['token'],
  fields: ['email', 'phone', 'id_number'],
  writesBack: true,

  async connect(credentials, deps) {
    const schoolId = credentials.config.school_id?.trim() ?? '';
    const token = credentials.secrets.token?.trim() ?? '';
    if (!schoolId) throw new DirectoryAuthError('The Wonde school ID is missing');
    // Wonde IDs are a letter and digits (A1234567890); anything else would only address another path.
    if (!/^[A-Za-z][0-9]+$/.test(schoolId))
      throw new DirectoryAuthError('The Wonde school ID is not a Wonde ID: it looks like A1234567890');
    if (!token) throw new DirectoryAuthError('The Wonde access token is missing');
    const api = new WondeApi(deps.endpoints.wonde, token, deps.http);
    return openSession(api, schoolId, await openSchool(api, schoolId));
  },
};
