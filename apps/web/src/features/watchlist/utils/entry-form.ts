// The watchlist entry's form: its values as typed, the body sent for them, and the messages shown under
// each field. Nothing typed is changed on screen: a date that is not a real day, an empty alias line or
// a name too long is said under its field, never corrected or cut.
import {
  WATCHLIST_LIMITS,
  watchlistEntryBodySchema,
  type WatchlistEntry,
  type WatchlistEntryBody,
  type WatchlistLevel,
} from '@app/shared/watchlist/schemas';
import { formatIsoDay, parseTypedDate } from '@/lib/dates';
import { zodFormErrors } from '@/lib/form-errors';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

export type EntryFormValues = {
  level: WatchlistLevel;
  full_name: string;
  aliases: string[];
  email: string;
  phone: string;
  company_name: string;
  /** As typed: DD/MM/YYYY (or an ISO day); read into a day only when sent. */
  date_of_birth: string;
  reason: string;
};

export const emptyEntryValues = (): EntryFormValues => ({
  level: 'deny',
  full_name: '',
  aliases: [],
  email: '',
  phone: '',
  company_name: '',
  date_of_birth: '',
  reason: '',
});

export const entryFormValues = (entry: WatchlistEntry): EntryFormValues => ({
  level: entry.level,
  full_name: entry.full_name,
  aliases: [...entry.aliases],
  email: entry.email ?? '',
  phone: entry.phone ?? '',
  company_name: entry.company_name ?? '',
  date_of_birth: entry.date_of_birth ? formatIsoDay(entry.date_of_birth) : '',
  reason: entry.reason,
});

/** The body for the values; a date that is no real day goes as typed (the form refuses it first). */
export function entryBody(values: EntryFormValues): WatchlistEntryBody {
  const typedDay = values.date_of_birth.trim();
  return {
    level: values.level,
    full_name: values.full_name,
    aliases: values.aliases,
    email: values.email,
    phone: values.phone,
    company_name: values.company_name,
    date_of_birth: typedDay === '' ? null : (parseTypedDate(typedDay) ?? typedDay),
    reason: values.reason,
  };
}

/**
 * The messages of the values, by the form's field names, in the server's words for the same rules; an
 * empty alias line (under that line: `aliases.1`) and a date that is no real day in the form's own.
 */
export function entryFormErrors(values: EntryFormValues, t: Translate): Record<string, string> {
  const errors = zodFormErrors(watchlistEntryBodySchema, entryBody(values), t);
  const blank = values.aliases.flatMap((alias, index) => (alias.trim() === '' ? [index] : []));
  if (blank.length > 0) {
    // Said under each empty line rather than once for the list.
    delete errors.aliases;
    for (const index of blank) errors[`aliases.${index}`] = t('watchlist:form.alias_empty');
  }
  const typedDay = values.date_of_birth.trim();
  if (typedDay !== '' && parseTypedDate(typedDay) === null) errors.date_of_birth = t('watchlist:form.date_invalid');
  return errors;
}

/** Whether another alias line may be added. */
export const canAddAlias = (values: Pick<EntryFormValues, 'aliases'>): boolean =>
  values.aliases.length < WATCHLIST_LIMITS.aliasesMax;
