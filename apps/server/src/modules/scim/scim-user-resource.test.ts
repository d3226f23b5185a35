import { describe, expect, it } from 'vitest';
import { ScimError } from './scim-errors';
import { ENTERPRISE_SCHEMA, personValuesOf, readUserBody } from './scim-user-resource';
import { checkIfMatch, projectResource, readListQuery } from './scim-request';

const valuesOf = (body: Record<string, unknown>, fields: string[] | null = null) =>
  personValuesOf(readUserBody({ userName: 'u', ...body }), fields ? new Set(fields) : null);

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    return error instanceof ScimError ? `${error.status} ${error.scimType ?? ''} ${error.detail}` : String(error);
  }
  return 'accepted';
}

describe('a SCIM User read into a person', () => {
  it('keeps what the provider wrote, less the password and what we make, and reads "False"', () => {
    const input = readUserBody({
      schemas: ['x'],
      id: 'theirs',
      meta: {},
      UserName: ' bjensen ',
      active: 'False',
      password: 'secret',
      groups: [{ value: 'g' }],
      nickName: 'Babs',
    });
    expect(input).toEqual({ userName: 'bjensen', externalId: null, active: false, resource: { nickName: 'Babs' } });
  });

  it('takes names, the primary email, the mobile phone split by its calling code, and the enterprise fields', () => {
    expect(
      valuesOf({
        name: { givenName: ' Barbara ', familyName: 'Jensen' },
        emails: [{ value: 'other@example.com' }, { value: 'Babs@Example.com', primary: 'True' }],
        phoneNumbers: [
          { type: 'work', value: '04 555 0000' },
          { type: 'mobile', value: '+971 (0)50-123 4567' },
        ],
        [ENTERPRISE_SCHEMA]: { employeeNumber: 701984, department: ' Tour  Operations ' },
      }),
    ).toEqual({
      firstName: 'Barbara',
      lastName: 'Jensen',
      email: 'babs@example.com',
      phoneCode: '971',
      phone: '501234567',
      idNumber: '701984',
      department: 'Tour Operations',
    });
  });

  it('splits the displayName when no name is given, and keeps a national number as digits without a code', () => {
    expect(valuesOf({ displayName: 'Mary Ann  Smith', phoneNumbers: [{ value: '050 123 4567' }] })).toMatchObject({
      firstName: 'Mary',
      lastName: 'Ann Smith',
      phoneCode: null,
      phone: '0501234567',
    });
  });

  it('takes only the fields the integration takes', () => {
    const values = valuesOf(
      {
        name: { givenName: 'A', familyName: 'B' },
        emails: [{ value: 'a@b.co' }],
        phoneNumbers: [{ value: '+44 20 7946 0000' }],
      },
      ['phone'],
    );
    expect(values).toMatchObject({ email: null, phoneCode: '44', phone: '2079460000' });
  });

  it('refuses what cannot become a person with 400 invalidValue', () => {
    expect(refusal(() => readUserBody({ name: {} }))).toMatch(/^400 invalidValue userName/);
    expect(refusal(() => valuesOf({ displayName: 'Cher' }))).toMatch(/^400 invalidValue name.familyName/);
    expect(refusal(() => valuesOf({ displayName: 'A B', emails: [{ value: 'nope' }] }))).toMatch(/not a valid email/);
    expect(refusal(() => valuesOf({ displayName: `${'A'.repeat(51)} B` }))).toMatch(/longer than 50/);
    expect(refusal(() => valuesOf({ displayName: 'A B', phoneNumbers: [{ value: '1'.repeat(20) }] }))).toMatch(
      /phoneNumbers/,
    );
  });
});

describe('list parameters, attributes and versions', () => {
  it('reads paging as RFC 7644 §3.4.2.4 says', () => {
    expect(readListQuery({ startIndex: '0', count: '-5' })).toMatchObject({ startIndex: 1, count: 0 });
    expect(readListQuery({ count: '5000' })).toMatchObject({ startIndex: 1, count: 200 });
    expect(readListQuery({})).toMatchObject({ startIndex: 1, count: 100, attributes: null, excludedAttributes: [] });
    expect(refusal(() => readListQuery({ startIndex: 'two' }))).toMatch(/^400 invalidValue/);
  });

  it('answers the attributes asked for, always with id and schemas', () => {
    const resource = { schemas: ['s'], id: '1', userName: 'u', name: { givenName: 'G', familyName: 'F' }, meta: {} };
    expect(projectResource(resource, { attributes: ['NAME.givenName'], excludedAttributes: [] })).toEqual({
      schemas: ['s'],
      id: '1',
      name: { givenName: 'G' },
    });
    expect(
      projectResource(resource, { attributes: null, excludedAttributes: ['meta', 'id', 'name.familyName'] }),
    ).toEqual({
      schemas: ['s'],
      id: '1',
      userName: 'u',
      name: { givenName: 'G' },
    });
  });

  it('applies If-Match to the current version only', () => {
    expect(refusal(() => checkIfMatch('W/"3"', 3))).toBe('accepted');
    expect(refusal(() => checkIfMatch('"2", W/"3"', 3))).toBe('accepted');
    expect(refusal(() => checkIfMatch('*', 3))).toBe('accepted');
    expect(refusal(() => checkIfMatch(undefined, 3))).toBe('accepted');
    expect(refusal(() => checkIfMatch('W/"2"', 3))).toMatch(/^412/);
  });
});
