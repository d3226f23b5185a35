// The rows of the people import case (bench/cases/people-import.ts): new people of the big company, the
// same for the import and for its baseline, and the sheet that carries them as a person would fill in
// the template (names, email, phone, company, one user type, one site).
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';

const FIRST = ['Ana', 'Omar', 'Lina', 'Samuel', 'Ravi', 'Mia', 'Noah', 'Zara', 'Ivan', 'Leila', 'Hugo', 'Aisha'];
const LAST = ['Haddad', 'García', 'Smith', 'Khan', 'López', 'Chen', 'Novak', 'Silva', 'Okafor', 'Nasser', 'Berg'];
const COMPANIES = ['Acme Ltd', 'Northwind', 'Globex', 'Initech', 'Umbrella'];

export const IMPORT_HEADER = [
  'First name',
  'Last name',
  'Email',
  'Country code',
  'Phone',
  'Company',
  'User types',
  'Sites',
];

export type ImportPerson = {
  firstName: string;
  lastName: string;
  email: string;
  phoneCode: string;
  phone: string;
  companyName: string;
};

/** The i-th person of a run (`tag` keeps runs apart): every email and phone unique. */
export function importPerson(i: number, tag: string): ImportPerson {
  return {
    firstName: FIRST[i % FIRST.length]!,
    lastName: LAST[(i * 7) % LAST.length]!,
    email: `import.${tag}.${i}@bench.test`,
    phoneCode: '+44',
    phone: String(7_100_000_000 + i),
    companyName: COMPANIES[i % COMPANIES.length]!,
  };
}

/** The sheet of `count` people, written as exceljs streams a workbook (shared strings, as Excel saves). */
export async function importSheet(count: number, tag: string, userType: string, site: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = book.addWorksheet('People');
  sheet.addRow(IMPORT_HEADER).commit();
  for (let i = 0; i < count; i++) {
    const p = importPerson(i, tag);
    sheet.addRow([p.firstName, p.lastName, p.email, p.phoneCode, p.phone, p.companyName, userType, site]).commit();
  }
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

/**
 * Removes the people of a run (and its import task) and vacuums their tables: the next measurement, and
 * the cases after, find the data set as it was.
 */
export async function removeImported(location: string, entityId: string, tag: string, taskId: string | null) {
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    if (taskId) await client.query('delete from import_tasks where entity_id = $1 and id = $2', [entityId, taskId]);
    const mine = `select id from people where entity_id = $1 and email_lower like $2`;
    const args = [entityId, `import.${tag}.%@bench.test`];
    await client.query(`delete from person_sites where entity_id = $1 and person_id in (${mine})`, args);
    await client.query(`delete from person_user_types where entity_id = $1 and person_id in (${mine})`, args);
    await client.query(`delete from people where entity_id = $1 and email_lower like $2`, args);
    // The next measurement starts on tables without the dead rows of this one.
    await client.query('vacuum analyze people, person_sites, person_user_types, import_rows');
  } finally {
    await client.end();
  }
}
