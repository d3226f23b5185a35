// What the cross-company sweep sends to each API route: which kind of id each path parameter and
// each id field names (one table each, so a new route with an unknown parameter or id field fails the
// sweep until it is mapped here; the fuzzing suite fills its real ids from the same tables), and a minimal but valid request built from the route's JSON schema
// in the OpenAPI document, with every id left to the caller to fill (the other company's, the caller's
// own, or an unknown one).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  confirmVisitFormSchema,
  documentFormSchema,
  preRegistrationFormSchema,
} from '@app/shared/pre-registration/schemas';
import { personDocumentFormSchema } from '@app/shared/people/documents';
import type { RouteAccess } from '../../src/plugins/auth';
import { newId } from '../../src/lib/ids';
import { makePdf } from './compliances-factories';
import { multipart } from './expected-visits-factories';
import { makePng } from './images';
import { importSample, XLSX_TYPE } from './people-import-files';
import type { IdKind } from './full-world';

export type ApiRoute = { method: string; url: string; access: RouteAccess };
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A path parameter: the kind of id it names; `own` when it is a capability of the public pages (a
 * link, a code, a public logo), which whoever holds may use, so only the caller's own is ever sent;
 * `constant` when it names no record (a page of the grid, a version number, a file name).
 */
type ParamSpec = IdKind | { own: IdKind } | { constant: string };

/** Path parameters by the end of the path that names them; the longest match wins. */
export const PARAM_KINDS: Record<string, ParamSpec> = {
  'me/sessions/:id': 'session',
  'roles/:id': 'role',
  'members/:id': 'membership',
  'platform/entities/:id': 'entity',
  'public/entities/:id': { own: 'entity' },
  'entities/:id/:file': { constant: 'logo.png' },
  'by-subdomain/:subdomain': { own: 'subdomain' },
  'sites/:id': 'site',
  'areas/:id': 'area',
  'user-types/:id': 'userType',
  'table-preferences/:pageUrl': { constant: 'users' },
  'people/:id': 'person',
  'public/rfid/:code': { own: 'rfidCode' },
  'labels/:id': 'label',
  'watchlist/:id': 'watchlistEntry',
  'watchlist/screenings/:id': 'screening',
  'webhooks/:id': 'webhookEndpoint',
  'deliveries/:delivery_id': 'webhookDelivery',
  'capacity/approvals/:id': 'capacityApproval',
  'kiosks/:id': 'kiosk',
  'kiosks/:kiosk_id': 'kiosk',
  'kiosks/requests/:id': 'kioskRequest',
  'kiosk-device/requests/:id': 'kioskRequest',
  'kiosk-reviews/:id': 'kioskReview',
  'doors/:id': 'door',
  'custom-field-sections/:id': 'section',
  'custom-fields/:id': 'customField',
  'journeys/:id': 'journey',
  'hosts/:user_type_id': 'userType',
  'by-user-type/:user_type_id': 'userType',
  'journey-flows/:id': 'flow',
  'compliances/:id': 'compliance',
  'versions/:version': { constant: '1' },
  'compliance-responses/:responseId': 'complianceResponse',
  'attendance-modes/:id': 'mode',
  'attendance-reasons/:id': 'reason',
  'visit-permits/:id': 'permit',
  'visit-permits/:permitId': 'permit',
  'announcements/:id': 'announcement',
  'expected-visits/:id': 'expectedVisit',
  'public/pre-registration/:id': { own: 'linkId' },
  'public/visits/:token': { own: 'visitToken' },
  'compliance/:complianceId': 'compliance',
  'visits/:id': 'visit',
  'by-area/:areaId': 'area',
  'documents/:documentId': 'personDocument',
  'history/:visitId': 'visit',
  'badge-prints/:id': 'badgePrint',
  'exports/:id': 'reportExport',
  'import/:id': 'importTask',
  'rows/:rowId': 'importRow',
  'emergency/sessions/:id': 'emergencySession',
  'integrations/:id': 'integration',
  'runs/:runId': 'integrationRun',
  'temp-users/:tempId': 'tempUser',
  'google/authorizations/:id': 'integrationAuthorization',
  'public/emergency/safe/:token': { own: 'safeToken' },
  // A host's approval link is signed with the installation's key: none a caller of B could hold.
  'public/host-approvals/:token': { constant: `00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}` },
  // A download link's token names an export and carries its secret: none a caller could hold.
  'download/:token': { constant: '00000000-0000-4000-8000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAA' },
};

/** Body and query id fields by name (an array's items by the array's name). */
export const FIELD_KINDS: Record<string, IdKind> = {
  entity_id: 'entity',
  company_id: 'entity',
  role_id: 'role',
  otp_roles: 'role',
  site_id: 'site',
  site_ids: 'site',
  area_id: 'area',
  area_ids: 'area',
  roll_id: 'rollEntry',
  pair_id: 'duplicatePair',
  keep_id: 'person',
  remove_id: 'person',
  user_type_id: 'userType',
  user_type_ids: 'userType',
  parent_id: 'userType',
  person_id: 'person',
  person_ids: 'person',
  user_ids: 'person',
  host_ids: 'person',
  kiosk_id: 'kiosk',
  kiosk_ids: 'kiosk',
  door_id: 'door',
  journey_id: 'journey',
  journey_flow_id: 'flow',
  flow_id: 'flow',
  section_id: 'section',
  custom_field_id: 'customField',
  label_id: 'label',
  label_ids: 'label',
  department_id: 'department',
  compliance_id: 'compliance',
  attendance_mode_ids: 'mode',
  exclude_mode_id: 'mode',
  reason_id: 'reason',
  reason_ids: 'reason',
  permit_id: 'permit',
  visit_id: 'visit',
  visit_ids: 'visit',
  exclude_visit_id: 'expectedVisit',
  expected_visit_id: 'expectedVisit',
  expected_visit_ids: 'expectedVisit',
  integration_id: 'integration',
  authorization_id: 'integrationAuthorization',
  default_user_type_id: 'userType',
  write_back_area_ids: 'area',
  selected_user_id: 'person',
  actor_user_id: 'user',
  entry_id: 'watchlistEntry',
  notify_person_ids: 'person',
  visitor_user_type_ids: 'userType',
};

/**
 * Fields whose name alone does not tell (`ids`, `id`), values of the company's own that are no uuid,
 * and capabilities sent beside ids (`own`: always the caller's).
 */
export const ROUTE_FIELD_KINDS: Record<string, Record<string, IdKind | { own: IdKind }>> = {
  'PUT /kiosks/settings': { ids: 'kiosk' },
  'PUT /kiosks/move': { ids: 'kiosk' },
  'POST /kiosks': { code: 'pairingCode' },
  'GET /people/availability': { exclude_id: 'person' },
  'GET /custom-field-sections/availability': { exclude_id: 'section' },
  'POST /journeys/:id/flows': { 'compliances[].id': 'compliance' },
  'PUT /journey-flows/:id': { 'compliances[].id': 'compliance' },
  'POST /compliances': { 'content.file.id': 'agreementFile' },
  'PUT /compliances/:id': { 'content.file.id': 'agreementFile' },
  'POST /kiosk-device/rfid/verify': { code: 'kioskCode' },
  'POST /public/pre-registrations': { link_id: { own: 'linkId' } },
  'GET /integrations/name-availability': { id: 'integration' },
  'PUT /integrations/:id/scans/ignore': { ids: 'integrationScan' },
  'PUT /integrations/:id/scans/edit': { ids: 'integrationScan' },
  'PUT /integrations/:id/attendance-codes': { ids: 'reason' },
  'GET /reports/history': {
    host_id: 'person',
    late_reason_id: 'reason',
    early_reason_id: 'reason',
    field_id: 'customField',
  },
};

/**
 * Which of the caller's own ids stands beside B's, where the first would stop the request before it
 * looks at B's (the kiosk already in that area, the user type that already has a flow).
 */
export const OWN_PICKS: Record<string, Record<string, number>> = {
  'PUT /kiosks/:id/area': { 'body:area_id': 1 },
  'PUT /kiosks/move': { 'body:area_id': 1 },
  'POST /journeys/:id/flows': { 'body:user_type_ids[]': 3 },
  'PUT /areas/:id/site': { 'body:site_id': 1 },
  'PUT /user-types/:id/parent': { 'body:parent_id': 2 },
  'POST /people/:id/compliance-responses': { 'path:id': 2 },
  // The person whose visit link carried a vaccination document.
  'PUT /people/:id/documents/:documentId': { 'path:id': 6 },
  'GET /people/:id/documents/:documentId/file': { 'path:id': 6 },
};

/** Routes that take one of several fields, never all: one plan per shape, each leaving the others out. */
export const SHAPES: Record<string, string[][]> = {
  'GET /visit-permits/check': [['user_type_id'], ['person_id']],
};

const DAY = 24 * 3600_000;
// Per process, so values made from a request's serial are the same for a call and its control.
const RUN = randomBytes(3).toString('hex');
const isoDate = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
// Companies in the sweep keep the default UTC clock, so a local reading is the UTC one.
const localMinute = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);

/** Values by field name, for what the schema cannot tell (times, dates, phone numbers). */
const FIELD_VALUES: Record<string, (n: number) => unknown> = {
  start_time: () => '09:00',
  end_time: () => '17:00',
  visit_time: () => '10:00',
  time: () => '10:00',
  visit_date: () => isoDate(1),
  start_date: () => isoDate(0),
  date: () => isoDate(0),
  publish_at: () => localMinute(60),
  expires_at: () => localMinute(120),
  phone: (n) => `7700${String(900000 + n).slice(-6)}`,
  phone_code: () => '+44',
  email: (n) => `sweep${n}@example.test`,
  timezone: () => 'UTC',
  subdomain: (n) => `sweep${n}-${RUN}`,
  mac_address: (n) =>
    `02:${RUN.match(/../g)!.join(':')}:${String(n % 10000)
      .padStart(4, '0')
      .replace(/(..)(..)/, '$1:$2')}`,
  password: () => 'sweep password 1',
  password_confirmation: () => 'sweep password 1',
  current_password: () => 'not the password 1',
  rfid: () => '0A1B2C3D',
  token: () => 'sweep-token-0000000000000',
  // A closed port on this machine: the identity provider's check fails at once, never leaving it.
  issuer: () => 'http://127.0.0.1:9',
};

/** Field values one route needs to reach its lookups (a variant the schema cannot choose). */
const ROUTE_VALUES: Record<string, Record<string, unknown>> = {
  'POST /compliances': { 'content.agreement_type': 'file' },
  'PUT /compliances/:id': { 'content.agreement_type': 'file' },
  'POST /public/visits/:token/documents': { protocol: 'comirnaty' },
  'POST /visits/sign-in': { 'people[].custom_fields[].value': 'Sweep' },
  'GET /integrations/name-availability': { id: 'integration' },
  'PUT /integrations/:id/scans/ignore': { ids: 'integrationScan' },
  'PUT /integrations/:id/scans/edit': { ids: 'integrationScan' },
  'PUT /integrations/:id/attendance-codes': { ids: 'reason' },
  'GET /reports/history': { from: isoDate(-7), to: isoDate(0) },
  'POST /visits/sign-out': { 'custom_fields[].value': 'Sweep' },
  // A mark's or an addition's own id (made by the phone), no record's: the same one each time.
  'POST /emergency/sessions/:id/marks': { 'marks[].client_id': '0196f0c1-5eed-7000-8000-00000000c11d' },
  'POST /emergency/sessions/:id/roll': { client_id: '0196f0c1-5eed-7000-8000-00000000c12d' },
};

type Upload = { field: string; data: () => Buffer; name: string; type: string };
/** Routes whose body is no JSON schema: file uploads, and public forms that may carry a file. */
export const FORMS: Record<string, { schema?: z.ZodType; file?: Upload; multipart?: boolean }> = {
  'PUT /company/logo': { file: { field: 'file', data: () => makePng(200, 45), name: 'logo.png', type: 'image/png' } },
  'PUT /people/:id/photo': {
    file: { field: 'photo', data: () => makePng(250, 300), name: 'photo.png', type: 'image/png' },
  },
  'PUT /journeys/:id/logo': {
    file: { field: 'file', data: () => makePng(300, 60), name: 'logo.png', type: 'image/png' },
  },
  'POST /compliances/files': {
    file: { field: 'file', data: () => makePdf(), name: 'nda.pdf', type: 'application/pdf' },
  },
  'POST /people/:id/documents': {
    schema: personDocumentFormSchema,
    multipart: true,
    file: { field: 'file', data: () => makePdf(), name: 'cert.pdf', type: 'application/pdf' },
  },
  'PUT /watchlist/:id/photo': {
    file: { field: 'photo', data: () => makePng(250, 300), name: 'photo.png', type: 'image/png' },
  },
  'POST /watchlist/import': {
    file: {
      field: 'file',
      data: () => Buffer.from('level,full_name,reason\ndeny,Sweep Sample,Sweep\n'),
      name: 'watchlist.csv',
      type: 'text/csv',
    },
  },
  'POST /people/import': {
    file: { field: 'file', data: () => importSample('sheet'), name: 'people.xlsx', type: XLSX_TYPE },
  },
  'PUT /people/import/:id/photos': {
    file: { field: 'zip', data: () => importSample('zip'), name: 'photos.zip', type: 'application/zip' },
  },
  'PUT /kiosk-device/requests/:id/screen': {
    file: { field: 'file', data: () => makePng(64, 48), name: 'screen.png', type: 'image/png' },
  },
  // The profile photo's rules and code (people-photo.service.ts), taken by a kiosk's camera.
  'PUT /kiosk-device/people/:id/photo': {
    file: { field: 'file', data: () => makePng(250, 300), name: 'photo.png', type: 'image/png' },
  },
  'PUT /kiosk-device/requests/:id/data': {
    file: { field: 'file', data: () => Buffer.from('{"people":[]}'), name: 'data.json', type: 'application/json' },
  },
  'POST /public/pre-registrations': { schema: preRegistrationFormSchema },
  'POST /public/visits/:token/confirm': { schema: confirmVisitFormSchema },
  'POST /public/visits/:token/documents': {
    schema: documentFormSchema,
    multipart: true,
    file: { field: 'file', data: () => makePdf(), name: 'cert.pdf', type: 'application/pdf' },
  },
};

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  description?: string;
  summary?: string;
};
type Operation = {
  summary?: string;
  description?: string;
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
};
export type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

/** Where an id goes in a request: `path:id`, `body:people[].person_id`, `query:site_id`. */
export type Position = { key: string; kind: IdKind; where: 'path' | 'body' | 'query' };
/** The value of one id: `position` null for the caller's own capability (a link, a code). */
export type IdValue = (kind: IdKind, position: Position | null) => string;
export type SweepRequest = {
  /** Names and other made-up values come from it: a control built with the same serial matches. */
  serial: number;
  method: Method;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
};
export type RoutePlan = {
  route: ApiRoute;
  key: string;
  positions: Position[];
  build: (value: IdValue, serial?: number) => SweepRequest;
};

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url.replace(/^\/api\/v1/, '')}`;

/** What a route's path parameter names, by PARAM_KINDS. */
export function paramSpec(url: string, param: string): ParamSpec | undefined {
  const segments = url.replace(/^\/api\/v1\//, '').split('/');
  const at = segments.indexOf(`:${param}`);
  for (let from = 0; from < at; from++) {
    const spec = PARAM_KINDS[segments.slice(from, at + 1).join('/')];
    if (spec) return spec;
  }
  return undefined;
}

let serial = 0;

/** A value generator over one JSON schema, asking `id` for every id field it meets. */
class BodyBuilder {
  readonly unmapped: string[] = [];
  constructor(
    private readonly doc: OpenApi,
    private readonly key: string,
    private readonly where: 'body' | 'query',
    private readonly id: (position: Position) => string,
    private readonly own: (kind: IdKind) => string,
    private readonly n: number,
    private readonly omit: string[] = [],
  ) {}

  private resolve(s: Schema): Schema {
    if (!s.$ref) return s;
    return this.resolve(this.doc.components?.schemas?.[s.$ref.split('/').pop()!] ?? {});
  }

  /** The route's own mapping of a field (an array's items by the array's path), else the name's. */
  private routeKind(path: string) {
    return ROUTE_FIELD_KINDS[this.key]?.[path.replace(/\[\]$/, '')];
  }

  /** Whether any id field lies under this schema, so an optional part carrying one is still sent. */
  holdsIds(raw: Schema, path: string, name: string, depth = 0): boolean {
    const s = this.resolve(raw);
    if (depth > 8) return false;
    if (this.isLeaf(s) && this.routeKind(path)) return true;
    if (s.format === 'uuid') return true;
    const branches = s.anyOf ?? s.oneOf ?? s.allOf;
    if (branches) return branches.some((b) => this.holdsIds(b, path, name, depth + 1));
    if (s.items) return this.holdsIds(s.items, `${path}[]`, name, depth + 1);
    return Object.entries(s.properties ?? {}).some(([k, v]) =>
      this.holdsIds(v, path ? `${path}.${k}` : k, k, depth + 1),
    );
  }

  private isLeaf(s: Schema) {
    return !s.properties && !s.items && !s.anyOf && !s.oneOf && !s.allOf;
  }

  value(raw: Schema, path: string, name: string): unknown {
    const s = this.resolve(raw);
    const routeValue = ROUTE_VALUES[this.key]?.[path];
    if (routeValue !== undefined) return routeValue;
    const mapped = this.isLeaf(s) ? this.routeKind(path) : undefined;
    if (mapped && typeof mapped === 'object') return this.own(mapped.own);
    if (mapped) return this.id({ key: `${this.where}:${path}`, kind: mapped, where: this.where });
    if (s.format === 'uuid') {
      const kind = FIELD_KINDS[name];
      if (!kind) {
        this.unmapped.push(`${this.key} ${this.where} ${path}`);
        return newId();
      }
      return this.id({ key: `${this.where}:${path}`, kind, where: this.where });
    }
    const branches = s.anyOf ?? s.oneOf;
    if (branches) {
      const real = branches.filter((b) => this.resolve(b).type !== 'null');
      const pick = real.find((b) => this.holdsIds(b, path, name)) ?? real[0];
      return pick ? this.value(pick, path, name) : null;
    }
    if (s.allOf) {
      return Object.assign({}, ...s.allOf.map((b) => this.value(b, path, name) as object));
    }
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum[0];
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
    if (type === 'object' || s.properties) {
      const required = new Set(s.required ?? []);
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        const sub = path ? `${path}.${k}` : k;
        if (this.omit.includes(sub)) continue;
        const empty = Object.keys(this.resolve(v)).length === 0;
        const wanted =
          ROUTE_VALUES[this.key]?.[sub] !== undefined ||
          (required.has(k) && (!empty || FIELD_VALUES[k])) ||
          this.holdsIds(v, sub, k);
        if (wanted) out[k] = this.value(v, sub, k);
      }
      return out;
    }
    if (type === 'array') {
      const items = s.items ?? {};
      const count = this.holdsIds(items, `${path}[]`, name) ? 1 : (s.minItems ?? 0);
      return Array.from({ length: count }, () => this.value(items, `${path}[]`, name));
    }
    const hint = FIELD_VALUES[name];
    if (hint) return hint(this.n);
    if (type === 'integer' || type === 'number') {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return s.maximum !== undefined ? Math.min(Math.max(min, 1), s.maximum) : Math.max(min, 1);
    }
    if (type === 'boolean') return false;
    if (type === 'string' || s.format || s.pattern) return this.text(s);
    return undefined;
  }

  private text(s: Schema): string {
    if (s.format === 'email') return `sweep${this.n}@example.test`;
    if (s.format === 'date') return isoDate(1);
    if (s.format === 'date-time') return new Date(Date.now() + 3600_000).toISOString();
    const fits = (v: string) =>
      v.length >= (s.minLength ?? 0) &&
      v.length <= (s.maxLength ?? Infinity) &&
      (!s.pattern || new RegExp(s.pattern).test(v));
    const base = `Sweep ${this.n}`;
    const candidates = [
      base,
      `sweep${this.n}`,
      String(100000 + (this.n % 900000)),
      'abcde-12345',
      '09:00',
      '#336699',
      base.padEnd(s.minLength ?? 0, 'x'),
      base.slice(0, s.maxLength ?? base.length),
    ];
    return candidates.find(fits) ?? base;
  }
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

/**
 * One plan per route: its id positions and a builder of the request. `problems` lists what the
 * tables above do not know yet (a path parameter, an id field, a form); the sweep fails on any.
 */
export function planRoutes(routes: ApiRoute[], doc: OpenApi): { plans: RoutePlan[]; problems: string[] } {
  const problems: string[] = [];
  const plans: RoutePlan[] = [];
  for (const route of routes) {
    const key = routeKey(route);
    const op = doc.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
    if (!op) {
      problems.push(`${key}: not in the OpenAPI document`);
      continue;
    }
    const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
    const specs = params.map((p) => ({ name: p, spec: paramSpec(route.url, p) }));
    for (const s of specs) if (!s.spec) problems.push(`${key}: path parameter :${s.name} has no kind in PARAM_KINDS`);
    const form = FORMS[key];
    const jsonBody = op.requestBody?.content?.['application/json']?.schema;
    const bodySchema: Schema | undefined =
      jsonBody ??
      (form?.schema ? (z.toJSONSchema(form.schema, { io: 'output', unrepresentable: 'any' }) as Schema) : undefined);
    if (!jsonBody && !form && ['POST', 'PUT', 'PATCH'].includes(route.method)) {
      if (/multipart|upload/i.test(`${op.summary ?? ''} ${op.description ?? ''}`)) {
        problems.push(`${key}: takes a form or a file; describe it in FORMS`);
      }
    }
    const queries = (op.parameters ?? []).filter((p) => p.in === 'query');

    for (const omit of SHAPES[key] ?? [[]]) {
      const unmapped: string[] = [];
      const build = (value: IdValue, reuse?: number): SweepRequest => {
        const n = reuse ?? ++serial;
        let url = route.url;
        for (const { name, spec } of specs) {
          let v: string;
          if (!spec) v = newId();
          else if (typeof spec === 'string') v = value(spec, { key: `path:${name}`, kind: spec, where: 'path' });
          else if ('own' in spec) v = value(spec.own, null);
          else v = spec.constant;
          url = url.replace(`:${name}`, encodeURIComponent(v));
        }
        const idOf = (p: Position) => value(p.kind, p);
        const ownOf = (kind: IdKind) => value(kind, null);
        const query = new BodyBuilder(doc, key, 'query', idOf, ownOf, n);
        const search = new URLSearchParams();
        for (const q of queries) {
          if (omit.includes(q.name)) continue;
          if (!q.required && !query.holdsIds(q.schema, q.name, q.name)) continue;
          const v = query.value(q.schema, q.name, q.name);
          // A query list goes as one value: one id is all the sweep sends.
          const one: unknown = Array.isArray(v) ? v[0] : v;
          if (typeof one === 'string' || typeof one === 'number' || typeof one === 'boolean')
            search.set(q.name, String(one));
        }
        const qs = search.toString();
        const req: SweepRequest = { serial: n, method: route.method as Method, url: qs ? `${url}?${qs}` : url };
        const body = new BodyBuilder(doc, key, 'body', idOf, ownOf, n, omit);
        if (bodySchema) {
          const fields = body.value(bodySchema, '', '') as Record<string, unknown>;
          if (form?.multipart) {
            const { body: payload, headers } = multipart(fields, form.file && { ...form.file, data: form.file.data() });
            req.body = payload;
            req.headers = headers;
          } else {
            req.body = fields;
          }
        } else if (form?.file) {
          const { body: payload, headers } = multipart({}, { ...form.file, data: form.file.data() });
          req.body = payload;
          req.headers = headers;
        }
        unmapped.push(...query.unmapped, ...body.unmapped);
        return req;
      };
      const positions: Position[] = [];
      build((kind, position) => {
        if (position && !positions.some((p) => p.key === position.key)) positions.push(position);
        return unknownId(kind);
      });
      for (const u of new Set(unmapped)) problems.push(`${u}: id field has no kind in FIELD_KINDS`);
      plans.push({ route, key, positions, build });
    }
  }
  return { plans, problems };
}

/** The index of the caller's own id that a route gets at a position (see OWN_PICKS). */
export const ownPick = (plan: RoutePlan, position: Position | null) =>
  (position && OWN_PICKS[plan.key]?.[position.key]) ?? 0;

/** An id of the kind that names nothing, in the form the route expects. */
export function unknownId(kind: IdKind): string {
  if (kind === 'agreementFile') return `${randomBytes(12).toString('hex')}.pdf`;
  if (kind === 'pairingCode') return 'ZZZZZZ';
  if (kind === 'kioskCode') return String(100000 + Math.floor(Math.random() * 900000));
  if (kind === 'session') return randomBytes(8).toString('hex');
  return newId();
}
