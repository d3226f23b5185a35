import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ScimError } from './scim-errors';
import {
  booleanAttribute,
  dateAttribute,
  filterToSql,
  idAttribute,
  someElement,
  textAttribute,
  type FilterAttributes,
} from './scim-filter';

const ATTRIBUTES: FilterAttributes = {
  id: idAttribute(sql`u.id`),
  username: textAttribute(sql`u.name`),
  externalid: textAttribute(sql`u.ext`, { exact: true }),
  active: booleanAttribute(sql`u.active`),
  'meta.lastmodified': dateAttribute(sql`u.updated_at`),
  'emails.value': someElement((c) => sql`exists (select 1 from e where ${c})`, textAttribute(sql`e.value`)),
};

const dialect = new PgDialect();
const render = (filter: string) => {
  const { sql: text, params } = dialect.sqlToQuery(filterToSql(filter, ATTRIBUTES));
  return { sql: text, params };
};

function refusal(filter: string) {
  try {
    render(filter);
  } catch (error) {
    return error instanceof ScimError ? `${error.status} ${error.scimType}` : String(error);
  }
  return 'accepted';
}

describe('a SCIM filter as SQL', () => {
  it('compares text without case, escapes LIKE, and keeps case-exact attributes exact', () => {
    expect(render('userName Eq "Bjensen"')).toEqual({ sql: 'lower(u.name) = lower($1)', params: ['Bjensen'] });
    expect(render('userName co "50%_x"').params).toEqual(['%50\\%\\_x%']);
    expect(render('userName sw "a"').params).toEqual(['a%']);
    expect(render('externalId eq "AbC"')).toEqual({ sql: 'u.ext = $1', params: ['AbC'] });
    expect(render('externalId pr').sql).toBe("(u.ext is not null and u.ext <> '')");
  });

  it('joins with and, or, not, and reads the core schema URN and a value path', () => {
    const q = render(
      'urn:ietf:params:scim:schemas:core:2.0:User:userName eq "a" or (active eq "False" and not (emails[value co "x"]))',
    );
    expect(q.sql).toBe(
      '(lower(u.name) = lower($1) or (u.active = $2 and not (exists (select 1 from e where lower(e.value) like lower($3)))))',
    );
    expect(q.params).toEqual(['a', false, '%x%']);
  });

  it('compares ids and dates as what they are', () => {
    expect(render('id eq "2819C223-7F76-453A-919D-413861904646"').params).toEqual([
      '2819c223-7f76-453a-919d-413861904646',
    ]);
    expect(render('id eq "not-a-uuid"').sql).toBe('false');
    const date = render('meta.lastModified ge "2011-05-13T04:42:34Z"');
    expect(date.sql).toBe("date_trunc('milliseconds', u.updated_at) >= $1::timestamptz");
    expect(date.params).toEqual(['2011-05-13T04:42:34.000Z']);
  });

  it('refuses what it cannot read or does not support with 400 invalidFilter', () => {
    for (const filter of [
      'userName eq',
      'userName eq "a" extra',
      'nickName eq "x"',
      'active lt true',
      'active eq "perhaps"',
      'meta.lastModified gt "soon"',
      'id gt "a"',
      '((((userName eq "a"',
    ]) {
      expect(refusal(filter), filter).toBe('400 invalidFilter');
    }
  });
});
