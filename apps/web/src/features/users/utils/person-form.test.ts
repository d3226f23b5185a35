import { describe, expect, it } from 'vitest';
import type { ListedCustomField } from '@app/shared/custom-fields/schemas';
import { personBodySchema, type Person } from '@app/shared/people/schemas';
import type { UserTypeNode } from '@app/shared/user-types/schemas';
import {
  mandatoryProfileData,
  personBody,
  personFormValues,
  validatePersonForm,
  type PersonFormValues,
} from './person-form';
import { tEnglish } from '@/lib/translate.fixture';

const ID = (n: number) => `0190a0b0-0000-7000-8000-${String(n).padStart(12, '0')}`;
// The translation function echoes the key and its values, so the tests see which message was chosen.
// The English catalogue: each check reads as the sentence the page shows, naming its field.
const t = tEnglish;

const field = (n: number, patch: Partial<ListedCustomField> = {}): ListedCustomField => ({
  id: ID(100 + n),
  section_id: ID(200),
  section_name: 'Work',
  name: `Field ${n}`,
  type: 'text',
  binding: 'profile',
  options: {},
  required: false,
  print_on_badge: false,
  position: n,
  value_count: 0,
  ...patch,
});

const valid = (patch: Partial<PersonFormValues> = {}): PersonFormValues => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  phone_code: '971',
  phone: '501234567',
  id_number: '',
  company_name: '',
  role_id: ID(1),
  department_id: null,
  site_ids: [ID(2)],
  user_type_ids: [ID(3)],
  label_ids: [],
  custom_fields: {},
  ...patch,
});

const context = { fields: [], mandatory: new Set<never>(), hasPhoto: false };

describe('personFormValues', () => {
  it('starts a new person empty with the default country code and role', () => {
    const values = personFormValues(null, [field(1, { type: 'toggleButton' }), field(2, { type: 'checkboxes' })], {
      phoneCode: '34',
      roleId: ID(9),
    });
    expect(values).toMatchObject({ first_name: '', phone_code: '34', role_id: ID(9), site_ids: [] });
    expect(values.custom_fields).toEqual({ [ID(101)]: 0, [ID(102)]: [] });
  });

  it("fills a person's values, custom values in their input shape", () => {
    const person = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: null,
      phone_code: '44',
      phone: '7700900123',
      id_number: 'E1',
      role: { id: ID(1), name: 'Employee' },
      department: { id: ID(5), name: 'Ops' },
      sites: [{ id: ID(2), name: 'HQ', accessible: false }],
      user_types: [{ id: ID(3), name: 'Staff' }],
      labels: [{ id: ID(4), name: 'VIP', color: 'red' }],
      custom_fields: [{ custom_field_id: ID(101), type: 'checkboxes', value: '["a"]' }],
    } as unknown as Person;
    const values = personFormValues(person, [field(1, { type: 'checkboxes', options: { choices: ['a', 'b'] } })], {
      phoneCode: '34',
      roleId: null,
    });
    expect(values).toMatchObject({
      email: '',
      phone_code: '44',
      department_id: ID(5),
      site_ids: [ID(2)],
      label_ids: [ID(4)],
      custom_fields: { [ID(101)]: ['a'] },
    });
    // Someone without a phone has no country code: not the one last used for another person.
    const noPhone = { ...person, phone_code: null, phone: null } as Person;
    expect(personFormValues(noPhone, [], { phoneCode: '34', roleId: null }).phone_code).toBe('');
  });
});

describe('personBody', () => {
  it('trims, sends empty texts as null and drops the country code without a phone', () => {
    const body = personBody(valid({ first_name: ' Ada ', email: ' ', phone: '', id_number: ' X1 ' }), null);
    expect(body).toMatchObject({ first_name: 'Ada', email: null, phone: null, phone_code: null, id_number: 'X1' });
    expect(body).not.toHaveProperty('custom_fields');
    expect(personBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends every custom field of the form, a typed number as a number', () => {
    const fields = [field(1, { type: 'number' }), field(2)];
    const body = personBody(valid({ custom_fields: { [ID(101)]: '12.5', [ID(102)]: null } }), fields);
    expect(body.custom_fields).toEqual([
      { custom_field_id: ID(101), value: 12.5 },
      { custom_field_id: ID(102), value: null },
    ]);
  });
});

describe('validatePersonForm', () => {
  it('passes a valid person', () => {
    expect(validatePersonForm(valid(), context, t)).toEqual({});
  });

  it('names the missing and malformed fields as the server does', () => {
    const errors = validatePersonForm(
      valid({ first_name: '', email: 'not-an-email', phone_code: '', role_id: null, site_ids: [], user_type_ids: [] }),
      context,
      t,
    );
    expect(errors).toEqual({
      first_name: 'First name is required.',
      email: 'Invalid email address',
      phone_code: 'Country code is required.',
      role_id: 'Role is required.',
      site_ids: 'Site is required.',
      user_type_ids: 'User type is required.',
    });
  });

  it('refuses letters in the phone', () => {
    expect(validatePersonForm(valid({ phone: '50abc' }), context, t).phone).toBe('Phone must contain digits only.');
  });

  it('asks for what the user types make mandatory, the photo included', () => {
    const errors = validatePersonForm(
      valid({ email: '', phone: '', id_number: '' }),
      { ...context, mandatory: new Set(['email', 'phone', 'id_number', 'company_name', 'photo'] as const) },
      t,
    );
    expect(errors).toEqual({
      email: 'Email is required for this user type.',
      phone: 'Phone is required',
      id_number: 'ID is required for this user type.',
      company_name: 'Company is required for this user type.',
      photo: 'A photo is required for this user type.',
    });
    expect(
      validatePersonForm(valid(), { ...context, mandatory: new Set(['photo'] as const), hasPhoto: true }, t),
    ).toEqual({});
  });

  it('checks custom values by type and requirement, on the field they belong to', () => {
    const fields = [
      field(1, { required: true }),
      field(2, { type: 'ratingScale', options: { scale: 5 } }),
      field(3, { type: 'date' }),
    ];
    const errors = validatePersonForm(
      valid({ custom_fields: { [ID(101)]: null, [ID(102)]: 9, [ID(103)]: '2024-02-30' } }),
      { ...context, fields },
      t,
    );
    expect(errors).toEqual({
      [`custom_fields.${ID(101)}`]: 'Field 1 is required.',
      [`custom_fields.${ID(102)}`]: 'Field 2 must be a whole score within its scale.',
      [`custom_fields.${ID(103)}`]: 'Field 3 must be a date (YYYY-MM-DD).',
    });
  });
});

describe('mandatoryProfileData', () => {
  it("merges the chosen types' mandatory data, children included", () => {
    const node = (id: string, mandatory: string[], children: UserTypeNode[] = []) =>
      ({ id, mandatory_profile_data: mandatory, children }) as unknown as UserTypeNode;
    const tree = [node('a', ['email'], [node('b', ['photo'])]), node('c', ['id_number'])];
    expect(mandatoryProfileData(tree, ['b', 'c'])).toEqual(new Set(['photo', 'id_number']));
    expect(mandatoryProfileData(tree, [])).toEqual(new Set());
  });
});
