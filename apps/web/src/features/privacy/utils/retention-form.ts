// The two retention fields as a form holds them: a number input gives a number, or '' while empty
// (and a string while it holds something that is not a number yet). Checked with the shared schema.
import { retentionBodySchema, type Retention, type RetentionBody } from '@app/shared/people/privacy';
import { zodFormErrors } from '@/lib/form-errors';
import type { Translate } from './retention';
import { labelVars } from '@app/shared/http/field-messages';

export type RetentionFormValues = {
  data_retention_days: number | string;
  scans_retention_days: number | string;
};

const FIELDS = ['data_retention_days', 'scans_retention_days'] as const;

/** A retention's days as the form starts from them: empty where there are none. */
export const retentionFormValues = (retention: Retention): RetentionFormValues => ({
  data_retention_days: retention.data_retention_days ?? '',
  scans_retention_days: retention.scans_retention_days ?? '',
});

/**
 * One message per field, from the shared schema ("… is required.", "… must be at least 1."); a value
 * that is not a whole number (1.5, a lone "-") says so, rather than the schema's "has the wrong type".
 * The values are never changed to make them fit.
 */
export function retentionFormErrors(values: RetentionFormValues, t: Translate): Record<string, string> {
  const errors = zodFormErrors(retentionBodySchema, values, t);
  for (const name of FIELDS) {
    const value = values[name];
    if (value !== '' && !(typeof value === 'number' && Number.isInteger(value))) {
      errors[name] = t('privacy:form.whole_days', labelVars(`errors:fields.${name}`, t));
    }
  }
  return errors;
}

/** The body to send, once the values have passed retentionFormErrors. */
export const retentionBody = (values: RetentionFormValues): RetentionBody => ({
  data_retention_days: Number(values.data_retention_days),
  scans_retention_days: Number(values.scans_retention_days),
});
