// Turns a zod issue into a translation key and its values, so the server and the browser forms
// give the same translated message for the same rule.

export type IssueLike = {
  code: string;
  message?: string;
  path?: readonly PropertyKey[];
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  input?: unknown;
  keys?: string[];
};

export type FieldMessage = { key: string; vars: Record<string, string | number> };

const CUSTOM_KEY = /^[a-z][a-z0-9_]*$/;

export function fieldMessage(issue: IssueLike): FieldMessage {
  const vars: Record<string, string | number> = {};
  if (issue.message && CUSTOM_KEY.test(issue.message)) return { key: `errors:${issue.message}`, vars };
  // A string counts characters, an array (or a set) entries: "at least 2 characters" of a list
  // of sites would be wrong.
  const text = issue.origin === 'string';
  const list = issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'invalid_type': {
      // zod reports the input only on request; its message still says what it received.
      // An emptied field (a number input left blank sends '') is missing too, not of the wrong type.
      const missing =
        'input' in issue
          ? issue.input === undefined || issue.input === null || issue.input === ''
          : /received (undefined|null)/.test(issue.message ?? '');
      return missing ? { key: 'errors:field.required', vars } : { key: 'errors:field.invalid_type', vars };
    }
    case 'too_small':
      vars.min = Number(issue.minimum ?? 0);
      if ((text || list) && vars.min === 1) return { key: 'errors:field.required', vars };
      if (list) return { key: 'errors:field.too_few_entries', vars };
      return { key: text ? 'errors:field.too_short' : 'errors:field.too_small', vars };
    case 'too_big':
      vars.max = Number(issue.maximum ?? 0);
      if (list) return { key: 'errors:field.too_many_entries', vars };
      return { key: text ? 'errors:field.too_long' : 'errors:field.too_big', vars };
    case 'invalid_format':
      return issue.format === 'email'
        ? { key: 'errors:field.invalid_email', vars }
        : { key: 'errors:field.invalid_format', vars };
    case 'invalid_value':
    case 'invalid_union':
      return { key: 'errors:field.invalid_value', vars };
    case 'unrecognized_keys':
      // The path is the object's; the keys it did not expect are the news. A key is the client's
      // own text: shortened, so a message cannot be made to carry a whole document.
      vars.keys = (issue.keys ?? []).map((k) => (k.length > 40 ? `${k.slice(0, 40)}…` : k)).join(', ');
      return { key: 'errors:field.unknown_key', vars };
    default:
      return { key: 'errors:field.invalid', vars };
  }
}

/** The value at a path inside what was sent (undefined when the path leads nowhere). */
export function valueAt(root: unknown, path: readonly PropertyKey[] | undefined): unknown {
  let node: unknown = root;
  for (const key of path ?? []) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/**
 * The part of a request a message is about when its path names no field: the whole body, the query
 * string or the address's parameters (Fastify's names for them), each with a label of its own.
 */
export type RequestPart = 'body' | 'querystring' | 'params';

/**
 * The name a form files a message under: the path's names joined (`visitor.first_name`), or the
 * request part (`body`) when the path has none, so a message about the whole value has a home too.
 */
export const fieldName = (path: readonly PropertyKey[] | undefined, root: RequestPart = 'body'): string =>
  (path ?? []).filter((p): p is string => typeof p === 'string').join('.') || root;

/** Where the server files a message in `fields`: the whole path (`people.0.person_id`), else the part. */
export const fieldPath = (path: readonly PropertyKey[] | undefined, root: RequestPart = 'body'): string =>
  (path ?? []).map(String).join('.') || root;

// A segment that can name a field. Array indices, record keys (ids, permission names' values),
// keys with odd characters and Object.prototype's own names are not labels.
const NAME = /^[a-z][a-z0-9_]*$/i;
const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));
const isName = (segment: PropertyKey): segment is string =>
  typeof segment === 'string' && NAME.test(segment) && !PROTOTYPE_NAMES.has(segment);

// Enough of a zod schema's definition to follow a path through it.
type SchemaDef = {
  type?: string;
  shape?: Record<string, unknown>;
  valueType?: unknown;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
  items?: unknown[];
  getter?: () => unknown;
};
const defOf = (schema: unknown): SchemaDef | undefined => (schema as { _zod?: { def?: SchemaDef } })?._zod?.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The schema a path segment leads to, and whether the segment was a record key there. */
function stepInto(schema: unknown, segment: PropertyKey): { next: unknown; recordKey: boolean } | undefined {
  let current = schema;
  // Wrappers, pipes and lazy schemas hold the shape elsewhere; a bounded loop, as a lazy may recur.
  for (let unwrap = 0; unwrap < 20; unwrap++) {
    const def = defOf(current);
    if (!def) return undefined;
    if (def.type && WRAPPERS.has(def.type)) current = def.innerType;
    // A pipe's input holds the shape, unless it is a preprocessing transform: then its output does.
    else if (def.type === 'pipe') current = defOf(def.in)?.type === 'transform' ? def.out : def.in;
    else if (def.type === 'lazy') current = def.getter?.();
    else break;
  }
  const def = defOf(current);
  switch (def?.type) {
    case 'object':
      return Object.hasOwn(def.shape ?? {}, String(segment))
        ? { next: def.shape![String(segment)], recordKey: false }
        : undefined;
    case 'record':
      return { next: def.valueType, recordKey: true };
    case 'array':
      return { next: def.element, recordKey: false };
    case 'tuple':
      return { next: def.items?.[Number(segment)], recordKey: false };
    case 'union':
      for (const option of def.options ?? []) {
        const found = stepInto(option, segment);
        if (found) return found;
      }
      return undefined;
    case 'intersection':
      return stepInto(def.left, segment) ?? stepInto(def.right, segment);
    default:
      return undefined;
  }
}

/**
 * The path with the keys of records made anonymous: a key the client chose (an id, a filter's
 * column, a permission) is no field name, even when it happens to spell one (`filters.status`).
 * Without a schema, or past where the schema can be followed, the path is kept as it is.
 */
export function labelPath(schema: unknown, path: readonly PropertyKey[] | undefined): PropertyKey[] {
  const out = [...(path ?? [])];
  let current = schema;
  for (let i = 0; i < out.length && current; i++) {
    const step = stepInto(current, out[i]!);
    if (!step) break;
    if (step.recordKey) out[i] = i;
    current = step.next;
  }
  return out;
}

/**
 * The longest start of a path the schema describes: where a value the schema does not expect (a
 * list nested inside a name, a key it never heard of) begins. Without a schema, the first segment.
 */
export function knownPath(schema: unknown, path: readonly PropertyKey[]): PropertyKey[] {
  if (!schema) return path.slice(0, 1);
  let current: unknown = schema;
  let i = 0;
  for (; i < path.length; i++) {
    const step = stepInto(current, path[i]!);
    if (!step) break;
    current = step.next;
  }
  return path.slice(0, i);
}

/**
 * The translation keys that may label a path's field, best first: the innermost name (a nested
 * label such as `options.choices` before `choices`, a group's own `options.label`), then each
 * parent's, then the request part's. A record key or an index never labels: `people.0.person_id`
 * is labelled by `person_id`, `custom_fields.<id>` by `custom_fields`, `[]` by `body`.
 */
export function fieldLabelKeys(path: readonly PropertyKey[] | undefined, root: RequestPart = 'body'): string[] {
  const names = (path ?? []).filter(isName);
  const keys: string[] = [];
  for (let i = names.length - 1; i >= 0; i--) {
    if (i > 0) keys.push(`errors:fields.${names[i - 1]}.${names[i]}`);
    keys.push(`errors:fields.${names[i]}`, `errors:fields.${names[i]}.label`);
  }
  keys.push(`errors:fields.${root}`);
  return keys;
}

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * Whether a translation found a text. Both translators answer a missing key with the key itself:
 * ours whole (`errors:fields.x`), i18next without its namespace (`fields.x`).
 */
export const isTranslated = (key: string, text: string): boolean =>
  text !== key && text !== key.slice(key.indexOf(':') + 1);

/** The grammatical genders a label may have; a message naming the label has a form for each (`key_female`). */
export const LABEL_GENDERS = ['male', 'female'] as const;
export type LabelGender = (typeof LABEL_GENDERS)[number];

/**
 * Where a label's grammatical gender is kept: `errors:fields.area_id` → `errors:genders.fields.area_id`.
 * Only a language whose sentences agree with the label (Arabic) keeps genders.
 */
export const genderKey = (labelKey: string): string => {
  const colon = labelKey.indexOf(':');
  return `${labelKey.slice(0, colon + 1)}genders.${labelKey.slice(colon + 1)}`;
};

/**
 * A label as a message's values: `field`, its text, and `context`, its gender in the caller's language
 * when the language keeps one, so the message agrees with it ("المنطقة مطلوبة."). Without a gender the
 * message's plain form is used, worded to be right for any name.
 */
export type LabelVars = { field: string; context?: LabelGender };

export function labelVars(labelKey: string, t: Translate): LabelVars {
  const gender = t(genderKey(labelKey));
  const field = t(labelKey);
  return (LABEL_GENDERS as readonly string[]).includes(gender) ? { field, context: gender as LabelGender } : { field };
}

/** The label naming a path's field in the caller's language, with its gender: never a raw key. */
export function fieldLabelVars(
  path: readonly PropertyKey[] | undefined,
  t: Translate,
  root: RequestPart = 'body',
): LabelVars {
  for (const key of fieldLabelKeys(path, root)) {
    if (isTranslated(key, t(key))) return labelVars(key, t);
  }
  return labelVars(`errors:fields.${root}`, t);
}

/** The label naming a path's field in the caller's language: never a raw key. */
export const fieldLabel = (
  path: readonly PropertyKey[] | undefined,
  t: Translate,
  root: RequestPart = 'body',
): string => fieldLabelVars(path, t, root).field;

/**
 * A zod issue as a translated sentence naming its field by its label, agreeing with the label's gender.
 * A custom message that is not a key of the catalogue falls back to the generic sentence rather than
 * showing the raw key.
 */
export function issueText(issue: IssueLike, t: Translate, root: RequestPart = 'body', schema?: unknown): string {
  const label = fieldLabelVars(labelPath(schema, issue.path), t, root);
  const { key, vars } = fieldMessage(issue);
  const text = t(key, { ...vars, ...label });
  return isTranslated(key, text) ? text : t('errors:field.invalid', label);
}
