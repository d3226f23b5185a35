// A person's sign-in preview as the server answers it, and a few due compliances, for the tests of the
// flow's rules (the shared form and the kiosk's screens).
import type { DueCompliance, PersonPreview, SignInPreview } from './schemas';

export const ID = {
  ada: '0190f6a0-0000-7000-8000-000000000001',
  bob: '0190f6a0-0000-7000-8000-000000000002',
  area: '0190f6a0-0000-7000-8000-0000000000a1',
  site: '0190f6a0-0000-7000-8000-0000000000b1',
  type: '0190f6a0-0000-7000-8000-0000000000c1',
  health: '0190f6a0-0000-7000-8000-0000000000d1',
  rules: '0190f6a0-0000-7000-8000-0000000000d2',
  vaccine: '0190f6a0-0000-7000-8000-0000000000d3',
  host: '0190f6a0-0000-7000-8000-0000000000e1',
  late: '0190f6a0-0000-7000-8000-0000000000f1',
  late2: '0190f6a0-0000-7000-8000-0000000000f2',
  field: '0190f6a0-0000-7000-8000-0000000000f9',
};
export const NOW = new Date('2025-03-10T10:00:00Z');
export const ZONE = 'UTC';
export const LONG = 'Seen by the nurse this morning, fine';

export const question: DueCompliance = {
  id: ID.health,
  required: true,
  frequency: 'daily',
  version: 2,
  status: 'due',
  valid_until: null,
  asked: {
    name: 'Health check',
    format: 'question',
    frequency: 'daily',
    validity_days: null,
    content: {
      questions: [
        {
          id: 'q1',
          question: 'Do you have a fever?',
          answers: [
            { id: 'yes', answer: 'Yes', correct: false },
            { id: 'no', answer: 'No', correct: true },
          ],
        },
      ],
    },
  },
};

export const statement: DueCompliance = {
  id: ID.rules,
  required: false,
  frequency: 'every_time',
  version: 1,
  status: 'due',
  valid_until: null,
  asked: {
    name: 'Safety rules',
    format: 'statement',
    frequency: 'every_time',
    validity_days: null,
    content: { statement: 'I will wear the equipment.' },
  },
};

export const vaccine: DueCompliance = {
  id: ID.vaccine,
  required: true,
  frequency: 'once',
  version: 1,
  status: 'due',
  valid_until: null,
  asked: {
    name: 'Covid',
    format: 'vaccine',
    frequency: 'once',
    validity_days: null,
    content: { protocols: ['comirnaty'], accept_negative_pcr: true, pcr_valid_days: 3 },
  },
};

export function person(over: Partial<PersonPreview> = {}): PersonPreview {
  return {
    person_id: ID.ada,
    full_name: 'Ada Tester',
    photo_url: null,
    user_type: { id: ID.type, name: 'Visitors' },
    journey: null,
    journey_flow_id: null,
    signed_in: false,
    action: 'sign_in',
    badge_label: 'sign_in',
    visit_id: null,
    expected_visit: null,
    compliances: [],
    documents: [],
    checks: { temperature: null, mask: false },
    host: null,
    reasons: { type: 'late_sign_in', options: [], preselected: null },
    custom_fields: [],
    blocker: null,
    ...over,
  };
}

export const preview = (people: PersonPreview[]): SignInPreview => ({
  area: { id: ID.area, name: 'Reception', site: { id: ID.site, name: 'HQ' }, login_mode: 'signIn_signOut' },
  now: '2025-03-10 10:00',
  timezone: ZONE,
  people,
});

export const reason = (id: string, name: string) => ({
  id,
  name,
  attendance_code: null,
  start_time: '08:00',
  duration_minutes: 60,
});
