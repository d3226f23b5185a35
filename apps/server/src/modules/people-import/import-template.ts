// The import's template and the header row of an uploaded sheet. The template has the company's
// columns (the person form's fields, user types, sites, then the profile custom fields) and, on a
// second sheet, the names to pick from: the user types, the sites and each choice field's choices,
// offered as drop-down lists. A sheet's header is read back in any of the product's languages (or by
// the column keys themselves), so a template downloaded in Arabic may be filled in by someone else.
import type ExcelJS from 'exceljs';
import type { Language } from '@app/shared/constants';
import { isChoiceType, isListType } from '@app/shared/custom-fields/schemas';
import {
  IMPORT_BASE_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  importCustomColumn,
  type ImportBaseColumn,
} from '@app/shared/people/import';
import { AppError } from '../../lib/app-error';
import {
  builtInFieldNamed,
  builtInLabel,
  customFieldLabel,
  customFieldLabels,
  normaliseName,
} from '../custom-fields/built-in-names';
import { t } from '../../lib/i18n';
import { escapeCell } from '../reports/exports/export-writer';
import type { ImportNames } from './import-rules';

const FIELD = 'file';
/** Rows of the template offered drop-down lists. */
const LIST_ROWS = 10_000;
const TEXT_COLUMNS: readonly ImportBaseColumn[] = ['phone_code', 'phone', 'id_number'];

const columnLabel = builtInLabel;

export type SheetColumn = { key: string; header: string; index: number };
export type HeaderMatch = { columns: SheetColumn[]; unknown: string[] };

/**
 * The sheet's header row matched to the template's columns. Refused (400 naming the file) when a
 * required column is missing or a column appears twice; headers of no column are reported, not refused.
 */
export function matchHeader(cells: (string | null)[], names: ImportNames, lang: Language): HeaderMatch {
  // A custom field by its name, or by its suffixed label in any language when the name is a built-in
  // field's (a plain "Company" is the built-in column, whoever wrote it).
  const fields = new Map(
    names.fields.flatMap((f) => customFieldLabels(f.name).map((label) => [normaliseName(label), f])),
  );
  const columns: SheetColumn[] = [];
  const unknown: string[] = [];
  cells.forEach((cell, index) => {
    const header = cell?.trim();
    if (!header) return;
    const norm = normaliseName(header);
    const base = builtInFieldNamed(norm);
    const field = base ? undefined : fields.get(norm);
    const key = base ?? (field ? importCustomColumn(field.id) : null);
    if (!key) {
      if (unknown.length < 50) unknown.push(header.slice(0, 100));
      return;
    }
    if (columns.some((c) => c.key === key)) {
      throw new AppError('validation_failed', {
        field: FIELD,
        messageKey: 'import_duplicate_column',
        vars: { column: header.slice(0, 100) },
      });
    }
    columns.push({ key, header: header.slice(0, 100), index });
  });
  const missing = IMPORT_REQUIRED_COLUMNS.filter((key) => !columns.some((c) => c.key === key));
  if (missing.length) {
    throw new AppError('validation_failed', {
      field: FIELD,
      messageKey: 'import_missing_columns',
      vars: { columns: missing.map((key) => columnLabel(lang, key)).join(', ') },
    });
  }
  return { columns, unknown };
}

/** The task's columns: the sheet's, then the template's columns the sheet lacks (the grid may fill them). */
export function taskColumns(match: HeaderMatch, names: ImportNames, lang: Language): { key: string; header: string }[] {
  const all = [
    ...IMPORT_BASE_COLUMNS.map((key): { key: string; header: string } => ({ key, header: columnLabel(lang, key) })),
    ...names.fields.map((f) => ({ key: importCustomColumn(f.id), header: customFieldLabel(f.name, lang) })),
  ];
  return [
    ...match.columns.map(({ key, header }) => ({ key, header })),
    ...all.filter((c) => !match.columns.some((m) => m.key === c.key)),
  ];
}

type Validations = { dataValidations: { add: (range: string, validation: ExcelJS.DataValidation) => void } };

const LIST_COLUMN_LETTERS = (n: number) => {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
};

/** The template workbook in the caller's language, for the company as the caller may import into it. */
export async function writeTemplate(names: ImportNames, lang: Language): Promise<Buffer> {
  // Loaded with the first template: it is large, and an idle server never needs it.
  const { default: excel } = await import('exceljs');
  const book = new excel.Workbook();
  book.creator = 'Front Desk';
  const rtl = lang === 'ar';
  const sheet = book.addWorksheet(t(lang, 'errors:import_template.sheet'), {
    views: [{ state: 'frozen', ySplit: 1, rightToLeft: rtl }],
  });
  const listsName = t(lang, 'errors:import_template.lists');
  const lists = book.addWorksheet(listsName, { views: [{ rightToLeft: rtl }] });

  const types = [...names.userTypes.values()].filter((v) => v.inScope).map((v) => v.name);
  const siteNames = [...names.sites.values()].filter((v) => v.inScope).map((v) => v.name);
  const listColumns: { title: string; values: string[] }[] = [
    { title: columnLabel(lang, 'user_types'), values: types },
    { title: columnLabel(lang, 'sites'), values: siteNames },
  ];
  const listRef = (values: string[], title: string) => {
    listColumns.push({ title, values });
    return listColumns.length;
  };
  const ref = (listIndex: number, count: number) => {
    const letter = LIST_COLUMN_LETTERS(listIndex);
    return `'${listsName.replace(/'/g, "''")}'!$${letter}$2:$${letter}$${count + 1}`;
  };

  type Column = { header: string; width: number; list?: number; strict?: boolean; text?: boolean; date?: boolean };
  const columns: Column[] = IMPORT_BASE_COLUMNS.map((key) => ({
    header: `${columnLabel(lang, key)}${IMPORT_REQUIRED_COLUMNS.includes(key) ? ' *' : ''}`,
    width: key === 'email' ? 32 : 20,
    text: TEXT_COLUMNS.includes(key),
    list: key === 'user_types' ? 1 : key === 'sites' ? 2 : undefined,
  }));
  for (const field of names.fields) {
    const label = customFieldLabel(field.name, lang);
    const column: Column = { header: `${label}${field.required ? ' *' : ''}`, width: 22 };
    if (isChoiceType(field.type) && field.options.choices?.length) {
      column.list = listRef(field.options.choices, label);
      column.strict = !isListType(field.type);
    } else if (field.type === 'toggleButton') {
      column.list = listRef(['1', '0'], label);
      column.strict = true;
    } else if (field.type === 'date') {
      column.date = true;
    }
    columns.push(column);
  }

  sheet.columns = columns.map((c) => ({
    header: escapeCell(c.header),
    width: c.width,
    style: c.text ? { numFmt: '@' } : c.date ? { numFmt: 'yyyy-mm-dd' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  // Drop-down lists on the first rows only: a range costs Excel nothing, but tools that read a sheet
  // cell by cell (exceljs among them) expand it, and a bulk paste of more rows has no use for them.
  const lastRow = LIST_ROWS + 1;
  columns.forEach((c, i) => {
    if (!c.list) return;
    const values = listColumns[c.list - 1]!.values;
    if (values.length === 0) return;
    const letter = LIST_COLUMN_LETTERS(i + 1);
    // A range, not 100,000 cells: exceljs writes it as one sqref (its typings omit the sheet's map).
    (sheet as unknown as Validations).dataValidations.add(`${letter}2:${letter}${lastRow}`, {
      type: 'list',
      allowBlank: true,
      formulae: [ref(c.list, values.length)],
      // Several user types, sites or choices go in one cell separated by ';': only a single choice is strict.
      showErrorMessage: c.strict ?? false,
      errorStyle: 'stop',
    });
  });

  lists.columns = listColumns.map((l) => ({ header: escapeCell(l.title), width: 28 }));
  lists.getRow(1).font = { bold: true };
  const longest = Math.max(0, ...listColumns.map((l) => l.values.length));
  for (let r = 0; r < longest; r++) {
    lists.addRow(
      listColumns.map((l) => {
        const value = l.values[r];
        return value === undefined ? null : escapeCell(value);
      }),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
