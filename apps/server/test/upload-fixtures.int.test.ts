// The upload fixtures suite (security weakness 5): every hostile file of helpers/upload-fixtures.ts is
// sent to every upload endpoint. Each is refused with a 4xx naming the field and leaves the file store
// and the database as they were, or is stored re-encoded (images) or checked (PDFs) and served with its
// real type, nosniff, a safe Content-Disposition and a sandbox. Zip fixtures also go through the photo
// zip reader of the people import (its route, `PUT /people/import/:id/photos`, in people-import-safety).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { people, personDocuments } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { insertKioskRequest } from '../src/modules/kiosks/kiosk-requests.repository';
import { AppError } from '../src/lib/app-error';
import { readZipEntries } from '../src/lib/zip-archive';
import { addCompliance, agreementTextBody, vaccineBody } from './helpers/compliances-factories';
import {
  addExpectedVisit,
  expectedWorld,
  newVisitor,
  postForm,
  slot,
  type ExpectedWorld,
} from './helpers/expected-visits-factories';
import { reportFigure } from './helpers/figures';
import { TestClient } from './helpers/http-client';
import { readImage } from './helpers/images';
import { createTestApp, type TestContext } from './helpers/test-app';
import {
  EXIF_SECRETS,
  HTML_PAYLOAD,
  TRAVERSAL_NAME,
  uploadFixtures,
  type UploadFixture,
} from './helpers/upload-fixtures';

let ctx: TestContext;
let w: ExpectedWorld;
let visitor: TestClient;
let fixtures: UploadFixture[];
let vaccineId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  visitor = new TestClient(ctx.app);
  fixtures = await uploadFixtures();
  w = await expectedWorld(ctx.app, ctx.db.db);
  // The visitors' flow asks a face (so a photo with the public forms) and a vaccination document.
  vaccineId = (await addCompliance(w.admin, vaccineBody('Vaccination'))).id;
  const flow = await w.admin.put(`/journey-flows/${w.flows[w.types.visitors]}`, {
    user_type_id: w.types.visitors,
    inputs: ['face'],
    checks: { host: true },
    host_ids: [w.host.id],
    compliances: [{ id: vaccineId }],
  });
  expect(flow.statusCode, flow.body).toBe(200);
  expect(flow.json().compliance_flags).toMatchObject({ is_image_required: true });
}, 60_000);
afterAll(() => ctx.close());

// ── what a refused upload must leave as it was ──────────────────────────────────────────────────

function storedFiles(): Map<string, string> {
  const root = path.join(ctx.dataDir, 'files');
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(dir, name);
      try {
        found.set(path.relative(root, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
      } catch {
        walk(full);
      }
    }
  };
  walk(root);
  return found;
}

// Every row an upload could write, as one digest per table, in one round trip.
const SNAPSHOT_TABLES = [
  'journeys',
  'people',
  'visits',
  'person_documents',
  'compliances',
  'compliance_responses',
  'audit_log',
  'kiosk_request_files',
] as const;
const SNAPSHOT_SQL = `select (select logo from entities where id = $1) as logo, ${SNAPSHOT_TABLES.map(
  (table) =>
    `(select count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table} t where entity_id = $1) as ${table}`,
).join(', ')}`;

async function storedRows() {
  const { rows } = await ctx.db.query(SNAPSHOT_SQL, [w.entity.id]);
  return rows[0]!;
}

const snapshot = async () => ({ files: storedFiles(), rows: await storedRows() });
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** Files added or changed since the snapshot. */
const writtenSince = (before: Snapshot, after: Snapshot) =>
  [...after.files].filter(([key, hash]) => before.files.get(key) !== hash).map(([key]) => key);

// ── the upload endpoints ────────────────────────────────────────────────────────────────────────

type Endpoint = {
  name: string;
  /** The field a refusal names. */
  field: string;
  takes: 'image' | 'document';
  /** What must exist before the send (a visit's link), made before the database is compared. */
  prepare?: () => Promise<unknown>;
  send: (f: UploadFixture) => Promise<LightMyRequestResponse>;
  /** Reads the stored file back through its route, after a stored upload; null when no route serves it. */
  serve: (res: LightMyRequestResponse) => Promise<LightMyRequestResponse | null>;
  /** How the stored name of a document is read, when the endpoint keeps one. */
  storedName?: (res: LightMyRequestResponse) => Promise<string>;
  /** The stored bytes, for an endpoint that keeps them in the database rather than the file store. */
  storedInDatabase?: () => Promise<Buffer>;
};

let counter = 0;
/** A new visitor each time: public forms make a person, and one email or phone is one person. */
function freshVisitor() {
  counter += 1;
  return newVisitor(w.tag, { email: `up${counter}.${w.tag}@example.test`, phone: String(700_000_000 + counter) });
}

async function personIdByEmail(email: string) {
  const [row] = await ctx.db.db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.entityId, w.entity.id), eq(people.email, email)));
  return row!.id;
}

/** A visit added by the admin whose link the visitor uses; a new one once a use has spent it. */
function visitLinks() {
  let current: { token: string; personId: string; visitor: ReturnType<typeof freshVisitor> } | null = null;
  return {
    async get() {
      if (!current) {
        const who = freshVisitor();
        const visit = await addExpectedVisit(w, { visitor: who, ...slot(2) });
        current = { token: visit.link_url.split('/').pop()!, personId: visit.person.id, visitor: who };
      }
      return current;
    },
    spend() {
      current = null;
    },
  };
}
const confirmLinks = visitLinks();
const documentLinks = visitLinks();
let lastEmail = '';
let lastConfirm = '';
let lastDocumentPerson = '';
let selfRegistrationLink = '';

const part = (field: string, f: UploadFixture) => ({ field, data: f.data, name: f.filename, type: f.contentType });

/** A kiosk sharing its screen: paired into the reception, its request taken and running. */
let screenShare: { device: TestClient; requestId: string } | null = null;
async function kioskSharingItsScreen() {
  if (screenShare) return screenShare;
  const device = new TestClient(ctx.app);
  const pairing = await device.post('/public/kiosk-pairings', {
    mac_address: '02:00:00:00:0a:0b',
    app_version: '3.1.0',
  });
  const { code, secret } = pairing.json<{ code: string; secret: string }>();
  await w.admin.post('/kiosks', { code, name: 'Screen-kiosk', area_id: w.areas.reception });
  const status = await device.get('/public/kiosk-pairings/status', { 'x-kiosk-pairing-secret': secret });
  device.bearer = status.json<{ device_token: string }>().device_token;
  const kiosk = (await w.admin.get('/kiosks?search=Screen')).json<{ data: { id: string }[] }>().data[0]!.id;
  const requestId = newId();
  await withTenant(ctx.db.db, w.entity.id, (tx) =>
    insertKioskRequest(tx, {
      entityId: w.entity.id,
      id: requestId,
      kioskId: kiosk,
      action: 'remote_show_screen',
      status: 'running',
      deadlineAt: new Date(Date.now() + 60 * 60_000),
    }),
  );
  screenShare = { device, requestId };
  return screenShare;
}

/** A kiosk running the Front desk journey at the reception, and a visitor it reaches who has no photo yet. */
let photoKiosk: TestClient | null = null;
let photoPersonId = '';
/** A watchlist entry whose photo the fixtures try (issue 29). */
let watchEntryId = '';
async function kioskPhotographingAVisitor() {
  if (!photoKiosk) {
    const device = new TestClient(ctx.app);
    const pairing = await device.post('/public/kiosk-pairings', {
      mac_address: '02:00:00:00:0a:0c',
      app_version: '3.1.0',
    });
    const { code, secret } = pairing.json<{ code: string; secret: string }>();
    const kiosk = await w.admin.post('/kiosks', { code, name: 'Photo-kiosk', area_id: w.areas.reception });
    expect(kiosk.statusCode, kiosk.body).toBe(201);
    const assigned = await w.admin.put(`/journeys/${w.journey.id}/kiosks`, { kiosk_ids: [kiosk.json().id] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const status = await device.get('/public/kiosk-pairings/status', { 'x-kiosk-pairing-secret': secret });
    device.bearer = status.json<{ device_token: string }>().device_token;
    photoKiosk = device;
  }
  // A kiosk fills a missing photo only: each upload is for someone new.
  const visit = await addExpectedVisit(w, { visitor: freshVisitor(), ...slot(2) });
  photoPersonId = visit.person.id;
}

const endpoints: Endpoint[] = [
  {
    name: 'PUT /kiosk-device/requests/:id/screen',
    field: 'file',
    takes: 'image',
    prepare: () => kioskSharingItsScreen(),
    send: async (f) => {
      const { device, requestId } = await kioskSharingItsScreen();
      return device.upload(
        'PUT',
        `/kiosk-device/requests/${requestId}/screen`,
        'file',
        f.data,
        f.filename,
        f.contentType,
      );
    },
    serve: async () => w.admin.get(`/kiosks/requests/${(await kioskSharingItsScreen()).requestId}/screen`),
    // A shared screen's latest picture is replaced every few seconds: it lives beside its request.
    storedInDatabase: async () => {
      const { rows } = await ctx.db.query(
        `select content from kiosk_request_files where entity_id = $1 and request_id = $2 and kind = 'screen'`,
        [w.entity.id, (await kioskSharingItsScreen()).requestId],
      );
      return Buffer.from(rows[0]!.content as Uint8Array);
    },
  },
  {
    name: 'PUT /kiosk-device/people/:id/photo',
    field: 'photo',
    takes: 'image',
    prepare: () => kioskPhotographingAVisitor(),
    send: (f) =>
      photoKiosk!.upload(
        'PUT',
        `/kiosk-device/people/${photoPersonId}/photo`,
        'file',
        f.data,
        f.filename,
        f.contentType,
      ),
    serve: () => photoKiosk!.get(`/kiosk-device/people/${photoPersonId}/photo`),
  },
  {
    name: 'PUT /company/logo',
    field: 'logo',
    takes: 'image',
    send: (f) => w.admin.upload('PUT', '/company/logo', 'file', f.data, f.filename, f.contentType),
    // Public: read without a session, as the sign-in page does.
    serve: (res) => ctx.app.inject({ url: res.json().logo as string }),
  },
  {
    name: 'PUT /journeys/:id/logo',
    field: 'logo',
    takes: 'image',
    send: (f) => w.admin.upload('PUT', `/journeys/${w.journey.id}/logo`, 'file', f.data, f.filename, f.contentType),
    serve: (res) => w.admin.get(res.json().logo_url as string),
  },
  {
    name: 'PUT /people/:id/photo',
    field: 'photo',
    takes: 'image',
    send: (f) => w.admin.upload('PUT', `/people/${w.other.id}/photo`, 'photo', f.data, f.filename, f.contentType),
    serve: (res) => w.admin.get(res.json().photo_url as string),
  },
  {
    name: 'PUT /watchlist/:id/photo',
    field: 'photo',
    takes: 'image',
    prepare: async () => {
      if (watchEntryId) return;
      const res = await w.admin.post('/watchlist', { level: 'deny', full_name: 'Upload Fixture', reason: 'Uploads' });
      watchEntryId = res.json<{ id: string }>().id;
    },
    send: (f) => w.admin.upload('PUT', `/watchlist/${watchEntryId}/photo`, 'photo', f.data, f.filename, f.contentType),
    serve: (res) => w.admin.get(res.json().image as string),
  },
  {
    name: 'POST /public/pre-registrations',
    field: 'photo',
    takes: 'image',
    prepare: async () => {
      selfRegistrationLink ||= await w.qrOf(w.types.visitors);
    },
    send: async (f) => {
      const who = freshVisitor();
      lastEmail = who.email;
      const fields = {
        link_id: selfRegistrationLink,
        user_type_id: w.types.visitors,
        area_id: w.areas.reception,
        ...slot(1),
        ...who,
        host_ids: [w.host.id],
      };
      return postForm(visitor, '/public/pre-registrations', fields, part('photo', f));
    },
    serve: async () => w.admin.get(`/people/${await personIdByEmail(lastEmail)}/photo`),
  },
  {
    name: 'POST /public/visits/:token/confirm',
    field: 'photo',
    takes: 'image',
    prepare: () => confirmLinks.get(),
    send: async (f) => {
      const link = await confirmLinks.get();
      lastConfirm = link.personId;
      const res = await postForm(visitor, `/public/visits/${link.token}/confirm`, link.visitor, part('photo', f));
      if (res.statusCode === 200) confirmLinks.spend();
      return res;
    },
    serve: () => w.admin.get(`/people/${lastConfirm}/photo`),
  },
  {
    name: 'POST /compliances/files',
    field: 'file',
    takes: 'document',
    send: (f) => w.admin.upload('POST', '/compliances/files', 'file', f.data, f.filename, f.contentType),
    serve: async (res) => {
      const shown = await addCompliance(
        w.admin,
        agreementTextBody(`Agreement ${++counter}`, { content: { agreement_type: 'file', file: res.json() } }),
      );
      return w.admin.get(`/compliances/${shown.id}/file`);
    },
    storedName: async (res) => res.json().name as string,
  },
  {
    name: 'POST /public/visits/:token/documents',
    field: 'file',
    takes: 'document',
    prepare: () => documentLinks.get(),
    send: async (f) => {
      const link = await documentLinks.get();
      lastDocumentPerson = link.personId;
      const fields = {
        compliance_id: vaccineId,
        type: 'covid_vaccine',
        protocol: 'comirnaty',
        start_date: '2024-01-10',
      };
      const res = await postForm(visitor, `/public/visits/${link.token}/documents`, fields, part('file', f));
      if (res.statusCode === 201) documentLinks.spend();
      return res;
    },
    // The users screens read a person's documents back.
    serve: (res) => w.admin.get(`/people/${lastDocumentPerson}/documents/${res.json().id as string}/file`),
    storedName: async (res) => {
      const [doc] = await ctx.db.db
        .select({ fileName: personDocuments.fileName })
        .from(personDocuments)
        .where(and(eq(personDocuments.entityId, w.entity.id), eq(personDocuments.id, res.json().id as string)));
      return doc!.fileName!;
    },
  },
  {
    name: 'POST /people/:id/documents',
    field: 'file',
    takes: 'document',
    send: (f) =>
      postForm(
        w.admin,
        `/people/${w.other.id}/documents`,
        { compliance_id: vaccineId, type: 'covid_vaccine', protocol: 'comirnaty', start_date: '2024-01-10' },
        part('file', f),
      ),
    serve: (res) => w.admin.get(res.json().file_url as string),
    storedName: async (res) => res.json().file_name as string,
  },
];

// ── what each fixture must come to ──────────────────────────────────────────────────────────────

type Outcome = { stored: 'image' | 'pdf' } | { code: string; messageKey?: string; text?: RegExp };

const NOT_AN_IMAGE: Outcome = { code: 'invalid_image', text: /^The file must be a PNG or JPG image\.$/ };
const ACTIVE_PDF: Outcome = {
  code: 'rule_violation',
  text: /^The PDF contains active content \((JavaScript|OpenAction)\)/,
};

function expected(fixture: UploadFixture, endpoint: Endpoint): Outcome {
  const image = endpoint.takes === 'image';
  const wrongType: Outcome = image
    ? NOT_AN_IMAGE
    : { code: 'rule_violation', text: /^The file must be a PDF, PNG or JPG( document)?\.$/ };
  switch (fixture.key) {
    case 'good_png':
    case 'polyglot_png':
    case 'metadata_jpeg':
      return { stored: 'image' };
    case 'png_bomb':
    case 'fake_header':
      return { code: 'image_too_large', text: /^The image must be at most \d+×\d+ pixels\.$/ };
    case 'truncated_png':
      return NOT_AN_IMAGE;
    case 'pdf_javascript':
    case 'pdf_open_action':
    case 'pdf_flate_js':
    case 'pdf_escaped_name':
      return image ? NOT_AN_IMAGE : ACTIVE_PDF;
    case 'traversal_name':
      return image ? NOT_AN_IMAGE : { stored: 'pdf' };
    default:
      // SVG, GIF, HTML named .pdf, zips: neither an image nor a PDF by content.
      return wrongType;
  }
}

const tally = { sent: 0, refused: 0, storedImages: 0, storedPdfs: 0, storedAsSent: 0, zipsRefused: 0 };

const USER_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
};

async function expectStoredImage(f: UploadFixture, stored: Buffer) {
  if (stored.equals(f.data)) tally.storedAsSent += 1;
  expect(stored.equals(f.data), 'stored as sent').toBe(false);
  expect(stored.includes(HTML_PAYLOAD)).toBe(false);
  expect(stored.includes('<script')).toBe(false);
  for (const secret of EXIF_SECRETS) expect(stored.includes(secret)).toBe(false);
  const image = await readImage(stored);
  expect(image).toEqual({
    format: f.key === 'metadata_jpeg' ? 'jpeg' : 'png',
    width: 400,
    height: 500,
    hasMetadata: false,
  });
  // Nothing after the image's end.
  if (image.format === 'png') expect(stored.subarray(-8, -4).toString('latin1')).toBe('IEND');
  else expect(stored.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
}

describe('the upload fixtures', () => {
  it('are built from code, each what it claims to be', () => {
    const byKey = Object.fromEntries(fixtures.map((f) => [f.key, f]));
    expect(fixtures).toHaveLength(18);
    expect(byKey.png_bomb!.data.length).toBeLessThan(100 * 1024);
    expect(byKey.fake_header!.data.length).toBe(65);
    expect(byKey.polyglot_png!.data.includes(HTML_PAYLOAD)).toBe(true);
    expect(byKey.zip_bomb!.data.length).toBeLessThan(200 * 1024);
    expect(byKey.traversal_name!.filename).toBe(TRAVERSAL_NAME);
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.name}: refused and nothing stored, or stored re-encoded and served inert`, async () => {
      for (const fixture of fixtures) {
        const want = expected(fixture, endpoint);
        const label = `${fixture.label} → ${endpoint.name}`;
        await endpoint.prepare?.();
        const before = await snapshot();
        const res = await endpoint.send(fixture);
        tally.sent += 1;
        const after = await snapshot();

        if ('code' in want) {
          expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, label).toBeLessThan(500);
          const body = res.json<{ code: string; fields?: Record<string, string[]> }>();
          expect(body.code, label).toBe(want.code);
          const message = body.fields?.[endpoint.field]?.[0];
          expect(message, `${label}: ${res.body}`).toMatch(want.text ?? /./);
          expect(after.files, `${label}: file store changed`).toEqual(before.files);
          expect(after.rows, `${label}: database changed`).toEqual(before.rows);
          tally.refused += 1;
          continue;
        }

        expect([200, 201], `${label}: ${res.body}`).toContain(res.statusCode);
        // The snapshot sees what an upload writes (an agreement file is only named later, by a compliance).
        if (endpoint.name !== 'POST /compliances/files') expect(after.rows, label).not.toEqual(before.rows);
        const written = writtenSince(before, after);
        expect(written, label).toHaveLength(endpoint.storedInDatabase ? 0 : 1);
        const stored = endpoint.storedInDatabase
          ? await endpoint.storedInDatabase()
          : readFileSync(path.join(ctx.dataDir, 'files', written[0]!));
        if (want.stored === 'image') {
          await expectStoredImage(fixture, stored);
          tally.storedImages += 1;
        } else {
          // A PDF without active content is kept as it came, under a cleaned name.
          expect(stored.equals(fixture.data), label).toBe(true);
          expect(await endpoint.storedName!(res), label).toBe('passwd');
          tally.storedPdfs += 1;
        }
        const served = await endpoint.serve(res);
        if (!served) continue;
        expect(served.statusCode, `${label}: ${served.body}`).toBe(200);
        expect(served.rawPayload.equals(stored), label).toBe(true);
        expect(served.headers, label).toMatchObject(USER_FILE_HEADERS);
        if (want.stored === 'image') {
          expect(served.headers['content-type']).toBe(fixture.key === 'metadata_jpeg' ? 'image/jpeg' : 'image/png');
          expect(served.headers['content-disposition'], label).toMatch(
            /^inline; filename="[\w.-]+\.(png|jpg)"; filename\*=UTF-8''[\w.-]+$/,
          );
        } else {
          expect(served.headers['content-type']).toBe('application/pdf');
          expect(served.headers['content-disposition']).toBe(
            `attachment; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`,
          );
        }
      }
    });
  }

  it('cleans a name a compliance body gives its file, and serves it under that name only', async () => {
    const pdf = fixtures.find((f) => f.key === 'traversal_name')!.data;
    const upload = await w.admin.upload('POST', '/compliances/files', 'file', pdf, 'rules.pdf', 'application/pdf');
    expect(upload.statusCode, upload.body).toBe(201);
    const named = await addCompliance(
      w.admin,
      agreementTextBody('Renamed', {
        content: { agreement_type: 'file', file: { ...upload.json(), name: '..\\..\\boot.ini"\r\nX-Evil: 1' } },
      }),
    );
    expect(named.content).toMatchObject({ file: { name: 'boot.iniX-Evil: 1' } });
    const served = await w.admin.get(`/compliances/${named.id}/file`);
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="boot.iniX-Evil: 1.pdf"; filename*=UTF-8''boot.iniX-Evil%3A%201.pdf`,
    );
    expect(served.headers['x-evil']).toBeUndefined();
  });

  it('names the field in the caller’s language', async () => {
    const pdf = fixtures.find((f) => f.key === 'pdf_javascript')!;
    const link = await documentLinks.get();
    for (const [lang, start] of [
      ['ar', 'يحتوي ملف PDF على محتوى نشط (JavaScript)'],
      ['es', 'El PDF tiene contenido activo (JavaScript)'],
    ] as const) {
      const client = new TestClient(ctx.app);
      client.lang = lang;
      const fields = {
        compliance_id: vaccineId,
        type: 'covid_vaccine',
        protocol: 'comirnaty',
        start_date: '2024-01-10',
      };
      const res = await postForm(client, `/public/visits/${link.token}/documents`, fields, part('file', pdf));
      expect(res.statusCode).toBe(422);
      expect((res.json().fields.file[0] as string).startsWith(start), res.body).toBe(true);
    }
  });

  it('refuses every zip fixture in the photo zip reader of the people import', async () => {
    const zips = fixtures.filter((f) => f.key.startsWith('zip_'));
    const refusals: Record<string, string | undefined> = {};
    for (const zip of zips) {
      try {
        for await (const entry of readZipEntries(zip.data)) expect.fail(`${zip.label} yielded ${entry.name}`);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).options.field).toBe('zip');
        refusals[zip.key] = (error as AppError).options.messageKey;
      }
    }
    expect(refusals).toEqual({
      zip_bomb: 'zip_entry_too_large',
      zip_traversal: 'zip_entry_name',
      zip_folder: 'zip_folder',
      zip_too_many: 'zip_too_many_entries',
    });
    tally.zipsRefused = Object.keys(refusals).length;
  });

  it('reports the figure', () => {
    expect(tally.sent).toBe(fixtures.length * endpoints.length);
    expect(tally.refused + tally.storedImages + tally.storedPdfs).toBe(tally.sent);
    expect(tally.storedAsSent).toBe(0);
    reportFigure(
      'upload fixtures',
      `${fixtures.length} fixtures × ${endpoints.length} upload endpoints: ${tally.refused} refused, ` +
        `${tally.storedImages} stored re-encoded, ${tally.storedPdfs} clean PDFs stored after the active-content check, ` +
        `${tally.storedAsSent} images stored as sent; ${tally.zipsRefused} zip fixtures refused by the photo zip reader`,
    );
  });
});
