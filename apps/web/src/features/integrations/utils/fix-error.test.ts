import { describe, expect, it } from 'vitest';
import { fixErrorBody, fixErrorValues, phoneText, problemsOf, refusalOf, tempUserName } from './fix-error';

const record = {
  first_name: 'Ada',
  last_name: null,
  email: 'ada@example.com',
  phone_code: '44',
  phone: '7700900001',
  id_number: null,
  user_type_id: null,
};

describe('fixErrorValues', () => {
  it('starts from the record, a missing value as empty', () => {
    expect(fixErrorValues(record)).toEqual({
      first_name: 'Ada',
      last_name: '',
      email: 'ada@example.com',
      phone_code: '44',
      phone: '7700900001',
      id_number: '',
      user_type_id: null,
    });
  });
});

describe('fixErrorBody', () => {
  it('sends every field trimmed, an empty one as null', () => {
    expect(
      fixErrorBody({
        ...fixErrorValues(record),
        first_name: ' Ada ',
        last_name: 'Lovelace',
        id_number: '  ',
        user_type_id: '0193a1b2-0000-7000-8000-000000000001',
      }),
    ).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone_code: '44',
      phone: '7700900001',
      id_number: null,
      user_type_id: '0193a1b2-0000-7000-8000-000000000001',
    });
  });

  it('sends the code without its plus, and no code without a number', () => {
    expect(fixErrorBody({ ...fixErrorValues(record), phone_code: '+34' }).phone_code).toBe('34');
    expect(fixErrorBody({ ...fixErrorValues(record), phone: '' })).toMatchObject({ phone: null, phone_code: null });
  });

  it('sends no user type when none is chosen', () => {
    expect(fixErrorBody({ ...fixErrorValues(record), user_type_id: '' }).user_type_id).toBeNull();
  });
});

describe('problemsOf', () => {
  it('files each problem under its field, and the others apart', () => {
    expect(
      problemsOf({ last_name: 'The last name is missing.', record: 'Malformed.', user_type_id: 'Choose a user type.' }),
    ).toEqual({
      fields: { last_name: 'The last name is missing.', user_type_id: 'Choose a user type.' },
      other: ['Malformed.'],
    });
  });
});

describe('refusalOf', () => {
  it('shows a field’s messages under it and the rest apart', () => {
    expect(refusalOf({ email: ['Too long.', 'Invalid.'], id: ['Fix it as a duplicate.'] }, 'x')).toEqual({
      fields: { email: 'Too long. Invalid.' },
      other: 'Fix it as a duplicate.',
    });
  });

  it('falls back on the message when no field is named', () => {
    expect(refusalOf({}, 'Refused.')).toEqual({ fields: {}, other: 'Refused.' });
    expect(refusalOf({ phone: ['Bad'] }, 'Bad')).toEqual({ fields: { phone: 'Bad' }, other: null });
  });
});

describe('tempUserName', () => {
  it('names a record by its names, else its email, else its id in the directory', () => {
    expect(tempUserName({ first_name: 'Ada', last_name: 'Lovelace', email: null, external_id: 'x1' })).toBe(
      'Ada Lovelace',
    );
    expect(tempUserName({ first_name: ' ', last_name: null, email: 'a@b.c', external_id: 'x1' })).toBe('a@b.c');
    expect(tempUserName({ first_name: null, last_name: null, email: null, external_id: 'x1' })).toBe('x1');
  });
});

describe('phoneText', () => {
  it('writes the code with its plus before the number, and nothing without a number', () => {
    expect(phoneText('44', '7700900001')).toBe('+44 7700900001');
    expect(phoneText(null, '7700900001')).toBe('7700900001');
    expect(phoneText('44', null)).toBeNull();
  });
});
