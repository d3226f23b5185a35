// Checking rows against the company: the cells' own rules (import-rules.ts), then what only the
// database knows, a batch of rows at a time in a few statements: the same email, phone or id number on
// other rows of the file, the people they match (one person: the row updates them; none: it creates
// one; two different people: a conflict), two rows that would update the same person, the mandatory
// profile data of the row's user types and the required custom fields. The upload, the grid and the
// run all check with this one function.
import { planHasCustomFields } from '@app/shared/custom-fields/schemas';
import { IMPORT_PHOTO_COLUMN, importCustomColumn } from '@app/shared/people/import';
import { isAllowed } from '@app/shared/access/permissions';
import type { Executor } from '../../db/client';
import { screen, type ScreenedSubject, type Verdict } from '../watchlist/watchlist-screening';
import type { AccessContext } from '../access/access.types';
import { missingProfileData, mandatoryOf, siteInScope, typeInScope } from '../people/person-rules';
import { personInScope } from '../people/person-scope';
import { usesDashboard } from '../people/person-view';
import {
  asFieldType,
  checkCells,
  readOptions,
  type CellErrors,
  type CheckedCells,
  type ImportNames,
} from './import-rules';
import {
  companyProfileFields,
  companySites,
  companyUserTypes,
  findPeopleByValues,
  storedFieldIds,
  type MatchedPerson,
} from './import-people.repository';
import {
  duplicateValues,
  updateMatches,
  type DuplicateValues,
  type ImportRowRecord,
  type RowCheck,
} from './people-import.repository';

/** The company's user types, sites and profile fields, with what the caller's scope reaches. */
export async function loadNames(tx: Executor, ctx: AccessContext): Promise<ImportNames> {
  const [types, siteRows, fields] = [
    await companyUserTypes(tx, ctx.entityId),
    await companySites(tx, ctx.entityId),
    planHasCustomFields(ctx.entity.plan) ? await companyProfileFields(tx, ctx.entityId) : [],
  ];
  return {
    userTypes: new Map(
      types.map((t) => [
        t.name.trim().toLowerCase(),
        { id: t.id, name: t.name, mandatory: t.mandatory, inScope: typeInScope(ctx, t.id) },
      ]),
    ),
    sites: new Map(
      siteRows.map((s) => [s.name.trim().toLowerCase(), { id: s.id, name: s.name, inScope: siteInScope(ctx, s.id) }]),
    ),
    fields: fields.map((f) => ({
      id: f.id,
      name: f.name,
      type: asFieldType(f.type),
      options: readOptions(f.options),
      required: f.required,
    })),
  };
}

export type RowPlan = {
  row: ImportRowRecord;
  checked: CheckedCells;
  errors: CellErrors;
  /** null when the row matches two different people. */
  action: 'create' | 'update' | null;
  /** The person an update changes. */
  person: MatchedPerson | null;
  /** What the watchlist found for the row's person (issue 29): a stop is the row's error. */
  watch: Verdict;
};

const KEY_COLUMNS = [
  ['email', 'email'],
  ['phone', 'phone'],
  ['idNumber', 'id_number'],
] as const;

const unique = <T>(list: (T | null)[]) => [...new Set(list.filter((v): v is T => v !== null))];

/** Row numbers as a message shows them: at most five, then an ellipsis. */
const rowList = (rows: number[], total: number) => `${rows.slice(0, 5).join(', ')}${total > 5 ? ', …' : ''}`;

export const rowCheckOf = (plan: RowPlan): RowCheck => ({
  id: plan.row.id,
  errors: plan.errors,
  hasErrors: Object.keys(plan.errors).length > 0,
  action: plan.action,
  personId: plan.action === 'update' ? plan.person!.id : null,
});

/**
 * What checking a row needs to know of the rest of the file: the values held by several rows, and the
 * rows that update each person. Read once per pass over a task (one statement each), then kept up to
 * date as batches are checked, so a pass reads the task twice whatever its size.
 */
export type FileIndex = {
  taskId: string;
  values: DuplicateValues;
  /** Row → the person it updates, and person → the rows updating them (row id → row number). */
  personOf: Map<string, string>;
  rowsOf: Map<string, Map<string, number>>;
};

export async function loadFileIndex(tx: Executor, entityId: string, taskId: string): Promise<FileIndex> {
  const file: FileIndex = {
    taskId,
    values: await duplicateValues(tx, entityId, taskId),
    personOf: new Map(),
    rowsOf: new Map(),
  };
  for (const m of await updateMatches(tx, entityId, taskId)) setMatch(file, m.id, m.rowNumber, m.personId);
  return file;
}

function setMatch(file: FileIndex, rowId: string, rowNumber: number, personId: string | null) {
  const before = file.personOf.get(rowId);
  if (before) {
    file.rowsOf.get(before)?.delete(rowId);
    file.personOf.delete(rowId);
  }
  if (!personId) return;
  file.personOf.set(rowId, personId);
  const rows = file.rowsOf.get(personId) ?? new Map<string, number>();
  rows.set(rowId, rowNumber);
  file.rowsOf.set(personId, rows);
}

/** Rows that update the same person as another row (checked once more after a whole pass). */
export const rowsSharingAPerson = (file: FileIndex) =>
  [...file.rowsOf.values()].filter((rows) => rows.size > 1).flatMap((rows) => [...rows.keys()]);

/** Whom the watchlist screens for a row: its details, and the person it updates. */
const subjectOf = (c: CheckedCells, person: MatchedPerson | null): ScreenedSubject => ({
  personId: person?.id ?? null,
  name: `${c.columns.firstName} ${c.columns.lastName}`.trim(),
  email: c.columns.email ?? person?.email ?? null,
  phone: c.columns.phone ? `${c.columns.phoneCode ?? ''}${c.columns.phone}` : null,
  company: c.columns.companyName ?? person?.companyName ?? null,
});

/** Checks rows of a task (every cell, then against the file and the company) and answers what each would do. */
export async function checkRows(
  tx: Executor,
  ctx: AccessContext,
  names: ImportNames,
  file: FileIndex,
  rows: ImportRowRecord[],
): Promise<RowPlan[]> {
  const entityId = ctx.entityId;
  const checked = rows.map((row) => checkCells(row.cells, names));
  const emails = unique(checked.map((c) => c.keys.email));
  const phones = unique(checked.map((c) => c.keys.phone));
  const idNumbers = unique(checked.map((c) => c.keys.idNumber));
  const found = await findPeopleByValues(tx, entityId, personInScope(ctx), {
    emails,
    phones: phones.map((key) => {
      const [code, phone] = key.split(':') as [string, string];
      return { code, phone };
    }),
    idNumbers,
  });
  const byKey = {
    email: new Map(found.filter((p) => p.emailLower).map((p) => [p.emailLower!, p])),
    phone: new Map(found.filter((p) => p.phone && p.phoneCode).map((p) => [`${p.phoneCode}:${p.phone}`, p])),
    idNumber: new Map(found.filter((p) => p.idNumberLower).map((p) => [p.idNumberLower!, p])),
  };

  const plans: RowPlan[] = rows.map((row, i) => {
    const c = checked[i]!;
    const errors: CellErrors = { ...c.errors };
    if (row.photoError) errors[IMPORT_PHOTO_COLUMN] = row.photoError;
    const matches: { column: string; person: MatchedPerson }[] = [];
    for (const [kind, column] of KEY_COLUMNS) {
      const key = c.keys[kind];
      if (!key) continue;
      const same = file.values[kind].get(key);
      if (same && same.n > 1) {
        const others = same.rows.filter((n) => n !== row.rowNumber);
        errors[column] ??= { key: 'import_duplicate_in_file', vars: { rows: rowList(others, same.n - 1) } };
      }
      const person = byKey[kind].get(key);
      if (person) matches.push({ column, person });
    }
    const people = unique(matches.map((m) => m.person));
    let action: RowPlan['action'] = 'create';
    let person: MatchedPerson | null = null;
    if (people.length > 1) {
      action = null;
      for (const m of matches) errors[m.column] ??= { key: 'import_match_conflict' };
    } else if (people.length === 1) {
      action = 'update';
      person = people[0]!;
      const column = matches[0]!.column;
      if (!person.inScope) errors[column] ??= { key: 'import_person_out_of_scope' };
      // The API token leaves people who use the dashboard to the admins (decision 017).
      else if (ctx.actor.kind === 'client' && usesDashboard(person))
        errors[column] ??= { key: 'api_token_dashboard_person' };
    }
    return {
      row,
      checked: c,
      errors,
      action,
      person,
      watch: { subject: subjectOf(c, person), stop: null, through: [] },
    };
  });

  // The watchlist (issue 29): a row whose person it stops is not imported; those who keep the watchlist
  // see which entry.
  const verdicts = await screen(
    tx,
    entityId,
    plans.map((p) => p.watch.subject),
    new Date(),
  );
  const mayRead = isAllowed(ctx.permissions, 'watchlist');
  for (const [i, plan] of plans.entries()) {
    const v = verdicts[i]!;
    plan.watch = v;
    if (!v.stop) continue;
    const kind = v.stop.level === 'deny' ? 'import_watchlist_deny' : 'import_watchlist_review';
    plan.errors['first_name'] ??= mayRead ? { key: `${kind}_entry`, vars: { entry: v.stop.entryName } } : { key: kind };
  }

  // Two rows of the file updating one person: neither is imported until one is fixed or dropped.
  const updates = plans.filter((p) => p.action === 'update');
  const inBatch = new Set(rows.map((r) => r.id));
  for (const plan of updates) {
    const others = [
      ...[...(file.rowsOf.get(plan.person!.id) ?? [])].filter(([id]) => !inBatch.has(id)).map(([, n]) => n),
      ...updates.filter((p) => p !== plan && p.person!.id === plan.person!.id).map((p) => p.row.rowNumber),
    ].sort((a, b) => a - b);
    if (others.length === 0) continue;
    const column = KEY_COLUMNS.find(([kind]) => plan.checked.keys[kind])?.[1] ?? 'email';
    plan.errors[column] ??= { key: 'import_same_person', vars: { rows: rowList(others, others.length) } };
  }
  for (const plan of plans) {
    setMatch(file, plan.row.id, plan.row.rowNumber, plan.action === 'update' ? plan.person!.id : null);
  }

  // What the row's user types make mandatory, and the required custom fields, on the details the person
  // will have: the row's, and on an update the stored ones the row leaves blank.
  const required = names.fields.filter((f) => f.required);
  const stored = await storedFieldIds(
    tx,
    entityId,
    unique(updates.map((p) => p.person!.id)),
    required.map((f) => f.id),
  );
  for (const plan of plans) {
    const { columns } = plan.checked;
    const before = plan.action === 'update' ? plan.person : null;
    const missing = missingProfileData(
      mandatoryOf(plan.checked.userTypes),
      {
        email: columns.email ?? before?.email ?? null,
        phone: columns.phone ?? before?.phone ?? null,
        idNumber: columns.idNumber ?? before?.idNumber ?? null,
        companyName: columns.companyName ?? before?.companyName ?? null,
        image: plan.row.photoKey ?? before?.image ?? null,
      },
      // As on the person form: a photo is asked from the first update on.
      before !== null,
    );
    if (missing) plan.errors[missing.field] ??= { key: missing.messageKey };
    for (const field of required) {
      const filled =
        plan.checked.fieldValues.some((v) => v.fieldId === field.id) ||
        (before !== null && stored.some((s) => s.personId === before.id && s.fieldId === field.id));
      if (!filled) {
        plan.errors[importCustomColumn(field.id)] ??= { key: 'custom_value_required', vars: { field: field.name } };
      }
    }
  }
  return plans;
}
