// Every field a route takes is named by a label in English, Arabic and Spanish, and every message
// about bad input is a sentence naming the field by that label: never a raw key such as
// `errors:fields.0 is required.` or `errors:fields._`. The routes' own OpenAPI document is walked, so a
// new route or field is covered without touching this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@app/shared/constants';
import { fieldLabelKeys, isTranslated, type RequestPart } from '@app/shared/http/field-messages';
import { serverResources } from '@app/shared/i18n/server-resources';
import type { Catalogue } from '@app/shared/i18n/translate';
import type { TestClient } from './helpers/http-client';
import { signIn } from './helpers/http-client';
import type { JsonSchema } from './helpers/json-schema-arbitrary';
import { createTestApp, type TestContext } from './helpers/test-app';
import { createCompany, createPerson, PASSWORD } from './helpers/world';

type Parameter = { name: string; in: string; schema?: JsonSchema };
type Operation = {
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Document = { paths: Record<string, Record<string, Operation>> };

const RAW_KEY = /errors:|fields\.|\{\{/;

let ctx: TestContext;
let doc: Document;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  doc = ctx.app.swagger() as Document;
  const { entity } = await createCompany(ctx.db.db);
  // A company admin who is also a platform administrator: every route checks its input for them.
  const operator = await createPerson(ctx.db.db, [entity], 'admin', { isPlatformAdmin: true });
  admin = (await signIn(ctx.app, operator.email, PASSWORD)).client;
});
afterAll(() => ctx.close());

/** A text of one language's catalogue only: a label that exists only in English would pass a fallback. */
function ownText(lang: Language, key: string): string {
  let node: Catalogue | string | undefined = serverResources[lang].errors;
  for (const part of key.replace(/^errors:/, '').split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return key;
    node = node[part];
  }
  return typeof node === 'string' ? node : key;
}

type FieldPath = { where: string; part: RequestPart; names: string[] };

/** Every field name a schema holds, as the path of names leading to it: properties, items, unions, records. */
function fieldPaths(schema: JsonSchema | undefined, where: string, part: RequestPart, names: string[] = []) {
  const found: FieldPath[] = [];
  const stack: { schema: JsonSchema | undefined; names: string[] }[] = [{ schema, names }];
  while (stack.length) {
    const { schema: current, names: path } = stack.pop()!;
    if (!current || path.length > 12) continue;
    for (const [name, child] of Object.entries(current.properties ?? {})) {
      found.push({ where, part, names: [...path, name] });
      stack.push({ schema: child, names: [...path, name] });
    }
    const items = Array.isArray(current.items) ? current.items : [current.items];
    const extra = typeof current.additionalProperties === 'object' ? [current.additionalProperties] : [];
    // An item's or a record value's fields are named like their list's: indices and keys are no names.
    for (const child of [
      ...items,
      ...extra,
      ...(current.anyOf ?? []),
      ...(current.oneOf ?? []),
      ...(current.allOf ?? []),
    ]) {
      if (child) stack.push({ schema: child, names: path });
    }
  }
  return found;
}

function allFieldPaths(): FieldPath[] {
  const found: FieldPath[] = [];
  for (const [url, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${url}`;
      for (const p of op.parameters ?? []) {
        if (p.in !== 'path' && p.in !== 'query') continue;
        const part = p.in === 'path' ? 'params' : 'querystring';
        found.push({ where, part, names: [p.name] }, ...fieldPaths(p.schema, where, part, [p.name]));
      }
      for (const content of Object.values(op.requestBody?.content ?? {})) {
        found.push(...fieldPaths(content.schema, where, 'body'));
      }
    }
  }
  return found;
}

describe('field labels', () => {
  it('has a label of its own, in every language, for every field of every route', () => {
    const paths = allFieldPaths();
    expect(paths.length).toBeGreaterThan(500);
    const missing = new Set<string>();
    for (const { where, part, names } of paths) {
      const leaf = names.at(-1)!;
      const own = new Set(
        [`errors:fields.${leaf}`, `errors:fields.${leaf}.label`].concat(
          names.length > 1 ? [`errors:fields.${names.at(-2)}.${leaf}`] : [],
        ),
      );
      for (const lang of LANGUAGES) {
        const found = fieldLabelKeys(names, part).find((key) => isTranslated(key, ownText(lang, key)));
        if (!found || !own.has(found)) missing.add(`${lang}: ${leaf} (${where})`);
      }
    }
    expect([...missing].sort()).toEqual([]);
  });

  it('labels the parts of a request themselves, for messages about a whole body, query or address', () => {
    for (const lang of LANGUAGES) {
      for (const part of ['body', 'querystring', 'params']) {
        expect(isTranslated(`errors:fields.${part}`, ownText(lang, `errors:fields.${part}`)), `${lang} ${part}`).toBe(
          true,
        );
      }
    }
  });
});

/** A value of the wrong type for whatever a schema expects. */
const wrong = (schema: JsonSchema | undefined): unknown =>
  schema?.type === 'string' || schema?.enum || schema?.format ? [[1]] : 'x';

/** Invalid bodies for a schema: not an object, empty, every field of the wrong type, lists of broken items. */
function invalidBodies(schema: JsonSchema): unknown[] {
  const properties = Object.entries(schema.properties ?? {});
  const bodies: unknown[] = [[], {}, Object.fromEntries(properties.map(([name, child]) => [name, wrong(child)]))];
  for (const [name, child] of properties) {
    const item = Array.isArray(child.items) ? child.items[0] : child.items;
    if (child.type === 'array' && item?.properties) {
      const broken = Object.fromEntries(Object.entries(item.properties).map(([k, v]) => [k, wrong(v)]));
      bodies.push({ [name]: [{}] }, { [name]: [broken, [[1]]] });
    }
    if (child.properties) {
      bodies.push({ [name]: Object.fromEntries(Object.entries(child.properties).map(([k, v]) => [k, wrong(v)])) });
    }
  }
  return bodies;
}

const fill = (url: string) => url.replace(/\{\w+\}/g, '0190a4c2-0000-7000-8000-000000000001');

describe('messages about bad input', () => {
  it('are sentences naming the field by its label, in every language, for a sample of invalid requests', async () => {
    const problems: string[] = [];
    let answered400 = 0;
    for (const lang of LANGUAGES) {
      admin.lang = lang;
      for (const [url, operations] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(operations)) {
          const upper = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
          // The caller's own session is not for ending here.
          if (/\/auth\/logout|\/me\/sessions/.test(url)) continue;
          const requests: { url: string; body?: unknown }[] = [];
          const schema = op.requestBody?.content['application/json']?.schema;
          if (schema) for (const body of invalidBodies(schema)) requests.push({ url: fill(url), body });
          const query = (op.parameters ?? []).filter((p) => p.in === 'query');
          if (upper === 'GET' && query.length) {
            const bad = query.map((p) => `${p.name}=${p.schema?.type === 'string' ? 'x'.repeat(300) : '-5'}`);
            requests.push({ url: `${fill(url)}?${bad.join('&')}` });
          }
          if ((op.parameters ?? []).some((p) => p.in === 'path')) {
            requests.push({ url: url.replace(/\{\w+\}/g, 'not-an-id'), body: upper === 'GET' ? undefined : {} });
          }
          for (const request of requests) {
            const res = await admin.request(upper, request.url, request.body);
            const label = `${lang} ${upper} ${request.url} ${JSON.stringify(request.body ?? '').slice(0, 80)}`;
            if (res.statusCode >= 500) problems.push(`${label} → ${res.statusCode}`);
            if (res.statusCode < 400) continue;
            const answer = res.json<{ message: string; fields?: Record<string, string[]> }>();
            const messages = [answer.message, ...Object.values(answer.fields ?? {}).flat()];
            const raw = messages.filter((m) => RAW_KEY.test(m));
            if (raw.length) problems.push(`${label} → ${raw.join(' | ')}`);
            if (res.statusCode !== 400) continue;
            answered400++;
            if (!Object.keys(answer.fields ?? {}).length) problems.push(`${label} → a 400 naming no field`);
            if (lang === 'ar' && !messages.every((m) => /[\u0600-\u06ff]/.test(m))) {
              problems.push(`${label} → not in Arabic: ${messages.join(' | ')}`);
            }
          }
        }
      }
    }
    admin.lang = undefined;
    expect(answered400).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
  }, 180_000);
});
