// A company with at least one of everything the API serves, built through its own admin's API calls
// (the factories only open the company and its members), for the cross-company sweep: every id it
// holds is returned by kind, and every name in it carries the company's tag, so a response that shows
// any of it to another company is caught by a plain text search.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app';
import type { Executor } from '../../src/db/client';
import { withTenant } from '../../src/db/client';
import { newId } from '../../src/lib/ids';
import { insertKioskRequest } from '../../src/modules/kiosks/kiosk-requests.repository';
import { saveIdentityProvider } from '../../src/modules/company-sign-in/company-sign-in.repository';
import { evacuationMailsSent } from '../../src/modules/emergency/evacuation-mails';
import { announcementBody } from './announcements-factories';
import { makePdf, questionBody, vaccineBody } from './compliances-factories';
import { multipart, slot } from './expected-visits-factories';
import { signIn, TestClient } from './http-client';
import { makePng } from './images';
import { photoZip, prepareImportSamples, sheetOf, XLSX_TYPE } from './people-import-files';
import { newestMailTo } from './mail';
import { safeLinkMailedTo } from './emergency-roll-factories';
import { permitBody } from './visit-permits-factories';
import { createCompany, PASSWORD } from './world';
import { modeBody } from './attendance-factories';
import { integrationsOf } from './integrations-world';
import { facePhoto } from './face-photos';
import { dispatchEndpoint } from '../../src/modules/webhooks/webhook-dispatch';

/** What an id names. The sweep's tables map every path parameter and id field to one of these. */
export const ID_KINDS = [
  'entity',
  'session',
  'role',
  'membership',
  /** A member's user account (the audit log's "made by"). */
  'user',
  'site',
  'area',
  'userType',
  'kiosk',
  'kioskRequest',
  'kioskReview',
  'door',
  'section',
  'customField',
  'journey',
  'flow',
  'compliance',
  'complianceResponse',
  'personDocument',
  'mode',
  'reason',
  'permit',
  'announcement',
  'expectedVisit',
  'visit',
  'badgePrint',
  'reportExport',
  'emergencySession',
  'rollEntry',
  'duplicatePair',
  'importTask',
  'importRow',
  'label',
  'department',
  'person',
  'integration',
  'integrationRun',
  'tempUser',
  'integrationScan',
  'integrationAuthorization',
  'watchlistEntry',
  'screening',
  'webhookEndpoint',
  'capacityApproval',
  // Not uuids, but still the company's own: another company naming them must get nothing.
  'agreementFile',
  'pairingCode',
  'kioskCode',
  // Bearer capabilities of the public pages: whoever holds one may use it, so the sweep only ever
  // sends the caller's own (and B's ids beside them).
  'linkId',
  'visitToken',
  'rfidCode',
  'safeToken',
  'subdomain',
  // The id of a webhook's message (`msg_…`), the company's own like the rest.
  'webhookDelivery',
] as const;
export type IdKind = (typeof ID_KINDS)[number];
export type IdsByKind = Record<IdKind, string[]>;

export type FullWorld = Awaited<ReturnType<typeof fullWorld>>;

type Body = Record<string, unknown>;

function ok(res: LightMyRequestResponse, status: number, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 500)}`).toBe(status);
  return res;
}

export const randomMac = () => ['02', ...[...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0'))].join(':');

/**
 * Company (owner admin signed in, its API client token and a kiosk's device token) with sites, areas,
 * a paired kiosk and a door, user types, labels, a department, a custom field and its section, people
 * (photo, labels, department, custom field value, RFID card and a pending enrolment, QuickPass), a
 * journey (logo, kiosks, flows with hosts, compliances and an attendance mode), compliances (two
 * versions, an agreement file, answers), an attendance mode and reasons, a visit permit with its
 * assignments, an announcement, a saved grid, expected visits (admin-added, self-registered by link,
 * one with an uploaded vaccination document), visits on site and left with notes and a badge print,
 * and the company's logo.
 */
export async function fullWorld(app: App, db: Executor) {
  const company = await createCompany(db);
  const { tag, entity } = company;
  const { client: admin } = await signIn(app, company.people.admin.email, PASSWORD);
  // A second session of the same admin: its id is the one the sweep may name (and end) safely.
  const { client: spare } = await signIn(app, company.people.admin.email, PASSWORD);
  const anon = new TestClient(app);
  const post = async <T = { id: string }>(url: string, body: Body, status = 201, client = admin) =>
    ok(await client.post(url, body), status, `POST ${url}`).json<T>();
  const put = async <T = { id: string }>(url: string, body: Body, status = 200) =>
    ok(await admin.put(url, body), status, `PUT ${url}`).json<T>();
  const upload = async (method: 'PUT' | 'POST', url: string, field: string, data: Buffer, name: string, type: string) =>
    ok(await admin.upload(method, url, field, data, name, type), method === 'POST' ? 201 : 200, `${method} ${url}`);
  const named = (what: string) => `${what} ${tag}`;
  const emailOf = (who: string) => `${who}.${tag}@example.test`;
  // Images a few pixels wider per company, so no two companies (nor the sweep's uploads) hold the same file.
  const wider = 1 + (parseInt(tag.slice(-4), 16) % 997);

  const token = (await post<{ token: string }>('/company/client-token', {}, 200)).token;
  await upload('PUT', '/company/logo', 'file', makePng(200 + wider, 45), 'logo.png', 'image/png');
  // The company's own identity provider, written as saved settings (the API reads the issuer's discovery
  // document first): a closed port on this machine, so a sign-in the sweep starts fails at once.
  await withTenant(db, entity.id, (tx) =>
    saveIdentityProvider(tx, entity.id, {
      issuer: 'http://127.0.0.1:9',
      clientId: named('Client'),
      clientSecretSealed: app.secrets.encrypt(`secret-${tag}`),
      enabled: true,
    }),
  );

  // Places and devices.
  const hq = (await post('/sites', { name: named('HQ') })).id;
  const branch = (await post('/sites', { name: named('Branch') })).id;
  const reception = (await post('/areas', { site_id: hq, name: named('Reception') })).id;
  const dock = (await post('/areas', { site_id: hq, name: named('Dock'), login_mode: 'checkIn_only' })).id;
  const lobby = (await post('/areas', { site_id: branch, name: named('Lobby') })).id;
  const device = new TestClient(app);
  const pairing = await post<{ code: string; secret: string }>(
    '/public/kiosk-pairings',
    {
      mac_address: randomMac(),
      app_version: '3.1.0',
    },
    201,
    device,
  );
  const kiosk = (await post('/kiosks', { code: pairing.code, name: named('Kiosk'), area_id: reception })).id;
  const paired = ok(
    await device.get('/public/kiosk-pairings/status', { 'x-kiosk-pairing-secret': pairing.secret }),
    200,
    'pairing status',
  ).json<{ device_token: string }>();
  const door = (await post('/doors', { area_id: reception, name: named('Door'), kiosk_id: kiosk })).id;
  // Remote requests: one the kiosk is running (written as a delivered request the kiosk took), with
  // the data it handed over, and one asked while it was away (failed: no connection).
  const runningRequest = newId();
  const now = new Date();
  await withTenant(db, entity.id, (tx) =>
    insertKioskRequest(tx, {
      entityId: entity.id,
      id: runningRequest,
      kioskId: kiosk,
      action: 'pull_database',
      status: 'delivered',
      history: [{ status: 'placed', at: now.toISOString() }],
      requestedByName: named('Admin'),
      deadlineAt: new Date(now.getTime() + 5 * 60_000),
    }),
  );
  device.bearer = paired.device_token;
  ok(await device.post(`/kiosk-device/requests/${runningRequest}/progress`, { status: 'running' }), 200, 'progress');
  ok(
    await device.upload(
      'PUT',
      `/kiosk-device/requests/${runningRequest}/data`,
      'file',
      Buffer.from(`{"tag":"${tag}"}`),
      'd.json',
      'application/json',
    ),
    200,
    'kiosk data',
  );
  const awayRequest = (await post(`/kiosks/${kiosk}/requests`, { action: 'restart_app' })).id;

  // What people are sorted by.
  const type = async (name: string, extra: Body = {}) =>
    (
      await post('/user-types', {
        name: named(name),
        registration_method: 'registration_allowed',
        grace_period_minutes: 30,
        ...extra,
      })
    ).id;
  const visitors = await type('Visitors');
  const contractors = await type('Contractors', { registration_method: 'pre_registered_with_approval' });
  const staff = await type('Staff');
  const interns = await type('Interns', { parent_id: staff });
  const label = (await post('/labels', { name: named('VIP').slice(0, 30), color: '#336699' })).id;
  const department = (await post('/departments', { name: named('Facilities') })).id;
  // Bound to every type: its profile fields are asked of each, and the binding has rows to prove.
  const section = (
    await post('/custom-field-sections', {
      name: named('Extra'),
      user_type_ids: [visitors, contractors, staff, interns],
    })
  ).id;
  const customField = (
    await post('/custom-fields', { section_id: section, name: named('Badge colour'), type: 'text', binding: 'profile' })
  ).id;

  // People.
  const person = async (first: string, typeId: string, extra: Body = {}) =>
    (
      await post('/people', {
        first_name: `${first} ${tag}`,
        last_name: 'Sweep',
        email: emailOf(first.toLowerCase()),
        role_id: entity.roles.employee,
        site_ids: [hq],
        user_type_ids: [typeId],
        ...extra,
      })
    ).id;
  const subject = await person('Sam', staff, {
    department_id: department,
    label_ids: [label],
    custom_fields: [{ custom_field_id: customField, value: named('Green') }],
  });
  await upload('PUT', `/people/${subject}/photo`, 'photo', makePng(250 + wider, 300), 'sam.png', 'image/png');
  const host = await person('Hannah', staff);
  const walker = await person('Walter', visitors);
  const leaver = await person('Lena', visitors);
  const pending = await person('Penny', staff);
  await post('/people/labels', { person_ids: [host], label_ids: [label] }, 200);
  await put(`/user-types/${visitors}/hosts`, { person_ids: [host] });
  await post('/quick-passes', { user_ids: [subject] });

  // RFID: one card enrolled through its link, one enrolment still waiting at the kiosk.
  await post('/rfid/instructions', { user_ids: [subject, pending], kiosk_id: kiosk }, 200);
  const linkCodeOf = async (email: string) => {
    const mail = await newestMailTo(db, email);
    const code = mail?.text.match(/\/rfid\/([\w-]+)/)?.[1];
    if (!code) throw new Error(`no enrolment mail to ${email}`);
    return code;
  };
  const enrolledCode = await linkCodeOf(emailOf('sam'));
  ok(await anon.post(`/public/rfid/${enrolledCode}/card`, { rfid: `04A3${tag.slice(-4)}` }), 200, 'rfid card');
  const pendingCode = await linkCodeOf(emailOf('penny'));
  const kioskCode = ok(await anon.get(`/public/rfid/${pendingCode}`), 200, 'rfid link').json<{ kiosk_code: string }>()
    .kiosk_code;

  // Entry conditions.
  const question = await post<{ id: string }>('/compliances', questionBody(named('Health')));
  await put(`/compliances/${question.id}`, questionBody(named('Health'), { frequency: 'weekly' }));
  const file = ok(
    await admin.upload(
      'POST',
      '/compliances/files',
      'file',
      makePdf(`NDA ${tag}`),
      `nda-${tag}.pdf`,
      'application/pdf',
    ),
    201,
    'agreement file',
  ).json<{ id: string; name: string; mime: string; size: number }>();
  const agreement = (
    await post('/compliances', {
      name: named('NDA'),
      format: 'agreement',
      frequency: 'once',
      content: { agreement_type: 'file', file },
    })
  ).id;
  const vaccine = (await post('/compliances', vaccineBody(named('Vaccination')))).id;
  const answered = await post<{ data: { id: string }[] }>(`/people/${subject}/compliance-responses`, {
    responses: [{ compliance_id: agreement, accepted: true }],
  });
  const mode = (await post('/attendance-modes', modeBody([hq], { name: named('Office') }))).id;
  const late = (
    await post(`/attendance-modes/${mode}/reasons`, {
      name: `Late ${tag.slice(-6)}`,
      type: 'late_sign_in',
      start_time: '09:00',
      duration_minutes: 60,
      attendance_code: 'L1',
    })
  ).id;
  const early = (
    await post(`/attendance-modes/${mode}/reasons`, {
      name: `Early ${tag.slice(-6)}`,
      type: 'early_sign_out',
      start_time: '16:00',
      duration_minutes: 60,
    })
  ).id;
  const permit = (await post('/visit-permits', permitBody({ name: named('Weekdays') }))).id;
  await post(`/visit-permits/${permit}/people`, { person_ids: [subject] }, 200);
  await post(`/visit-permits/${permit}/user-types`, { user_type_ids: [contractors] }, 200);
  const announcement = (
    await post<{ data: { id: string } }>(
      '/announcements',
      announcementBody('UTC', { text: `<p>Notice ${tag}</p>`, user_type_ids: [visitors] }),
    )
  ).data.id;
  await put('/table-preferences/users', {
    table_head: { visibility: { email: false }, order: ['name'], sizing: { name: 240 } },
    url: { filters: { status: 'active' }, sorting: [{ id: 'name', desc: false }], search: tag, limit: 25 },
  });

  // The journey and its flows.
  const journey = (await post('/journeys', { name: named('Front desk'), site_ids: [hq, branch] })).id;
  await upload('PUT', `/journeys/${journey}/logo`, 'file', makePng(300 + wider, 60), 'logo.png', 'image/png');
  await put(`/journeys/${journey}/kiosks`, { kiosk_ids: [kiosk] });
  const flowOf = async (body: Body) =>
    (await post<{ data: { id: string }[] }>(`/journeys/${journey}/flows`, body)).data[0]!.id;
  const visitorFlow = await flowOf({ user_type_ids: [visitors], checks: { host: true }, host_ids: [host] });
  const contractorFlow = await flowOf({
    user_type_ids: [contractors],
    checks: { host: true },
    host_ids: [host],
    compliances: [{ id: question.id }, { id: agreement }, { id: vaccine }],
    attendance_mode_ids: [mode],
  });
  // An offline sign-in the server would refuse (the visitors' flow asks for a host): recorded, needing
  // review (decision 045).
  const offlineVisitor = await person('Olive', visitors);
  const replayed = ok(
    await device.post('/kiosk-device/replay', {
      items: [
        {
          kind: 'sign_in',
          idempotency_key: `offline-${newId()}`,
          occurred_at: new Date(Date.now() - 60_000).toISOString(),
          people: [{ person_id: offlineVisitor }],
        },
      ],
    }),
    200,
    'offline replay',
  ).json<{ results: { people: { review_id: string | null }[] }[] }>();
  const kioskReview = replayed.results[0]!.people[0]!.review_id;
  if (!kioskReview) throw new Error('offline replay: no review written');

  // Visits: one on site (notes, badge print), one left, expected ones with their links.
  const signedIn = await post<{ data: { id: string }[] }>('/visits/sign-in', {
    area_id: reception,
    people: [{ person_id: walker, host_ids: [host] }],
  });
  const onSite = signedIn.data[0]!.id;
  await put(`/visits/${onSite}/notes`, { notes: `Bay ${tag}`.slice(0, 30) });
  const badgePrint = (await post<{ id: string }>(`/visits/${onSite}/badge-prints`, {})).id;
  const reportExport = (await post('/exports', { report: 'printer', format: 'csv', columns: ['person'] }, 202)).id;
  // An emergency drill over Reception (the walker on its roll, marked present), still running.
  const drill = await post<{ session: { id: string }; roll: { id: string }[] }>('/emergency/sessions', {
    name: named('Drill'),
    is_drill: true,
    area_ids: [reception],
  });
  const rollEntry = drill.roll[0]!.id;
  await post(
    `/emergency/sessions/${drill.session.id}/marks`,
    { marks: [{ client_id: newId(), roll_id: rollEntry, status: 'present' }] },
    200,
  );
  // Its "evacuate now" mails are written in the background: all of them before anyone digests the company.
  await evacuationMailsSent(app);
  // The walker's own "I am safe" link, from that mail.
  const safeToken = await safeLinkMailedTo(db, emailOf('walter'));
  const leftVisit = (
    await post<{ data: { id: string }[] }>('/visits/sign-in', {
      area_id: reception,
      people: [{ person_id: leaver, host_ids: [host] }],
    })
  ).data[0]!.id;
  await post('/visits/sign-out', { visit_ids: [leftVisit] }, 200);
  // A corrected timesheet day (two days ago: past on any company clock).
  await post('/reports/timesheet/corrections', {
    person_id: leaver,
    day: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
    first_in: '09:00',
    last_out: '17:00',
    reason: named('Gate reader down'),
  });
  const visitor = (who: string) => ({
    first_name: `${who} ${tag}`,
    last_name: 'Visitor',
    email: emailOf(who.toLowerCase()),
    phone_code: '+44',
    phone: `7${tag.replace(/\D/g, '').padEnd(9, '1').slice(0, 9)}`,
    company_name: named('Acme'),
  });
  const expect1 = (
    await post<{ data: { id: string; link_url: string; person: { id: string } } }>('/expected-visits', {
      visitor: visitor('Vera'),
      user_type_id: visitors,
      site_id: hq,
      area_id: reception,
      ...slot(1),
      host_ids: [host],
      notes: tag,
    })
  ).data;
  // A chat channel told of visits waiting for approval: Carl's visit below asks its host, with a link.
  await post('/webhooks', {
    endpoint_kind: 'slack',
    endpoint_url: `https://${tag}.hooks.invalid/chat`,
    events: ['host.approval_needed', 'host.visitor_arrived'],
  });
  const expect2 = (
    await post<{ data: { id: string; link_url: string; person: { id: string } } }>('/expected-visits', {
      visitor: { ...visitor('Carl'), phone: `8${tag.replace(/\D/g, '').padEnd(9, '2').slice(0, 9)}` },
      user_type_id: contractors,
      site_id: hq,
      area_id: reception,
      ...slot(2),
      host_ids: [host],
    })
  ).data;
  const tokenOf = (url: string) => url.split('/').pop()!;
  const document = multipart(
    { compliance_id: vaccine, type: 'covid_vaccine', protocol: 'comirnaty', start_date: '2024-01-10' },
    { field: 'file', data: makePdf(`Certificate ${tag}`), name: `cert-${tag}.pdf`, type: 'application/pdf' },
  );
  ok(
    await anon.request(
      'POST',
      `/public/visits/${tokenOf(expect2.link_url)}/documents`,
      document.body,
      document.headers,
    ),
    201,
    'vaccination document',
  );
  const documents = ok(await admin.get(`/people/${expect2.person.id}/documents`), 200, 'documents').json<{
    data: { id: string }[];
  }>().data;
  const qr = ok(await admin.get(`/user-types/${visitors}/qr`), 200, 'user type qr').json<{ url: string }>().url;
  const linkId = tokenOf(qr);
  const registered = await post<{ visit_id: string }>(
    '/public/pre-registrations',
    {
      link_id: linkId,
      user_type_id: visitors,
      area_id: reception,
      ...slot(3),
      ...visitor('Rita'),
      phone: `6${tag.replace(/\D/g, '').padEnd(9, '3').slice(0, 9)}`,
      host_ids: [host],
    },
    201,
    anon,
  );

  // A guest registered waiting for approval: their host is asked in the chat channel, with a link.
  const guests = await type('Guests', { registration_method: 'pre_registered_with_approval' });
  await flowOf({ user_type_ids: [guests], checks: { host: true }, host_ids: [host] });
  const guestQr = ok(await admin.get(`/user-types/${guests}/qr`), 200, 'guests qr').json<{ url: string }>().url;
  await post(
    '/public/pre-registrations',
    {
      link_id: tokenOf(guestQr),
      user_type_id: guests,
      area_id: reception,
      ...slot(4),
      ...visitor('Gus'),
      phone: `5${tag.replace(/\D/g, '').padEnd(9, '4').slice(0, 9)}`,
      host_ids: [host],
    },
    201,
    anon,
  );

  // The duplication board: three pairs by email (one dismissed, one merged, one left) after a scan.
  const twin = async (first: string) => {
    const one = await person(first, visitors);
    const two = await person(`${first}a`, visitors, { email: emailOf(first.toLowerCase()).replace('@', '+old@') });
    return [one, two] as const;
  };
  const twins = [await twin('Dana'), await twin('Milo'), await twin('Nora')];
  await post('/people/duplicates/scan', {}, 202);
  type Board = { data: { id: string; a: { id: string }; b: { id: string } }[]; scan: { status: string } | null };
  let board: Board = { data: [], scan: null };
  // A loaded machine (CI runs every suite at once) can take seconds to scan; a failed scan says so here.
  for (let i = 0; i < 600 && !['done', 'failed'].includes(board.scan?.status ?? ''); i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 100));
    board = ok(await admin.get('/people/duplicates?limit=50'), 200, 'duplicates').json<Board>();
  }
  if (board.scan?.status !== 'done') throw new Error(`the duplicate scan ended ${board.scan?.status ?? 'never'}`);
  const pairOf = ([one, two]: readonly [string, string]) =>
    board.data.find((p) => [p.a.id, p.b.id].sort().join() === [one, two].sort().join())!.id;
  ok(await admin.post('/people/duplicates/dismiss', { pair_id: pairOf(twins[0]!) }), 204, 'dismiss');
  await post('/people/merge', { keep_id: twins[1]![0], remove_id: twins[1]![1] }, 200);
  const duplicatePair = pairOf(twins[2]!);

  // A people import waiting to be run: a row to create (with a photo from the zip) and one with a problem.
  await prepareImportSamples();
  const importSheet = await sheetOf(
    ['First name', 'Last name', 'Email', 'User types', 'Sites'],
    [
      [`Ivy ${tag}`, 'Import', emailOf('ivy'), named('Staff'), named('HQ')],
      [`Ned ${tag}`, 'Import', 'not-an-email', named('Staff'), named('HQ')],
    ],
  );
  const importTask = (
    await upload('POST', '/people/import', 'file', importSheet, `people-${tag}.xlsx`, XLSX_TYPE)
  ).json<{ id: string }>().id;
  const importPhotos = await photoZip([{ name: `${emailOf('ivy')}.png`, data: makePng(250 + wider, 300) }]);
  await upload('PUT', `/people/import/${importTask}/photos`, 'zip', importPhotos, 'photos.zip', 'application/zip');
  const importRows = ok(await admin.get(`/people/import/${importTask}/rows`), 200, 'import rows')
    .json<{ data: { id: string }[] }>()
    .data.map((r) => r.id);

  const integration = await integrationsOf(app, db, {
    entity,
    tag,
    admin,
    hq,
    reception,
    staff,
    late,
    onSite,
    subject,
    emailOf,
  });

  // Face sign-in (decision 050): on, one person's paper consent and the face ID made from their photo.
  await put('/face-settings', { enabled: true });
  const faceOwner = await person('Faye', visitors);
  await upload('PUT', `/people/${faceOwner}/photo`, 'file', await facePhoto('amal'), 'faye.jpg', 'image/jpeg');
  await put(`/people/${faceOwner}/face-consent`, { source: 'paper' });
  await post(`/people/${faceOwner}/face-id`, {}, 200);

  // The watchlist (issue 29): an entry refusing a person at the desk, whose screening an admin then
  // marks not a match, and the people told of matches.
  const watched = await person('Wanda', visitors);
  await put('/watchlist/settings', { name_threshold: 80, notify_person_ids: [host] });
  const watchEntry = (
    await post('/watchlist', { level: 'deny', full_name: 'Unrelated Name', email: emailOf('wanda'), reason: 'Sweep' })
  ).id;
  await post('/visits/sign-in', { area_id: reception, people: [{ person_id: watched }] }, 422);
  const screening = (await admin.get(`/watchlist/screenings?person_id=${watched}`)).json<{ data: { id: string }[] }>()
    .data[0]!.id;
  await post(`/watchlist/screenings/${screening}/decision`, { decision: 'not_a_match', reason: 'Sweep' }, 200);

  // Capacity (issue 29): the company's settings, and a request to come in past a full Reception (the
  // walker is on site there), left waiting; the limit then goes, so the rest signs in as before.
  await put('/capacity/settings', {
    over_capacity: 'approval',
    nearing_percent: 80,
    visitor_user_type_ids: [visitors],
  });
  await put(`/areas/${reception}`, {
    name: named('Reception'),
    login_mode: 'signIn_signOut',
    status: true,
    capacity: 1,
  });
  const crowded = await person('Cara', visitors);
  await post('/visits/sign-in', { area_id: reception, people: [{ person_id: crowded, host_ids: [host] }] }, 422);
  const capacityApproval = (await admin.get('/capacity/approvals')).json<{ data: { id: string }[] }>().data[0]!.id;
  await put(`/areas/${reception}`, {
    name: named('Reception'),
    login_mode: 'signIn_signOut',
    status: true,
    capacity: null,
  });

  // Webhooks (issue 29): an endpoint told of sign-ins, a test message for it, and the attempt logged
  // (to a name that never resolves: the attempt says so, and the message waits for its retry).
  const hook = await post<{ endpoint: { id: string } }>('/webhooks', {
    endpoint_url: `https://${tag}.hooks.invalid/sweep`,
    events: ['visit.signed_in', 'person.created'],
  });
  await post(`/webhooks/${hook.endpoint.id}/test`, {}, 202);
  await dispatchEndpoint(app, entity.id, hook.endpoint.id, () => new Date());
  const delivery = (await admin.get(`/webhooks/${hook.endpoint.id}/deliveries`)).json<{ data: { id: string }[] }>()
    .data[0]!.id;

  // The privacy manager: a company default, a user type's own retention, and one person erased (the
  // company's anonymous record and a run).
  await put('/privacy/company', { data_retention_days: 400, scans_retention_days: 200 });
  await put(`/privacy/user-types/${visitors}`, { data_retention_days: 90, scans_retention_days: 60 });
  await post(`/people/${await person('Ezra', visitors)}/erase`, { password: PASSWORD }, 200);

  const sessionIds = async (client: TestClient) =>
    ok(await client.get('/me/sessions'), 200, 'sessions')
      .json<{ data: { id: string; current: boolean }[] }>()
      .data.filter((s) => s.current)
      .map((s) => s.id);
  const roles = entity.roles as Record<string, string>;
  const membershipsOf = (['employee', 'employee_reporting', 'fire_warden', 'system_admin', 'admin'] as const).map(
    (r) => company.people[r].membershipId,
  );

  // The first id of each kind is the one a sweep names when it needs this company's own (so a sweep
  // acting as this company never ends its own session or demotes its own admin). The order within a
  // kind is fixed: OWN_PICKS and the fuzzer's example bodies name ids by their place.
  const ids: IdsByKind = {
    entity: [entity.id],
    session: [...(await sessionIds(spare)), ...(await sessionIds(admin))],
    role: [roles.employee!, ...Object.values(roles).filter((r) => r !== roles.employee)],
    membership: membershipsOf,
    user: (['admin', 'employee'] as const).map((r) => company.people[r].id),
    site: [hq, branch],
    area: [reception, dock, lobby],
    userType: [visitors, contractors, staff, interns],
    kiosk: [kiosk],
    kioskRequest: [runningRequest, awayRequest],
    kioskReview: [kioskReview],
    door: [door],
    section: [section],
    customField: [customField],
    journey: [journey],
    flow: [visitorFlow, contractorFlow],
    compliance: [question.id, agreement, vaccine],
    complianceResponse: answered.data.map((r) => r.id),
    personDocument: documents.map((d) => d.id),
    mode: [mode],
    reason: [late, early],
    permit: [permit],
    announcement: [announcement],
    expectedVisit: [expect1.id, expect2.id, registered.visit_id],
    visit: [onSite, leftVisit, expect1.id],
    badgePrint: [badgePrint],
    reportExport: [reportExport],
    emergencySession: [drill.session.id],
    rollEntry: [rollEntry],
    duplicatePair: [duplicatePair],
    importTask: [importTask],
    importRow: importRows,
    label: [label],
    department: [department],
    person: [subject, host, walker, leaver, pending, expect1.person.id, expect2.person.id, faceOwner],
    agreementFile: [file.id],
    pairingCode: [pairing.code],
    kioskCode: [kioskCode],
    linkId: [linkId],
    // The contractors' visit first: its flow asks compliances, so its link reaches the most.
    visitToken: [tokenOf(expect2.link_url), tokenOf(expect1.link_url)],
    rfidCode: [pendingCode],
    safeToken: [safeToken],
    subdomain: [entity.subdomain ?? ''],
    integration: [integration.id, integration.scimId],
    integrationRun: [integration.runId],
    tempUser: integration.tempIds,
    integrationScan: [integration.scanId],
    integrationAuthorization: [integration.authorizationId],
    watchlistEntry: [watchEntry],
    screening: [screening],
    webhookEndpoint: [hook.endpoint.id],
    webhookDelivery: [delivery],
    capacityApproval: [capacityApproval],
  };
  return { ...company, admin, token, kioskToken: paired.device_token, ids };
}
