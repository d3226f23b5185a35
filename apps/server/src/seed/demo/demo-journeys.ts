// The demo company's journeys: how a visitor, a courier, a contractor and a member of staff each get
// into its sites. Sites, user types, kiosks, compliances, attendance modes and hosts are looked up by
// name; one that is missing (another seed changed) is simply not linked. Every flow's settings pass
// the same schema the API applies.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { flowSettingsInputSchema, type FlowSettingsInput } from '@app/shared/journeys/flow-settings';
import { newId } from '../../lib/ids';
import {
  attendanceModesForJourney,
  insertFlows,
  insertJourney,
  replaceFlowLinks,
  replaceJourneySites,
  setKioskJourney,
} from '../../modules/journeys/journeys.repository';
import type { Executor } from '../../db/client';
import { compliances, kiosks, people, personUserTypes, sites, userTypes } from '../../db/schema/index';

type DemoFlow = {
  userTypes: string[];
  settings: FlowSettingsInput;
  compliances?: { name: string; required?: boolean }[];
  attendanceModes?: string[];
  /** How many people of the Staff type host this flow's visitors. */
  hosts?: number;
};

type DemoJourney = {
  name: string;
  description: string;
  remote?: boolean;
  touchMode?: boolean;
  sites: string[];
  kiosks: string[];
  flows: DemoFlow[];
};

export const DEMO_JOURNEYS: DemoJourney[] = [
  {
    name: 'Visitor entry',
    description: 'Visitors and couriers signing in at reception: QR code or name, temperature, host and badge.',
    sites: ['Dubai Head Office', 'Madrid Office'],
    kiosks: ['Lobby kiosk', 'Madrid reception kiosk'],
    flows: [
      {
        userTypes: ['Visitors'],
        settings: {
          inputs: ['qr_code', 'name_search'],
          checks: {
            temperature_check: true,
            temperature_threshold: 37.5,
            host: true,
            print_badge: true,
            print_badge_host: true,
            print_badge_journey_company_logo: true,
            show_photo: true,
            show_temperature: true,
          },
          host_note: 'Choose the person you are meeting. We will let them know you have arrived.',
          feedback: {
            welcome_message: 'Welcome, {name}! Please take your badge and wait in the lounge.',
            goodbye_message: 'Thank you for visiting, {name}. Safe travels!',
            ask_rating: true,
          },
          output: { open_door: true, door_open_seconds: 8 },
          notifications: { notify_host_on_arrival: true, extra_recipients: ['reception@demo.localhost'] },
        },
        compliances: [{ name: 'Health declaration' }, { name: 'Non-disclosure agreement' }],
        hosts: 6,
      },
      {
        userTypes: ['Delivery'],
        settings: {
          inputs: ['name_search', 'qr_code'],
          checks: { host: true, allow_not_select_host: true },
          host_note: 'Delivering to someone in particular? Choose them; otherwise reception will collect.',
          feedback: { welcome_message: 'Hello {name}, please leave parcels at the reception desk.' },
          output: { open_door: true, door_open_seconds: 5 },
          notifications: { notify_host_on_arrival: true },
        },
        hosts: 3,
      },
    ],
  },
  {
    name: 'Contractor induction',
    description: 'Contractors at the loading dock: safety induction and PPE before work, badge with their host.',
    sites: ['Dubai Head Office'],
    kiosks: ['Dock kiosk'],
    flows: [
      {
        userTypes: ['Contractors'],
        settings: {
          inputs: ['qr_code', 'rfid'],
          checks: {
            temperature_check: true,
            temperature_threshold: '99.5F',
            mask_check: true,
            host: true,
            select_host_permitted: true,
            print_badge: true,
            print_badge_host: true,
            print_badge_journey_company_logo: true,
            show_photo: true,
          },
          host_note: 'Your site supervisor signs you in for the day.',
          feedback: { welcome_message: 'Welcome, {name}. Wear your PPE at all times on site.', speak_messages: true },
          output: { open_door: true, door_open_seconds: 10, badge_copies: 2 },
          notifications: {
            notify_host_on_arrival: true,
            notify_host_on_departure: true,
            notify_admins_on_failed_check: true,
            extra_recipients: ['security@demo.localhost'],
          },
        },
        compliances: [
          { name: 'Site safety induction' },
          { name: 'PPE statement' },
          { name: 'Health declaration', required: false },
        ],
        hosts: 3,
      },
    ],
  },
  {
    name: 'Staff attendance',
    description: 'Staff and interns clocking in and out with their card or face, on their working schedule.',
    remote: true,
    touchMode: false,
    sites: ['Dubai Head Office', 'Madrid Office'],
    kiosks: [],
    flows: [
      {
        userTypes: ['Staff'],
        settings: {
          inputs: ['rfid', 'face'],
          checks: {
            show_photo: true,
            print_badge: false,
          },
          feedback: { welcome_message: 'Good morning, {name}.', goodbye_message: 'See you tomorrow, {name}.' },
          output: { open_door: true, door_open_seconds: 4 },
          notifications: { notify_admins_on_failed_check: true },
        },
        attendanceModes: ['Office hours', 'Warehouse early shift', 'Weekend security'],
      },
      {
        userTypes: ['Interns'],
        settings: {
          inputs: ['rfid', 'face', 'qr_code'],
          checks: { show_photo: true },
          feedback: { welcome_message: 'Welcome in, {name}!' },
        },
        attendanceModes: ['Office hours'],
      },
    ],
  },
];

export async function seedDemoJourneys(tx: Executor, entityId: string): Promise<void> {
  const byName = <T extends { name: string }>(rows: T[]) => new Map(rows.map((r) => [r.name, r]));
  const siteRows = byName(
    await tx.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.entityId, entityId)),
  );
  const typeRows = byName(
    await tx.select({ id: userTypes.id, name: userTypes.name }).from(userTypes).where(eq(userTypes.entityId, entityId)),
  );
  const kioskRows = byName(
    await tx.select({ id: kiosks.id, name: kiosks.name }).from(kiosks).where(eq(kiosks.entityId, entityId)),
  );
  const complianceRows = byName(
    await tx
      .select({ id: compliances.id, name: compliances.name })
      .from(compliances)
      .where(and(eq(compliances.entityId, entityId), isNull(compliances.deletedAt))),
  );
  // Hosts: members of staff with an email address, in a stable order.
  const staffType = typeRows.get('Staff');
  const hostIds = staffType
    ? (
        await tx
          .select({ id: people.id })
          .from(people)
          .innerJoin(
            personUserTypes,
            and(eq(personUserTypes.entityId, people.entityId), eq(personUserTypes.personId, people.id)),
          )
          .where(
            and(
              eq(people.entityId, entityId),
              eq(personUserTypes.userTypeId, staffType.id),
              eq(people.status, 'active'),
            ),
          )
          .orderBy(asc(people.lastName), asc(people.firstName), asc(people.id))
          .limit(12)
      ).map((p) => p.id)
    : [];

  for (const demo of DEMO_JOURNEYS) {
    const siteIds = demo.sites.flatMap((name) => siteRows.get(name)?.id ?? []);
    if (siteIds.length === 0) continue;
    const journey = await insertJourney(tx, {
      entityId,
      id: newId(),
      name: demo.name,
      description: demo.description,
      remote: demo.remote ?? false,
      touchMode: demo.touchMode ?? true,
    });
    await replaceJourneySites(tx, entityId, journey.id, siteIds);

    let hostOffset = 0;
    for (const flow of demo.flows) {
      const typeIds = flow.userTypes.flatMap((name) => typeRows.get(name)?.id ?? []);
      if (typeIds.length === 0) continue;
      const settings = flowSettingsInputSchema.parse(flow.settings);
      const wantedModes = (flow.attendanceModes ?? []).length
        ? await attendanceModesForJourney(tx, entityId, journey.id, null)
        : [];
      const links = {
        complianceIds: (flow.compliances ?? []).flatMap((c) => {
          const found = complianceRows.get(c.name);
          return found ? [{ id: found.id, required: c.required ?? true }] : [];
        }),
        // Only modes that serve the journey's sites, as the API would insist.
        attendanceModeIds: (flow.attendanceModes ?? []).flatMap(
          (name) => wantedModes.find((m) => m.name === name)?.id ?? [],
        ),
        hostIds: hostIds.slice(hostOffset, hostOffset + (flow.hosts ?? 0)),
      };
      hostOffset += flow.hosts ?? 0;
      // Only listed hosts may be chosen: without any to list, visitors choose any host.
      if (links.hostIds.length === 0) settings.checks.select_host_permitted = false;
      const rows = await insertFlows(
        tx,
        typeIds.map((userTypeId) => ({ entityId, id: newId(), journeyId: journey.id, userTypeId, settings })),
      );
      for (const row of rows) await replaceFlowLinks(tx, entityId, row.id, links);
    }

    const kioskIds = demo.kiosks.flatMap((name) => kioskRows.get(name)?.id ?? []);
    await setKioskJourney(tx, entityId, kioskIds, journey.id);
  }
}
