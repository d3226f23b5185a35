// What every directory connector offers the sync engine (decision 048). A connector is written against
// its directory's real API (Google Admin SDK Directory, Microsoft Graph, Wonde, Paxton Net2's local
// API): pointing it at the real service instead of its local fake is a change of base URL.

export const DIRECTORY_CODES = ['googleAD', 'azureAD', 'paxton', 'wonde'] as const;
export type DirectoryCode = (typeof DIRECTORY_CODES)[number];

/** What an integration holds to reach its directory: `config` is shown to admins, `secrets` never. */
export type DirectoryCredentials = {
  config: Record<string, string>;
  secrets: Record<string, string>;
  /** When the credentials were last refreshed (null: never). */
  refreshedAt: Date | null;
};

/** A group the admin may map to a user type: a Google or Entra group, a Net2 department, a Wonde group or class. */
export type DirectoryGroup = {
  id: string;
  name: string;
  /** group, department, class, employees, students (Wonde's two kinds of people are offered as groups too). */
  kind: string;
  /** When the directory says. */
  memberCount?: number | null;
};

/** A person as the directory describes them, in the directory's own values (unvalidated). */
export type DirectoryUser = {
  externalId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** As written in the directory (validated and split into code and number by the engine). */
  phone: string | null;
  /** Employee or admission number. */
  employeeId: string | null;
  department: string | null;
  /** The ids of the selected groups the person is in (only those asked for). */
  groupIds: string[];
  /** Suspended, disabled or left: treated like a removal. */
  active: boolean;
};

/** One record of a page: a person, or a record the directory sent malformed (it fails alone). */
export type DirectoryRecord =
  { ok: true; user: DirectoryUser } | { ok: false; externalId: string | null; problem: string };

export type DirectoryPage = {
  records: DirectoryRecord[];
  /** Delta mode: ids the directory says were deleted or left every selected group. */
  removed: string[];
};

/**
 * A read of the directory. In `full` mode the pages hold every person in the selected groups, and
 * anyone linked and not among them left. In `delta` mode they hold only what changed since the cursor.
 */
export type DirectoryRead = {
  mode: 'full' | 'delta';
  pages: AsyncIterable<DirectoryPage>;
  /** After the pages were read: what to remember for the next read (null: nothing). */
  cursor: () => Record<string, string | number | null> | null;
};

/** A sign-in or sign-out to write back. */
export type ScanToWrite = {
  id: string;
  externalId: string;
  kind: 'sign_in' | 'sign_out';
  happenedAt: Date;
  /** The company's time zone, for a directory that keeps local dates (Wonde's sessions). */
  timeZone: string;
  codeId: string | null;
  note: string | null;
};

export type ScanWritten = { id: string; ok: true } | { id: string; ok: false; problem: string };

export type AttendanceCode = { id: string; code: string; label: string };

/** A connected session with the directory. */
export type DirectorySession = {
  /** Credentials to store again when the session refreshed them (new tokens), else null. */
  refreshedSecrets(): Record<string, string> | null;
  /** A label of the account or tenant reached, shown on the integration (a domain, a school name). */
  account(): string | null;
  groups(): Promise<DirectoryGroup[]>;
  /** Reads the people of the selected groups; `cursor` is what the previous read remembered. */
  users(options: { groupIds: string[]; cursor: Record<string, string | number | null> | null }): Promise<DirectoryRead>;
  /** Wonde: the school's attendance codes. */
  attendanceCodes?(): Promise<AttendanceCode[]>;
  /** Wonde and Paxton: writes sign-ins and sign-outs; each scan succeeds or fails alone. */
  writeScans?(scans: ScanToWrite[]): Promise<ScanWritten[]>;
};

export type DirectoryConnector = {
  code: DirectoryCode;
  /** The config and secret keys the admin types (spec §3: config by directory). */
  configKeys: readonly string[];
  secretKeys: readonly string[];
  /** Which person fields it can fill besides the names. */
  fields: readonly ('email' | 'phone' | 'id_number' | 'department')[];
  writesBack: boolean;
  /** Authenticates (refreshing tokens older than `refreshAfterMs` or expired) and opens a session. */
  connect(credentials: DirectoryCredentials, deps: ConnectorDeps): Promise<DirectorySession>;
};

export type ConnectorDeps = {
  http: import('./http').DirectoryHttp;
  now: () => Date;
  /** Base URLs of the real services, or of their local fakes (tests, the demo). */
  endpoints: DirectoryEndpoints;
};

export type DirectoryEndpoints = {
  /** https://www.googleapis.com */
  googleApi: string;
  /** https://oauth2.googleapis.com */
  googleToken: string;
  /** https://accounts.google.com */
  googleAuth: string;
  /** https://login.microsoftonline.com */
  microsoftLogin: string;
  /** https://graph.microsoft.com */
  microsoftGraph: string;
  /** https://api.wonde.com */
  wonde: string;
  /** Google's OAuth client of the installation (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET). */
  googleClientId: string | null;
  googleClientSecret: string | null;
};

/** The directory refused the credentials (spec sync code 9). */
export class DirectoryAuthError extends Error {
  constructor(
    message: string,
    /** The directory's own words when they help the admin (spec sync code 10), e.g. Wonde's pending approval. */
    readonly directoryMessage: string | null = null,
    /** The config or secret key the directory refused, when it says which (else the first secret). */
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'DirectoryAuthError';
  }
}

/** The directory could not be read (down, throttled past the retries, malformed as a whole): spec sync code 4. */
export class DirectoryUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    /** What the admin is told when it is not the directory's being out of reach (an `errors:` key). */
    readonly messageKey: string | null = null,
  ) {
    super(message);
    this.name = 'DirectoryUnavailableError';
  }
}
