import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { serverResources } from '@app/shared/i18n/server-resources';
import type { PreRegistrationInfo } from '@app/shared/pre-registration/schemas';
import {
  fieldsOfType,
  customFieldBody,
  firstUserType,
  flowOfSite,
  placeFor,
  registrationBody,
  registrationIssues,
  registrationValues,
  sitesOfType,
  toFormData,
  type RegistrationValues,
} from './registration-form';
import { tEnglish } from '@/lib/translate.fixture';

const id = (n: number) => `0197a3c2-7c1e-7000-8000-${String(n).padStart(12, '0')}`;
// The English catalogue: each check reads as the sentence the page shows, naming its field.
const t = tEnglish;
const flags = {
  is_image_required: false,
  is_qr_included: true,
  is_face_id_included: false,
  is_rfid_included: false,
  is_compliance_required: true,
  is_using_kiosk_screen: true,
};
const host = { asked: true, required: true, only_listed: false, note: '' };
const type = (n: number, available = true) => ({
  id: id(n),
  name: `Type ${n}`,
  registration_method: available ? ('registration_allowed' as const) : ('pre_registered_by_admin' as const),
  can_switch_own_type: false,
  mandatory_profile_data: [],
  registration_available: available,
});
const hq = { id: id(20), name: 'HQ', areas: [{ id: id(21), name: 'Lobby' }] };
const branch = {
  id: id(30),
  name: 'Branch',
  areas: [
    { id: id(31), name: 'Gate' },
    { id: id(32), name: 'Dock' },
  ],
};
const info: PreRegistrationInfo = {
  kind: 'self_registration',
  company: { name: 'Acme', logo_url: null },
  timezone: 'UTC',
  user_types: [type(1, false), type(2)],
  flows: [
    { flow_id: id(10), journey_id: id(11), user_type_id: id(2), sites: [hq], compliance_flags: flags, host },
    { flow_id: id(12), journey_id: id(13), user_type_id: id(2), sites: [branch, hq], compliance_flags: flags, host },
  ],
  custom_fields: [
    {
      id: id(40),
      name: 'Car plate',
      type: 'text',
      options: {},
      required: true,
      section: { id: id(41), name: 'Travel' },
      user_type_ids: [],
    },
  ],
  message: null,
  visit: null,
  passport_url: null,
};

const filled = (over: Partial<RegistrationValues> = {}): RegistrationValues => ({
  ...registrationValues(info, { date: '2026-05-04', time: '10:00' }),
  site_id: hq.id,
  area_id: hq.areas[0]!.id,
  first_name: 'Vera',
  last_name: 'Visitor',
  email: 'Vera@Example.test',
  phone_code: '44',
  phone: '7700900123',
  host: { id: id(50), full_name: 'Hannah Host' },
  custom_fields: { [id(40)]: 'AB12 CDE' },
  ...over,
});
const now = new Date('2026-05-04T09:00:00Z').getTime();
const rules = { timezone: 'UTC', hostRequired: true, companyRequired: false, requiredFields: true, now };

describe('the custom fields a user type is asked', () => {
  const field = (n: number, types: string[]) => ({ ...info.custom_fields[0]!, id: id(n), user_type_ids: types });
  const fields = [field(50, []), field(51, [id(1)]), field(52, [id(2)])];

  it('are its own sections and the sections bound to no type', () => {
    expect(fieldsOfType(fields, id(1)).map((f) => f.id)).toEqual([id(50), id(51)]);
    expect(fieldsOfType(fields, id(2)).map((f) => f.id)).toEqual([id(50), id(52)]);
  });
});

describe('where a self-registered visit takes place', () => {
  it('starts with the first type that can register, and its only site and area when there is one', () => {
    expect(firstUserType(info)).toBe(id(2));
    expect(sitesOfType(info, id(2)).map((s) => s.name)).toEqual(['HQ', 'Branch']);
    expect(placeFor(info, id(2))).toEqual({ site_id: '', area_id: '' });
    expect(placeFor({ ...info, flows: [info.flows[0]!] }, id(2))).toEqual({ site_id: hq.id, area_id: id(21) });
    expect(flowOfSite(info, id(2), branch.id)?.flow_id).toBe(id(12));
    expect(flowOfSite(info, id(1), hq.id)).toBeNull();
  });
});

describe('the self-registration form', () => {
  it('accepts a complete form and sends the server’s body', () => {
    expect(registrationIssues('qr-1', filled(), info.custom_fields, rules, t)).toEqual({});
    expect(registrationBody('qr-1', filled({ visit_time: '10:00:00' }), info.custom_fields)).toMatchObject({
      link_id: 'qr-1',
      user_type_id: id(2),
      area_id: id(21),
      visit_date: '2026-05-04',
      visit_time: '10:00',
      host_ids: [id(50)],
      custom_fields: [{ custom_field_id: id(40), value: 'AB12 CDE' }],
    });
  });

  it('refuses a time before now on the company clock, and names missing choices as required', () => {
    const issues = registrationIssues('qr-1', filled({ visit_time: '08:59' }), info.custom_fields, rules, t);
    expect(issues).toEqual({ visit_time: 'Visit date and time cannot be before now.' });
    // A day before today (typed on a phone) is refused on the date itself.
    expect(registrationIssues('qr-1', filled({ visit_date: '2026-05-03' }), info.custom_fields, rules, t)).toEqual({
      visit_date: 'Visit date and time cannot be before now.',
    });
    const empty = registrationIssues(
      'qr-1',
      filled({ site_id: '', area_id: '', host: null, custom_fields: {}, phone: '', email: 'nope' }),
      info.custom_fields,
      rules,
      t,
    );
    expect(Object.keys(empty).sort()).toEqual(['custom_fields.' + id(40), 'email', 'host', 'phone', 'site_id']);
    expect(empty.site_id).toBe('Site is required.');
    expect(empty.email).toBe('Invalid email address');
  });

  it('asks for the company name when the type makes it mandatory, and a host only when required', () => {
    const issues = registrationIssues(
      'qr-1',
      filled({ host: null }),
      info.custom_fields,
      { ...rules, hostRequired: false, companyRequired: true },
      t,
    );
    expect(Object.keys(issues)).toEqual(['company_name']);
  });

  it('sends only the custom values given, and lists as JSON text in a multipart body', () => {
    expect(customFieldBody(info.custom_fields, { [id(40)]: '   ' })).toEqual([]);
    const form = toFormData({ a: 'x', list: [1, 2], none: null }, null);
    expect(form.get('a')).toBe('x');
    expect(form.get('list')).toBe('[1,2]');
    expect(form.has('none')).toBe(false);
    expect(form.has('photo')).toBe(false);
  });
});

describe('the checks in Arabic, through i18next as the page runs them', () => {
  // The Arabic `errors` namespace as the page loads it: every part merged.
  const arabic = async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'ar',
      resources: { ar: { errors: serverResources.ar.errors! } },
      interpolation: { escapeValue: false },
    });
    return i18n.getFixedT('ar');
  };

  it("agree with each field's gender, and quote a custom field's name", async () => {
    const ar = await arabic();
    const empty = registrationIssues(
      'qr-1',
      filled({ area_id: '', user_type_id: '', custom_fields: {} }),
      info.custom_fields,
      rules,
      ar,
    );
    expect(empty.area_id).toBe('المنطقة مطلوبة.');
    expect(empty.user_type_id).toBe('نوع المستخدم مطلوب.');
    expect(empty[`custom_fields.${id(40)}`]).toBe('الحقل «Car plate» مطلوب.');
    const company = registrationIssues('qr-1', filled(), info.custom_fields, { ...rules, companyRequired: true }, ar);
    expect(company.company_name).toBe('الشركة مطلوبة.');
  });
});
