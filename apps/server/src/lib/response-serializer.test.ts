import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledWriter, responseSerializerCompiler } from './response-serializer';

const person = z.object({
  id: z.string(),
  name: z.string(),
  role: z.object({ id: z.string(), name: z.string() }).nullable(),
  allowed: z.union([z.literal(0), z.literal(1)]),
  value: z.union([z.string(), z.number(), z.array(z.string()), z.null()]),
  tags: z.array(z.object({ id: z.string() })),
  permissions: z.record(z.string(), z.object({ allowed: z.boolean() })),
  note: z.string().optional(),
});

const route = (schema: z.ZodType) =>
  ({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as Parameters<
    ReturnType<typeof responseSerializerCompiler>
  >[0];

describe('compiled response writer', () => {
  const write = compiledWriter(person)!;

  it('writes only what the schema names, at every depth, as zod does', () => {
    const data = {
      id: 'p1',
      name: 'Amy',
      secret: 'never answered',
      role: { id: 'r1', name: 'Admin', permissions: 'internal' },
      allowed: 1,
      value: ['a', 'b'],
      tags: [{ id: 't1', internal: true }],
      permissions: { sites: { allowed: true, hidden: 1 } },
    };
    expect(JSON.parse(write(data))).toEqual({
      id: 'p1',
      name: 'Amy',
      role: { id: 'r1', name: 'Admin' },
      allowed: 1,
      value: ['a', 'b'],
      tags: [{ id: 't1' }],
      permissions: { sites: { allowed: true } },
    });
    expect(write(data)).not.toContain('never answered');
  });

  it('writes null for "X or null" and leaves out what is optional and missing', () => {
    const out = JSON.parse(
      write({ id: 'p', name: 'B', role: null, allowed: 0, value: null, tags: [], permissions: {} }),
    ) as Record<string, unknown>;
    expect(out).toEqual({ id: 'p', name: 'B', role: null, allowed: 0, value: null, tags: [], permissions: {} });
    expect('note' in out).toBe(false);
  });

  it('leaves to zod what it cannot follow exactly: transforms, unions of objects, recursion', () => {
    expect(compiledWriter(z.object({ at: z.date().transform((d) => d.toISOString()) }))).toBeNull();
    expect(compiledWriter(z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]))).toBeNull();
    type Node = { name: string; children: Node[] };
    const tree: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));
    expect(compiledWriter(tree)).toBeNull();
  });
});

describe('response serializer compiler', () => {
  it('checked: writes what zod writes, and refuses an answer zod refuses', () => {
    const serialize = responseSerializerCompiler({ checked: true })(route(person));
    const data = { id: 'p', name: 'C', role: null, allowed: 1, value: 3, tags: [], permissions: {}, extra: 1 };
    expect(JSON.parse(serialize(data))).toEqual({
      id: 'p',
      name: 'C',
      role: null,
      allowed: 1,
      value: 3,
      tags: [],
      permissions: {},
    });
    expect(() => serialize({ ...data, allowed: 2 })).toThrow();
  });

  it('writes through zod a schema the writer cannot follow', () => {
    const schema = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    const serialize = responseSerializerCompiler({ checked: false })(route(schema));
    expect(serialize({ a: 'x', extra: 1 })).toBe('{"a":"x"}');
    expect(() => serialize({ c: 1 })).toThrow();
  });
});
