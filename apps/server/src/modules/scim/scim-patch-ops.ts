import { filter as filterOf, parse, type Filter } from 'scim2-parse-filter';
import { scimPatch, ScimError as PatchError, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import { invalidSyntax, invalidValue, noTarget, ScimError, type ScimType } from './scim-errors';

// PATCH (RFC 7644 §3.5.2) as the identity providers send it, made plain before scim-patch applies it:
// Microsoft Entra writes the operation capitalised (`Replace`) and booleans as strings ("False"); Okta
// sends `{"op":"replace","value":{"active":false}}` with no path. A group's members are rows of their
// own, so their operations are read here into ids to add and remove; the rest goes to scim-patch.

export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
/** More operations than any provider sends in one request (Entra sends at most a few hundred members). */
export const MAX_OPERATIONS = 1000;

export type PatchOp = { op: 'add' | 'remove' | 'replace'; path?: string; value?: unknown };

const OPS = new Set(['add', 'remove', 'replace']);

/** A key of an object without regard to case ("Operations", "operations"). */
export function valueOf(object: Record<string, unknown>, key: string): unknown {
  const lower = key.toLowerCase();
  const found = Object.keys(object).find((k) => k.toLowerCase() === lower);
  return found === undefined ? undefined : object[found];
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The body's operations, checked and lower-cased; a 400 naming what is wrong otherwise. */
export function readPatchBody(body: unknown): PatchOp[] {
  if (!isRecord(body)) throw invalidSyntax('The body must be a PatchOp message');
  const schemas = valueOf(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.some((s) => String(s).toLowerCase() === PATCH_SCHEMA.toLowerCase())) {
    throw invalidSyntax(`schemas must include ${PATCH_SCHEMA}`);
  }
  const operations = valueOf(body, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0) throw invalidSyntax('Operations must list operations');
  if (operations.length > MAX_OPERATIONS) {
    throw new ScimError(400, 'tooMany', `At most ${MAX_OPERATIONS} operations at once`);
  }
  return operations.map((raw, i) => {
    if (!isRecord(raw)) throw invalidSyntax(`Operations[${i}] must be an object`);
    const rawOp = valueOf(raw, 'op');
    const op = typeof rawOp === 'string' ? rawOp.toLowerCase() : '';
    if (!OPS.has(op)) throw invalidSyntax(`Operations[${i}].op must be add, remove or replace`);
    const rawPath = valueOf(raw, 'path');
    if (rawPath !== undefined && rawPath !== null && typeof rawPath !== 'string') {
      throw invalidSyntax(`Operations[${i}].path must be a string`);
    }
    const path = rawPath?.trim() || undefined;
    const hasValue = Object.keys(raw).some((k) => k.toLowerCase() === 'value');
    if (op === 'remove' && !path) throw noTarget(`Operations[${i}]: remove needs a path`);
    if (op !== 'remove' && !hasValue) throw invalidSyntax(`Operations[${i}]: ${op} needs a value`);
    if (op !== 'remove' && !path && !isRecord(valueOf(raw, 'value'))) {
      throw invalidSyntax(`Operations[${i}]: without a path, the value must be an object of attributes`);
    }
    return { op: op as PatchOp['op'], path, ...(hasValue ? { value: valueOf(raw, 'value') } : {}) };
  });
}

/** The resource's id is ours: an operation may repeat it (Okta does) but not change it. */
export function checkIdKept(patched: Record<string, unknown>, id: string) {
  const value = patched.id;
  if (value !== undefined && !(typeof value === 'string' && value.toLowerCase() === id)) {
    throw new ScimError(400, 'mutability', 'id cannot change');
  }
}

const CORE_URN = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i;

/** The top-level attribute a path names (an extension's URN for its attributes). */
function topAttributeOf(path: string): string {
  const bare = path.replace(CORE_URN, '');
  if (/^urn:/i.test(bare)) return bare.slice(0, bare.lastIndexOf(':'));
  return bare.split(/[[.]/)[0]!;
}

/**
 * The operations applied to a copy of the resource; scim-patch's refusals answered as SCIM errors.
 * Removing an attribute the resource does not have changes nothing (Entra removes what may be gone).
 */
export function applyPatch(resource: Record<string, unknown>, ops: PatchOp[]): Record<string, unknown> {
  const keys = new Set(Object.keys(resource).map((k) => k.toLowerCase()));
  const applicable = ops.filter((op) => op.op !== 'remove' || keys.has(topAttributeOf(op.path!).toLowerCase()));
  if (applicable.length === 0) return resource;
  try {
    return scimPatch(resource as unknown as ScimResource, applicable as ScimPatchOperation[], {
      mutateDocument: false,
      treatMissingAsAdd: true,
    }) as unknown as Record<string, unknown>;
  } catch (error) {
    if (error instanceof PatchError) {
      throw new ScimError(400, (error.scimCode as ScimType | undefined) ?? 'invalidSyntax', error.message);
    }
    if (error instanceof ScimError) throw error;
    // scim-patch walks whatever it is given; what it cannot walk is a path that does not fit the resource.
    throw new ScimError(400, 'invalidPath', 'The operation does not fit the resource');
  }
}

// ---- a group's members ----

export type MemberChanges = {
  /** The operations that are not about members, for scim-patch. */
  rest: PatchOp[];
  /** The members once the operations are applied, in order. */
  memberIds: string[];
};

const MEMBERS_PATH = /^(?:urn:ietf:params:scim:schemas:core:2\.0:group:)?members$/i;
const MEMBERS_FILTER = /^(?:urn:ietf:params:scim:schemas:core:2\.0:group:)?members\[(.+)\]$/i;

/** The member ids of a value (`[{ "value": id }]`, or one such object); anything else is a 400. */
export function memberIdsOf(value: unknown, where: string): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((item, i) => {
    const id = isRecord(item) ? valueOf(item, 'value') : undefined;
    if (typeof id !== 'string' || !id.trim()) throw invalidValue(`${where}[${i}].value must be a user's id`);
    const type = isRecord(item) ? valueOf(item, 'type') : undefined;
    if (typeof type === 'string' && type.toLowerCase() !== 'user') {
      throw invalidValue(`${where}[${i}]: only users can be members (no nested groups)`);
    }
    return id.trim().toLowerCase();
  });
}

/**
 * The member operations of a group's PATCH applied to its current members: `members` with add, remove
 * (a value lists whom; no value removes everyone) or replace; `members[value eq "…"]` removes whom the
 * filter names; a value object without a path may carry `members` beside other attributes (Okta).
 */
export function applyMemberOps(current: string[], ops: PatchOp[]): MemberChanges {
  let members = [...current];
  const rest: PatchOp[] = [];
  const add = (ids: string[]) => {
    for (const id of ids) if (!members.includes(id)) members.push(id);
  };
  ops.forEach((op, i) => {
    const where = `Operations[${i}].value`;
    if (!op.path) {
      const value = op.value as Record<string, unknown>;
      const key = Object.keys(value).find((k) => MEMBERS_PATH.test(k));
      if (key === undefined) return rest.push(op);
      const ids = memberIdsOf(value[key], where);
      if (op.op === 'replace') members = [];
      add(ids);
      const others = Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
      if (Object.keys(others).length) rest.push({ ...op, value: others });
      return;
    }
    if (MEMBERS_PATH.test(op.path)) {
      const ids = memberIdsOf(op.value, where);
      if (op.op === 'remove') members = op.value === undefined ? [] : members.filter((m) => !ids.includes(m));
      else {
        if (op.op === 'replace') members = [];
        add(ids);
      }
      return;
    }
    const filtered = MEMBERS_FILTER.exec(op.path);
    if (!filtered) return rest.push(op);
    if (op.op !== 'remove') throw noTarget(`Operations[${i}]: members are added by value, not by a filter`);
    let matches: (member: { value: string }) => boolean;
    try {
      matches = filterOf(lowerCased(parse(filtered[1]!))) as (member: { value: string }) => boolean;
    } catch {
      throw new ScimError(400, 'invalidPath', `Operations[${i}].path has a filter that cannot be read`);
    }
    members = members.filter((m) => !matches({ value: m }));
  });
  return { rest, memberIds: members };
}

/** Ids are kept lower-cased: so are the strings a member filter compares them with. */
function lowerCased(filter: Filter): Filter {
  switch (filter.op) {
    case 'and':
    case 'or':
      return { ...filter, filters: filter.filters.map(lowerCased) };
    case 'not':
      return { ...filter, filter: lowerCased(filter.filter) };
    case '[]':
      return { ...filter, valFilter: lowerCased(filter.valFilter) };
    case 'pr':
      return filter;
    default:
      return typeof filter.compValue === 'string' ? { ...filter, compValue: filter.compValue.toLowerCase() } : filter;
  }
}
