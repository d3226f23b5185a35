import { sql, type SQL } from 'drizzle-orm';
import { parse, type Filter } from 'scim2-parse-filter';
import { invalidFilter } from './scim-errors';

// A list's `filter` (RFC 7644 §3.4.2.2) as a condition of the list's SQL. Only the attributes a
// resource type declares are filterable, each by what it is (text compared without case unless it is
// case-exact, booleans, dates, ids); anything else is a 400 invalidFilter, never a filter silently
// ignored, which would answer an identity provider's "does this user exist?" with everyone.

export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type FilterOp = CompareOp | 'pr';
export type CompValue = string | number | boolean | null;

/** How one attribute is compared: the condition for an operator and a value. */
export type FilterAttribute = (op: FilterOp, value: CompValue) => SQL;
/** By attribute path, lower-cased (`username`, `emails.value`). */
export type FilterAttributes = Record<string, FilterAttribute>;

const CORE_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SQL_OPS: Record<'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le', string> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
};

const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&');

function unsupported(op: FilterOp, kind: string): never {
  throw invalidFilter(`The operator ${op} does not apply to ${kind} attributes`);
}

/** Text: without case (`exact: false`, most SCIM strings) or as written (externalId). */
export function textAttribute(expr: SQL, { exact = false } = {}): FilterAttribute {
  return (op, value) => {
    if (op === 'pr') return sql`(${expr} is not null and ${expr} <> '')`;
    if (value === null) return nullCompare(expr, op);
    if (typeof value === 'boolean') throw invalidFilter('A text attribute is compared with a string');
    const side = (e: SQL | string) => (exact ? sql`${e}` : sql`lower(${e})`);
    const text = String(value);
    switch (op) {
      case 'co':
        return sql`${side(expr)} like ${side(`%${likeEscape(text)}%`)}`;
      case 'sw':
        return sql`${side(expr)} like ${side(`${likeEscape(text)}%`)}`;
      case 'ew':
        return sql`${side(expr)} like ${side(`%${likeEscape(text)}`)}`;
      default:
        return sql`${side(expr)} ${sql.raw(SQL_OPS[op])} ${side(text)}`;
    }
  };
}

export function booleanAttribute(expr: SQL): FilterAttribute {
  return (op, value) => {
    if (op === 'pr') return sql`${expr} is not null`;
    if (op !== 'eq' && op !== 'ne') unsupported(op, 'boolean');
    // Some identity providers write booleans as strings ("False"): read them as what they mean.
    const flag = typeof value === 'string' ? value.toLowerCase() : value;
    if (flag !== true && flag !== false && flag !== 'true' && flag !== 'false') {
      throw invalidFilter('A boolean attribute is compared with true or false');
    }
    const wanted = flag === true || flag === 'true';
    return op === 'eq' ? sql`${expr} = ${wanted}` : sql`${expr} <> ${wanted}`;
  };
}

/** A date, compared to the millisecond the answers show (meta.created, meta.lastModified). */
export function dateAttribute(expr: SQL): FilterAttribute {
  return (op, value) => {
    if (op === 'pr') return sql`${expr} is not null`;
    if (op === 'co' || op === 'sw' || op === 'ew') unsupported(op, 'date');
    const when = typeof value === 'string' ? new Date(value) : null;
    if (!when || Number.isNaN(when.getTime())) throw invalidFilter('A date is compared with an xsd:dateTime string');
    return sql`date_trunc('milliseconds', ${expr}) ${sql.raw(SQL_OPS[op])} ${when.toISOString()}::timestamptz`;
  };
}

/** A uuid: equal or not (a value that is no uuid equals nothing), or its text's start, end or part. */
export function idAttribute(expr: SQL): FilterAttribute {
  return (op, value) => {
    if (op === 'pr') return sql`${expr} is not null`;
    if (typeof value !== 'string') throw invalidFilter('An id is compared with a string');
    if (op === 'eq' || op === 'ne') {
      if (!UUID.test(value)) return op === 'eq' ? sql`false` : sql`true`;
      return op === 'eq' ? sql`${expr} = ${value.toLowerCase()}::uuid` : sql`${expr} <> ${value.toLowerCase()}::uuid`;
    }
    if (op === 'co' || op === 'sw' || op === 'ew') return textAttribute(sql`${expr}::text`)(op, value);
    unsupported(op, 'id');
  };
}

/**
 * An attribute of the elements of a multi-valued attribute: true when some element matches
 * (`exists`, given the element condition); `ne` is "no element equals".
 */
export function someElement(exists: (condition: SQL) => SQL, element: FilterAttribute): FilterAttribute {
  return (op, value) => (op === 'ne' ? sql`not ${exists(element('eq', value))}` : exists(element(op, value)));
}

function nullCompare(expr: SQL, op: FilterOp): SQL {
  if (op === 'eq') return sql`(${expr} is null)`;
  if (op === 'ne') return sql`(${expr} is not null)`;
  throw invalidFilter(`The operator ${op} cannot compare with null`);
}

function compile(filter: Filter, attributes: FilterAttributes, prefix: string): SQL {
  switch (filter.op) {
    case 'and':
    case 'or': {
      const parts = filter.filters.map((f) => compile(f, attributes, prefix));
      return sql`(${sql.join(parts, sql.raw(` ${filter.op} `))})`;
    }
    case 'not':
      return sql`not (${compile(filter.filter, attributes, prefix)})`;
    case '[]':
      // emails[type eq "work"]: the bracket's attributes are the multi-valued attribute's own.
      return compile(filter.valFilter, attributes, `${prefix}${filter.attrPath}.`);
    default: {
      const path = `${prefix}${filter.attrPath}`.replace(CORE_PREFIX, '').toLowerCase();
      const attribute = attributes[path];
      if (!attribute) throw invalidFilter(`Filtering on ${JSON.stringify(path)} is not supported`);
      return attribute(filter.op, filter.op === 'pr' ? null : filter.compValue);
    }
  }
}

/** The filter as a condition, or a 400 invalidFilter naming what is wrong. */
export function filterToSql(text: string, attributes: FilterAttributes): SQL {
  let parsed: Filter;
  try {
    parsed = parse(text);
  } catch (error) {
    throw invalidFilter(`The filter cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return compile(parsed, attributes, '');
}
