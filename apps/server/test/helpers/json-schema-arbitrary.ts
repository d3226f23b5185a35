// fast-check arbitraries from the OpenAPI (JSON) schemas of the routes: values of the right shape,
// then the same values broken in the ways clients break them, for the fuzzing suite.
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
};

/** Real ids for a field or parameter name (`site_ids` → the company's sites), when there are any. */
export type IdsFor = (name: string) => string[];

/**
 * Numbers JSON.stringify cannot write (1e400 parses to Infinity, the long one loses precision), sent
 * as raw JSON text: a body holding `rawNumber(x)` is written with `toJson`, which unquotes them.
 */
const RAW = '\u0001raw:';
export const rawNumber = (text: string) => `${RAW}${text}`;
export const toJson = (value: unknown) =>
  JSON.stringify(value).replace(new RegExp(`"${RAW.replace('\u0001', '\\\\u0001')}([^"]*)"`, 'g'), '$1');

export const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  'end\ud83d',
  '\udc00\ud800',
  '',
  ' ',
  'x'.repeat(70_000),
  '😀'.repeat(300),
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0x1F',
  '9'.repeat(40),
  'null',
  'true',
  '__proto__',
  'constructor',
  '%00',
  '\\u0000',
  '<script>alert(1)</script>',
  "' OR 1=1; --",
  '../../etc/passwd',
  '\u202eevil',
  '\ufeff',
  'a\nb\r\tc',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0190a4c2-0000-7000-8000-00000000000g',
  '2024-02-30',
  '0000-01-01',
  '9999-12-31',
  '275760-09-13',
  '2024-01-01T00:00:00+25:00',
  '24:00',
  '23:59:60',
  '99:99',
];

export const NASTY_NUMBERS: unknown[] = [
  0,
  -0,
  -1,
  0.5,
  -0.5,
  1e-7,
  2 ** 15,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  1e21,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
  rawNumber('1e400'),
  rawNumber('-1e400'),
  rawNumber('123456789012345678901234567890'),
];

/** An array `levels` deep, built without recursion. */
export function deeplyNested(levels: number, leaf: unknown = 1): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

/** An object with an own key `key` (an object literal would set the prototype for `__proto__`). */
export function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

const POISON_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '\u0000', '\ud800', 'a.b'];

/** Any of the values clients get wrong: bad strings, extreme numbers, wrong types, deep nesting. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, {}, [], [null], [{}], { a: 1 }, [[['x']]]),
  },
  { weight: 1, arbitrary: fc.constantFrom(deeplyNested(10), deeplyNested(40), deeplyNested(300)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      withKey({}, '__proto__', { admin: true }),
      withKey({}, 'constructor', { prototype: { admin: true } }),
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

const isType = (schema: JsonSchema, type: string) =>
  schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

function patternString(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    const arb = fc.stringMatching(new RegExp(pattern));
    // Some patterns fast-check cannot generate (look-arounds) only fail when sampled.
    fc.sample(arb, { numRuns: 1, seed: 1 });
    return arb;
  } catch {
    return undefined;
  }
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const dates = fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true });

const two = (n: number) => String(n).padStart(2, '0');
const times = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${two(h)}:${two(m)}`);

/**
 * What a field's name says its text holds, for the fields whose schema checks the form in code
 * (a refinement the JSON schema cannot show): a time, a date, a local date-time, a phone number.
 */
function hintedString(name: string): fc.Arbitrary<string> | undefined {
  if (/(^|_)time$/.test(name)) return times;
  if (/(^|_)date$/.test(name) || name === 'from' || name === 'to') return dates.map(isoDate);
  if (/_at$/.test(name)) return fc.tuple(dates, times).map(([d, t]) => `${isoDate(d)}T${t}`);
  if (name === 'phone') return fc.stringMatching(/^[1-9]\d{6,9}$/);
  if (name === 'phone_code') return fc.constantFrom('+44', '+1', '+34', '+971');
  if (name === 'email') return fc.constantFrom('ada@example.test', 'grace.hopper@example.test');
  if (name === 'color') return fc.constantFrom('#336699', '#000000', '#ffffff');
  if (name === 'url') return fc.constantFrom('https://example.test/page', 'https://example.test/');
  // An identity provider's issuer is fetched: closed ports on this machine, never another one's address.
  if (name === 'issuer') return fc.constantFrom('http://127.0.0.1:9', 'http://localhost:9/realms/x');
  if (name === 'timezone') return fc.constantFrom('UTC', 'Europe/London', 'Asia/Dubai');
  return undefined;
}

function stringValue(schema: JsonSchema, name: string, idsFor: IdsFor): fc.Arbitrary<string> {
  const ids = idsFor(name);
  if (schema.format === 'uuid') {
    return ids.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, fc.uuid()) : fc.uuid();
  }
  if (ids.length) return fc.constantFrom(...ids);
  const hinted = hintedString(name);
  if (hinted && !schema.pattern) return hinted;
  if (schema.format === 'date') return dates.map(isoDate);
  if (schema.format === 'date-time') return dates.map((d) => d.toISOString());
  if (schema.format === 'email') {
    return fc.constantFrom('ada@example.test', 'grace.hopper@example.test', 'x@y.co');
  }
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? min + 12, min + 24);
  if (schema.pattern) {
    const matching = patternString(schema.pattern);
    if (matching) return matching;
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, max) });
}

function numberValue(schema: JsonSchema): fc.Arbitrary<number> {
  const lower = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : schema.minimum;
  const upper = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : schema.maximum;
  const min = Math.max(lower ?? -1000, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(upper ?? Math.max(min, 0) + 1000, Number.MAX_SAFE_INTEGER);
  if (isType(schema, 'integer')) return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) });
  return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
}

/** Values of the schema's shape: what a well-behaved client sends, with real ids where the name says which. */
export function validValue(schema: JsonSchema, idsFor: IdsFor, name = '', depth = 0): fc.Arbitrary<unknown> {
  const inner = innerValue(schema, idsFor, name, depth);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: inner }, fc.constant(null)) : inner;
}

function innerValue(schema: JsonSchema, idsFor: IdsFor, name: string, depth: number): fc.Arbitrary<unknown> {
  if (depth > 12) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((option) => validValue(option, idsFor, name, depth + 1)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, idsFor, name, depth);
  if (isType(schema, 'string')) return stringValue(schema, name, idsFor);
  if (isType(schema, 'integer') || isType(schema, 'number')) return numberValue(schema);
  if (isType(schema, 'boolean')) return fc.boolean();
  if (isType(schema, 'null')) return fc.constant(null);
  if (isType(schema, 'array')) {
    const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
    const minLength = schema.minItems ?? 0;
    const maxLength = Math.min(schema.maxItems ?? minLength + 3, minLength + 3);
    return fc.array(validValue(items ?? {}, idsFor, name, depth + 1), { minLength, maxLength });
  }
  if (isType(schema, 'object') || schema.properties) {
    const properties = schema.properties ?? {};
    const shape = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, validValue(value, idsFor, key, depth + 1)]),
    );
    const record = fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    const extra = schema.additionalProperties;
    if (!extra || typeof extra !== 'object') return record;
    const entries = fc.dictionary(
      fc.oneof(fc.constantFrom(...idsFor(name), 'status', 'name'), fc.string({ minLength: 1, maxLength: 12 })),
      validValue(extra, idsFor, name, depth + 1),
      { maxKeys: 3 },
    );
    return fc.tuple(record, entries).map(([fixed, more]) => ({ ...more, ...fixed }));
  }
  // No type: anything JSON.
  return fc.jsonValue({ maxDepth: 2 });
}

type Node = { value: unknown; set: (next: unknown) => void; remove?: () => void };

/** Every place in a value that a mutation can change: the root, each property, each item. */
function nodesOf(root: { value: unknown }): Node[] {
  const nodes: Node[] = [{ value: root.value, set: (next) => (root.value = next) }];
  for (let i = 0; i < nodes.length && nodes.length < 500; i++) {
    const current = nodes[i]!.value;
    if (Array.isArray(current)) {
      current.forEach((item, index) =>
        nodes.push({
          value: item,
          set: (next) => (current[index] = next),
          remove: () => current.splice(index, 1),
        }),
      );
    } else if (current && typeof current === 'object') {
      const object = current as Record<string, unknown>;
      for (const key of Object.keys(object)) {
        nodes.push({ value: object[key], set: (next) => (object[key] = next), remove: () => delete object[key] });
      }
    }
  }
  return nodes;
}

type Mutation = {
  kind: 'replace' | 'key' | 'wrap' | 'drop' | 'listify';
  at: number;
  value: unknown;
  key: string;
  sameType: boolean;
  pick: number;
};

function sameTypeNasty(value: unknown, pick: number): unknown {
  if (typeof value === 'string') return NASTY_STRINGS[pick % NASTY_STRINGS.length];
  if (typeof value === 'number') return NASTY_NUMBERS[pick % NASTY_NUMBERS.length];
  if (Array.isArray(value)) return pick % 2 ? [] : Array.from({ length: 300 }, () => value[0] ?? null);
  return NASTY_STRINGS[pick % NASTY_STRINGS.length];
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  sameType: fc.boolean(),
  pick: fc.nat({ max: 10_000 }),
  kind: fc.constantFrom<Mutation['kind']>('replace', 'replace', 'replace', 'key', 'wrap', 'drop', 'listify'),
  at: fc.nat({ max: 10_000 }),
  value: nastyValue,
  key: fc.oneof(fc.constantFrom(...POISON_KEYS), fc.string({ minLength: 1, maxLength: 10 })),
});

function applyMutation(value: unknown, m: Mutation): unknown {
  const root = { value: structuredClone(value) };
  const nodes = nodesOf(root);
  const node = nodes[m.at % nodes.length]!;
  switch (m.kind) {
    case 'replace':
      // Mostly a bad value of the same type, which passes the type check and reaches deeper code.
      node.set(m.sameType ? sameTypeNasty(node.value, m.pick) : m.value);
      break;
    case 'key':
      if (node.value && typeof node.value === 'object' && !Array.isArray(node.value)) {
        node.set(withKey(node.value as Record<string, unknown>, m.key, m.value));
      } else node.set(withKey({}, m.key, m.value));
      break;
    case 'wrap':
      node.set(deeplyNested(3, node.value));
      break;
    case 'drop':
      if (node.remove) node.remove();
      else node.set(undefined);
      break;
    case 'listify':
      node.set([node.value, node.value]);
      break;
  }
  return root.value;
}

/**
 * Bodies for a schema: mostly valid shapes broken in one or two places (a NUL or a lone surrogate,
 * a huge, negative or fractional number, a wrong type, an extra or poisoned key, a deep nest, a list
 * where one value belongs, a missing field), some left valid, some nasty through and through.
 * `examples` are bodies known to be accepted: broken, they reach furthest into the service.
 */
export function fuzzedValue(schema: JsonSchema, idsFor: IdsFor, examples: unknown[] = []): fc.Arbitrary<unknown> {
  const generated = validValue(schema, idsFor);
  const valid = examples.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...examples) }, { weight: 1, arbitrary: generated })
    : generated;
  const broken = fc
    .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 2 }))
    .map(([value, mutations]) => mutations.reduce(applyMutation, value));
  return fc.oneof(
    { weight: 6, arbitrary: broken },
    { weight: 2, arbitrary: valid },
    { weight: 1, arbitrary: nastyValue },
  );
}
