import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Answers are written by a serializer compiled once per route from its response schema
// (fast-json-stringify), instead of zod checking and copying every answer before JSON.stringify:
// the same JSON at about a third of the cost, which was a quarter of a small request's time
// (docs/performance.md). Only the schema's properties are written, as zod's copy did, so nothing a
// service reads but does not mean to answer ever leaves. A schema the compiled writer cannot follow
// exactly (transforms, unions other than "or null", defaults, recursion) stays with zod.
//
// With `checked` (the test suite), every answer is written both ways and a difference is an error,
// so the whole integration suite proves the two agree on every route it calls.

type ZodDef = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): ZodDef => (schema as { _zod: { def: ZodDef } })._zod.def;

/** Zod types whose JSON the compiled writer would not write as zod does. */
const UNFOLLOWED = new Set([
  'transform',
  'pipe',
  'prefault',
  'catch',
  'custom',
  'promise',
  'function',
  'lazy',
  'date',
  'map',
  'set',
  'bigint',
  'symbol',
  'file',
  'intersection',
  'tuple',
  'template_literal',
  'nan',
  'success',
  'nonoptional',
  'undefined',
  'void',
  'never',
]);

/**
 * Whether every part of the schema is one the compiled writer follows exactly. `open` holds the parts
 * being looked into (a part inside itself is recursion, which stays with zod).
 */
function followable(schema: unknown, open = new Set<unknown>()): boolean {
  if (open.has(schema)) return false;
  const def = defOf(schema);
  if (UNFOLLOWED.has(def.type)) return false;
  open.add(schema);
  try {
    return followableParts(def, open);
  } finally {
    open.delete(schema);
  }
}

function followableParts(def: ZodDef, open: Set<unknown>): boolean {
  switch (def.type) {
    case 'object':
      return (
        Object.values(def.shape as Record<string, unknown>).every((s) => followable(s, open)) &&
        (def.catchall === undefined || defOf(def.catchall).type === 'never')
      );
    case 'array':
      return followable(def.element, open);
    case 'record':
      return defOf(def.keyType).type === 'string' && followable(def.valueType, open);
    // A default is not applied when an answer is written: the value must be there, as with zod.
    case 'optional':
    case 'readonly':
    case 'default':
      return followable(def.innerType, open);
    case 'nullable': {
      // "X or null" of a plain type only: the writer's null check comes before the type's.
      const inner = defOf(def.innerType).type;
      return inner !== 'nullable' && inner !== 'optional' && followable(def.innerType, open);
    }
    case 'union':
      // A union of values with nothing to leave out (literals, primitives, their lists) is written
      // whole, as zod writes it; a union of objects stays with zod.
      return (def.options as unknown[]).every((o) => followable(o, open) && !holdsObject(o));
    default:
      return true;
  }
}

/** Whether the schema has an object anywhere in it (one whose unknown keys zod would leave out). */
function holdsObject(schema: unknown): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
    case 'record':
      return true;
    case 'array':
      return holdsObject(def.element);
    case 'optional':
    case 'readonly':
    case 'default':
    case 'nullable':
      return holdsObject(def.innerType);
    case 'union':
      return (def.options as unknown[]).some(holdsObject);
    default:
      return false;
  }
}

type JsonSchema = { [key: string]: unknown };

/**
 * Rewrites zod's "anyOf" in the forms the writer reads: "X or null" as X with null among its types,
 * and a union with no object in it (see `followable`) as any value, written by JSON.stringify.
 */
function forWriter(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriter);
  if (!node || typeof node !== 'object') return node;
  const schema = node as JsonSchema;
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf) {
    const { anyOf: _anyOf, ...rest } = schema;
    const other = anyOf.find((s) => s.type !== 'null');
    if (anyOf.length === 2 && other && anyOf.some((s) => s.type === 'null') && typeof other.type === 'string') {
      return forWriter({ ...rest, ...other, type: [other.type, 'null'] });
    }
    if (!JSON.stringify(anyOf).includes('"object"')) return {};
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, forWriter(value)]));
}

/** A compiled writer for the schema, or null when zod must write it. */
export function compiledWriter(schema: z.ZodType): ((data: unknown) => string) | null {
  if (!followable(schema)) return null;
  let json: unknown;
  try {
    json = forWriter(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', cycles: 'throw' }));
  } catch {
    return null;
  }
  if (JSON.stringify(json).includes('"anyOf"')) return null;
  const { $schema: _draft, ...body } = json as JsonSchema;
  return fastJson(body) as (data: unknown) => string;
}

const sameJson = (a: string, b: string) => {
  const sorted = (text: string) => JSON.stringify(JSON.parse(text), (_key, value: unknown) => ordered(value));
  return sorted(a) === sorted(b);
};
const ordered = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
    : value;

export function responseSerializerCompiler({ checked }: { checked: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route);
    const schema = route.schema as z.ZodType | { properties?: z.ZodType };
    const zodSchema = schema instanceof z.ZodType ? schema : schema.properties;
    const compiled = zodSchema instanceof z.ZodType ? compiledWriter(zodSchema) : null;
    if (!compiled) return viaZod;
    if (!checked) return compiled;
    return (data: unknown) => {
      const byZod = viaZod(data);
      const written = compiled(data);
      if (!sameJson(byZod, written)) {
        throw new Error(`${route.method} ${route.url}: the compiled answer differs from zod's:\n${written}\n${byZod}`);
      }
      return written;
    };
  };
}
