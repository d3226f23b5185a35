import type { Recurrence, VisitPermit, VisitPermitBody } from '@app/shared/visit-permits/schemas';

/** The permit form's values: dates are ISO strings or null while empty, as the date inputs give them. */
export type PermitFormValues = {
  name: string;
  description: string;
  start_date: string | null;
  end_date: string | null;
  start_time: string;
  end_time: string;
  recurrence: Recurrence;
  weekdays: string[];
};

/** A new permit: from today, working hours, Monday to Friday. */
export const emptyPermitValues = (today: string): PermitFormValues => ({
  name: '',
  description: '',
  start_date: today,
  end_date: null,
  start_time: '09:00',
  end_time: '17:00',
  recurrence: 'weekly',
  weekdays: ['1', '2', '3', '4', '5'],
});

export const permitFormValues = (permit: VisitPermit): PermitFormValues => ({
  name: permit.name,
  description: permit.description,
  start_date: permit.start_date,
  end_date: permit.end_date,
  start_time: permit.start_time,
  end_time: permit.end_time,
  recurrence: permit.recurrence,
  weekdays: permit.weekdays.map(String),
});

/**
 * The body the API takes (and the shared schema checks): what the chosen recurrence does not use is
 * left out, so hidden fields never refuse a save.
 */
export function permitBody(values: PermitFormValues): VisitPermitBody {
  return {
    name: values.name,
    description: values.description,
    // An empty date goes as null: the schema then names it as required.
    start_date: values.start_date as string,
    end_date: values.recurrence === 'none' ? null : values.end_date || null,
    start_time: values.start_time,
    end_time: values.end_time,
    recurrence: values.recurrence,
    weekdays: values.recurrence === 'weekly' ? values.weekdays.map(Number) : [],
  };
}
