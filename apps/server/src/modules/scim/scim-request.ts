import type { FastifyReply, FastifyRequest } from 'fastify';
import { invalidValue, notFound, preconditionFailed } from './scim-errors';

// What every SCIM request shares: a list's paging (RFC 7644 §3.4.2.4), the attributes asked for or
// left out (§3.9, §3.4.2.5), the list answer, and versions (§3.14: weak ETags, If-Match).

export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const DEFAULT_COUNT = 100;
export const MAX_COUNT = 200;

export type ListQuery = {
  filter?: string;
  startIndex: number;
  count: number;
  attributes: string[] | null;
  excludedAttributes: string[];
};

const single = (value: unknown): string | undefined =>
  Array.isArray(value) ? (value.length ? String(value[value.length - 1]) : undefined) : (value as string | undefined);

function integerOf(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw invalidValue(`${name} must be an integer`);
  return Number(raw.trim());
}

const names = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/**
 * The query's list parameters. §3.4.2.4: a startIndex below 1 is 1, a negative count is 0; a count
 * above what we answer at once is our maximum (the answer's itemsPerPage says how many came).
 */
export function readListQuery(query: unknown): ListQuery {
  const q = (query ?? {}) as Record<string, unknown>;
  const startIndex = Math.max(1, integerOf(single(q.startIndex), 'startIndex') ?? 1);
  const count = Math.min(MAX_COUNT, Math.max(0, integerOf(single(q.count), 'count') ?? DEFAULT_COUNT));
  const filter = single(q.filter)?.trim();
  return { filter: filter || undefined, startIndex, count, ...readAttributes(q) };
}

/** `attributes` and `excludedAttributes` of a query (reads and writes take them too). */
export function readAttributes(query: unknown): Pick<ListQuery, 'attributes' | 'excludedAttributes'> {
  const q = (query ?? {}) as Record<string, unknown>;
  const attributes = names(single(q.attributes));
  return { attributes: attributes.length ? attributes : null, excludedAttributes: names(single(q.excludedAttributes)) };
}

const CORE_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i;
/** Always answered, whatever was asked (RFC 7643 §2.2 "returned": "always"). */
const ALWAYS = new Set(['id', 'schemas']);

/** An attribute name as a path: [top-level key, sub-attribute?], an extension's URN kept whole. */
function pathOf(name: string): string[] {
  const bare = name.replace(CORE_PREFIX, '');
  const urn = /^(urn:.+):([^:]+)$/i.exec(bare);
  if (urn) return [urn[1]!.toLowerCase(), ...urn[2]!.toLowerCase().split('.')];
  return bare.toLowerCase().split('.');
}

/**
 * The resource with only the attributes asked for, or without those left out (by top-level name or
 * `name.sub`); names are compared without case, as SCIM's are.
 */
export function projectResource(
  resource: Record<string, unknown>,
  { attributes, excludedAttributes }: Pick<ListQuery, 'attributes' | 'excludedAttributes'>,
): Record<string, unknown> {
  if (attributes) {
    const wanted = attributes.map(pathOf);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(resource)) {
      const lower = key.toLowerCase();
      if (ALWAYS.has(lower)) {
        out[key] = value;
        continue;
      }
      const subs = wanted.filter((p) => p[0] === lower);
      if (subs.length === 0) continue;
      if (subs.some((p) => p.length === 1) || !isObject(value)) out[key] = value;
      else out[key] = pick(value, new Set(subs.map((p) => p[1]!)));
    }
    return out;
  }
  if (excludedAttributes.length === 0) return resource;
  const dropped = excludedAttributes.map(pathOf);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(resource)) {
    const lower = key.toLowerCase();
    const subs = ALWAYS.has(lower) ? [] : dropped.filter((p) => p[0] === lower);
    if (subs.some((p) => p.length === 1)) continue;
    out[key] = subs.length && isObject(value) ? omit(value, new Set(subs.map((p) => p[1]!))) : value;
  }
  return out;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const pick = (value: Record<string, unknown>, keys: Set<string>) =>
  Object.fromEntries(Object.entries(value).filter(([k]) => keys.has(k.toLowerCase())));
const omit = (value: Record<string, unknown>, keys: Set<string>) =>
  Object.fromEntries(Object.entries(value).filter(([k]) => !keys.has(k.toLowerCase())));

/** Whether the caller asked for an attribute at all (a group's members are read only when wanted). */
export function wantsAttribute(query: Pick<ListQuery, 'attributes' | 'excludedAttributes'>, name: string): boolean {
  const lower = name.toLowerCase();
  if (query.attributes) return query.attributes.some((a) => pathOf(a)[0] === lower);
  return !query.excludedAttributes.some((a) => {
    const path = pathOf(a);
    return path[0] === lower && path.length === 1;
  });
}

export function listResponse(resources: Record<string, unknown>[], totalResults: number, startIndex: number) {
  return { schemas: [LIST_SCHEMA], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}

export const etagOf = (version: number) => `W/"${version}"`;

/** §3.14: a write naming a version (If-Match) applies only to that version; `*` is any. */
export function checkIfMatch(header: string | string[] | undefined, version: number) {
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (!raw?.trim()) return;
  const tags = raw.split(',').map((t) => t.trim());
  if (tags.includes('*')) return;
  const current = `"${version}"`;
  if (!tags.some((t) => t.replace(/^W\//, '') === current)) throw preconditionFailed();
}

/** §3.14: a read naming the version the caller holds (If-None-Match) answers 304 when it is current. */
export function isNotModified(header: string | string[] | undefined, version: number): boolean {
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (!raw?.trim()) return false;
  const current = `"${version}"`;
  return raw.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === current);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The path's resource id: ours are uuids, so anything else is a resource that does not exist. */
export function resourceIdOf(req: FastifyRequest, kind: 'User' | 'Group'): string {
  const id = (req.params as { id?: string }).id ?? '';
  if (!UUID.test(id)) throw notFound(kind, id);
  return id.toLowerCase();
}

/**
 * A resource answered with its version (ETag) and, when made, its address (Location); a read whose
 * If-None-Match names the current version answers 304 with no body.
 */
export function sendResource(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: { resource: Record<string, unknown>; version: number },
  { status = 200, location }: { status?: number; location?: string } = {},
) {
  void reply.header('etag', etagOf(answer.version));
  if (location) void reply.header('location', location);
  if (req.method === 'GET' && isNotModified(req.headers['if-none-match'], answer.version)) {
    return reply.status(304).send();
  }
  return reply.status(status).send(answer.resource);
}
