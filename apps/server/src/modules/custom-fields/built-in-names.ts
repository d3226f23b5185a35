// The names of a person's built-in fields, in every language of the product. A custom field may not take
// one (a sheet's "Company" column could not say which it means); a field that already has one, made
// before this rule, is told apart wherever the two meet by a suffix on the custom field's label.
import { LANGUAGES, type Language } from '@app/shared/constants';
import { IMPORT_BASE_COLUMNS, type ImportBaseColumn } from '@app/shared/people/import';
import { isBuiltInFieldLabel } from '@app/shared/pre-registration/built-in-fields';
import { t } from '../../lib/i18n';

/** A name or header as it is compared: without case, a required mark, a formula guard or extra spaces. */
export const normaliseName = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^'(?=[=+\-@])/, '')
    .replace(/\*+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A built-in field's label in a language (the template's header, the form's label). */
export const builtInLabel = (lang: Language, column: ImportBaseColumn) => t(lang, `errors:fields.${column}`);

/** Every way a built-in field's name may be written: its key, and its label in every language. */
const BUILT_IN_NAMES: Map<string, ImportBaseColumn> = (() => {
  const map = new Map<string, ImportBaseColumn>();
  for (const column of IMPORT_BASE_COLUMNS) {
    map.set(normaliseName(column), column);
    for (const lang of LANGUAGES) map.set(normaliseName(builtInLabel(lang, column)), column);
  }
  return map;
})();

/** The built-in field a name or header stands for, in any language, or undefined. */
export const builtInFieldNamed = (name: string): ImportBaseColumn | undefined =>
  BUILT_IN_NAMES.get(normaliseName(name));

/**
 * Whether a name is a built-in field's: a column of the person (the template's, the person form's) or
 * a field the public forms always ask, in any language or a usual other spelling ("E-mail").
 */
export const isBuiltInName = (name: string): boolean =>
  builtInFieldNamed(name) !== undefined || isBuiltInFieldLabel(name);

/**
 * A custom field's label where it meets the built-in fields (a sheet's header, a column of the import's
 * grid): its name, suffixed when the name is a built-in field's in some language.
 */
export const customFieldLabel = (name: string, lang: Language) =>
  isBuiltInName(name) ? t(lang, 'errors:custom_field_label', { name }) : name;

/** Every way the label of a custom field may be written back (its name, and its suffixed label in every language). */
export const customFieldLabels = (name: string): string[] => [
  name,
  ...(isBuiltInName(name) ? LANGUAGES.map((lang) => t(lang, 'errors:custom_field_label', { name })) : []),
];
