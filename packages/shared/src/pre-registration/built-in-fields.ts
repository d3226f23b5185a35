// One field per label on the public forms: the visitor's own fields (name, company, email, phone) are
// always asked, so a company's custom profile field with the same label in any of our languages (a
// custom "Company" next to the built-in company field) is not asked there. The built-in field wins,
// on the server (which neither sends nor checks such a field) and so on every page.
import ar from '../i18n/ar/pre-registration.json';
import en from '../i18n/en/pre-registration.json';
import es from '../i18n/es/pre-registration.json';

const OWN_FIELDS = ['first_name', 'last_name', 'company_name', 'email', 'phone'] as const;
/** Other names people give the same fields. */
const SYNONYMS = ['company name', 'e-mail', 'email address', 'phone number'];

/** A label as it is compared: trimmed, spaces collapsed, case-insensitive. */
export const sameLabelKey = (label: string): string => label.trim().replace(/\s+/gu, ' ').toLocaleLowerCase();

const BUILT_IN_LABELS = new Set(
  [...[en, ar, es].flatMap((catalogue) => OWN_FIELDS.map((key) => catalogue.visitor[key])), ...SYNONYMS].map(
    sameLabelKey,
  ),
);

/** Whether a custom field's name is the label of one of the visitor's own fields. */
export const isBuiltInFieldLabel = (name: string): boolean => BUILT_IN_LABELS.has(sameLabelKey(name));
