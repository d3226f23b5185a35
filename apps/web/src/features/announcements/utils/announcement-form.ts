// The announcement form's values, and how they become the API's body: dates and times are typed
// apart and sent as one reading of the company's clock (YYYY-MM-DDTHH:mm). The checks are the
// server's own (the shared schema and time rules), so the form and the API refuse the same things.
import { announcementBodySchema, type Announcement, type AnnouncementBody } from '@app/shared/announcements/schemas';
import { announcementTimeIssues, parseLocalDateTime } from '@app/shared/announcements/times';
import { zodFormErrors } from '@/lib/form-errors';

export type AnnouncementFormValues = {
  text: string;
  url: string;
  user_type_ids: string[];
  urgent: boolean;
  pinned: boolean;
  verbal: boolean;
  publish_date: string | null;
  publish_time: string;
  expires_date: string | null;
  expires_time: string;
};

/** Which form field shows a message the API or the schema gives for one of its fields. */
const FORM_FIELD: Record<string, keyof AnnouncementFormValues> = {
  publish_at: 'publish_date',
  expires_at: 'expires_date',
};
export const formFieldOf = (name: string): string => FORM_FIELD[name] ?? name;

// The time picker may answer HH:mm:ss; the API takes whole minutes.
const reading = (date: string | null, time: string) => `${date ?? ''}T${time.slice(0, 5)}`;

export function toAnnouncementBody(values: AnnouncementFormValues): AnnouncementBody {
  return {
    text: values.text,
    url: values.url.trim() === '' ? null : values.url.trim(),
    user_type_ids: values.user_type_ids,
    urgent: values.urgent,
    pinned: values.pinned,
    verbal: values.verbal,
    publish_at: reading(values.publish_date, values.publish_time),
    expires_at: reading(values.expires_date, values.expires_time),
  };
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * A new announcement's values: publishing at the next quarter hour of the company's clock, for a
 * week. `now` is that clock's reading, YYYY-MM-DDTHH:mm.
 */
export function newAnnouncementValues(now: string): AnnouncementFormValues {
  const w = parseLocalDateTime(now);
  let date = now.slice(0, 10);
  let minutes = w ? w.hour * 60 + w.minute : 0;
  minutes = Math.ceil((minutes + 1) / 15) * 15;
  if (minutes >= 24 * 60) {
    minutes -= 24 * 60;
    date = addDays(date, 1);
  }
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return {
    text: '',
    url: '',
    user_type_ids: [],
    urgent: false,
    pinned: false,
    verbal: false,
    publish_date: date,
    publish_time: time,
    expires_date: addDays(date, 7),
    expires_time: time,
  };
}

export const announcementValues = (a: Announcement): AnnouncementFormValues => ({
  text: a.text,
  url: a.url ?? '',
  user_type_ids: a.user_types.map((t) => t.id),
  urgent: a.urgent,
  pinned: a.pinned,
  verbal: a.verbal,
  publish_date: a.publish_at.slice(0, 10),
  publish_time: a.publish_at.slice(11, 16),
  expires_date: a.expires_at.slice(0, 10),
  expires_time: a.expires_at.slice(11, 16),
});

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * The form's messages, one per field: the shared schema's, then the time rules on the company's
 * clock. A time kept from the announcement being edited may lie in the past, as on the server.
 */
export function validateAnnouncement(
  values: AnnouncementFormValues,
  options: { timeZone: string; now: Date; initial?: AnnouncementFormValues },
  t: Translate,
): Record<string, string> {
  const body = toAnnouncementBody(values);
  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(zodFormErrors(announcementBodySchema, body, t))) {
    errors[formFieldOf(name)] ??= message;
  }
  const { initial } = options;
  const kept = initial && {
    publish_at: reading(initial.publish_date, initial.publish_time) === body.publish_at,
    expires_at: reading(initial.expires_date, initial.expires_time) === body.expires_at,
  };
  for (const issue of announcementTimeIssues(body, { timeZone: options.timeZone, now: options.now, kept })) {
    errors[formFieldOf(issue.field)] ??= t(`errors:${issue.key}`);
  }
  return errors;
}

/** A reading of the company's clock as people read dates here: DD/MM/YYYY HH:mm. */
export function formatReading(value: string): string {
  const w = parseLocalDateTime(value);
  if (!w) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(w.day)}/${pad(w.month)}/${w.year} ${pad(w.hour)}:${pad(w.minute)}`;
}
