// What a kiosk asks on the way to a sign-in (decision 044), with its device token: the hosts of a flow's
// host step, the dashboard's sign-in preview at its own area, and a visitor registering at the kiosk.
// Each is the dashboard's own service run as the kiosk, limited to the people and user types its
// journey reaches.
import type { FastifyInstance } from 'fastify';
import type { PermissionMap } from '@app/shared/access/permissions';
import type { Language } from '@app/shared/constants';
import type {
  KioskPerson,
  kioskHostsQuerySchema,
  kioskSignInPreviewBodySchema,
  kioskVisitorBodySchema,
} from '@app/shared/kiosks/device-lookup';
import { SELF_REGISTERING_METHODS, type RegistrationMethod } from '@app/shared/user-types/schemas';
import type { SignInPreview } from '@app/shared/visits/schemas';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { inTenant } from '../access/in-tenant';
import { visitorRoleId } from '../expected-visits/expected-visits.repository';
import { searchExpectedVisitHosts } from '../expected-visits/expected-visit-form.service';
import { listRolesWithPermissions } from '../members/members.repository';
import { createPerson } from '../people/people.service';
import { setPhoto } from '../people/people-photo.service';
import { previewSignIn } from '../visits/sign-in-preview';
import { byIds, findKioskPeople } from './kiosk-device-lookup.repository';
import { kioskCodeSalt, kioskLookup, kioskPersonOf, kioskToday, type KioskLookup } from './kiosk-device-lookup.service';

/** A user type of the kiosk's journey, or 404 naming `field`. */
function journeyType(lookup: KioskLookup, userTypeId: string, field: string) {
  const type = lookup.types.find((t) => t.id === userTypeId);
  if (!type) throw new AppError('not_found', { field, messageKey: 'kiosk_user_type_not_in_journey' });
  return type;
}

/** GET /kiosk-device/hosts: the dashboard's host search for the flow of a journey user type at the kiosk's site. */
export async function kioskHosts(
  app: FastifyInstance,
  deviceToken: string | undefined,
  q: z.output<typeof kioskHostsQuerySchema>,
) {
  const lookup = await kioskLookup(app, deviceToken);
  journeyType(lookup, q.user_type_id, 'user_type_id');
  const found = await searchExpectedVisitHosts(app, lookup.ctx, {
    user_type_id: q.user_type_id,
    site_id: lookup.reach.siteId,
    query: q.q,
  });
  // Names only: the kiosk stands in a public place.
  return { data: found.data.map((h) => ({ id: h.id, full_name: h.full_name })) };
}

/** POST /kiosk-device/sign-in/preview: the dashboard's preview at the kiosk's area, of people it reaches. */
export async function kioskSignInPreview(
  app: FastifyInstance,
  deviceToken: string | undefined,
  body: z.output<typeof kioskSignInPreviewBodySchema>,
  lang: Language,
  now = new Date(),
): Promise<SignInPreview> {
  const lookup = await kioskLookup(app, deviceToken);
  const { ctx, reach } = lookup;
  const found = await inTenant(app, ctx, (tx) =>
    findKioskPeople(tx, reach, kioskToday(ctx, now), byIds(body.person_ids)),
  );
  if (found.length !== body.person_ids.length) {
    throw new AppError('not_found', { field: 'person_ids', messageKey: 'kiosk_person_not_reached' });
  }
  return previewSignIn(app, ctx, { ...body, area_id: reach.areaId }, lang, now);
}

/**
 * POST /kiosk-device/visitors: someone registering at the kiosk, as the people service adds a person
 * (its checks: unique email and phone, the user type's mandatory data), with the kiosk's site, the user
 * type chosen and the company's visitor role. Only a user type of the journey that lets people register
 * themselves.
 */
export async function registerKioskVisitor(
  app: FastifyInstance,
  deviceToken: string | undefined,
  body: z.output<typeof kioskVisitorBodySchema>,
  now = new Date(),
): Promise<KioskPerson> {
  const lookup = await kioskLookup(app, deviceToken);
  const { ctx, reach } = lookup;
  const type = journeyType(lookup, body.user_type_id, 'user_type_id');
  if (!SELF_REGISTERING_METHODS.includes(type.registration_method as RegistrationMethod)) {
    throw new AppError('rule_violation', { field: 'user_type_id', messageKey: 'kiosk_registration_not_allowed' });
  }
  const role = await inTenant(app, ctx, async (tx) => {
    const id = await visitorRoleId(tx, ctx.entityId);
    return (await listRolesWithPermissions(tx, ctx.entityId)).find((r) => r.id === id)!;
  });
  // The role is the server's choice, not the kiosk's: the kiosk may give exactly that one.
  const registrar = { ...ctx, permissions: role.permissions as PermissionMap };
  const person = await createPerson(app, registrar, {
    first_name: body.first_name,
    last_name: body.last_name,
    email: body.email ?? null,
    phone_code: body.phone_code ?? null,
    phone: body.phone ?? null,
    id_number: null,
    company_name: body.company_name ?? null,
    role_id: role.id,
    department_id: null,
    site_ids: [reach.siteId],
    user_type_ids: [type.id],
  });
  const [row] = await inTenant(app, ctx, (tx) => findKioskPeople(tx, reach, kioskToday(ctx, now), byIds([person.id])));
  // The company's kiosks keep their people: a device route is no API change the response hook maps.
  app.kioskChannel.dataChanged(ctx.entityId, ['people']);
  return kioskPersonOf(kioskCodeSalt(ctx.entityId), row!);
}

/**
 * PUT /kiosk-device/people/{id}/photo: the photo taken by the kiosk's camera for a person it reaches
 * who has none (a visitor who just registered, or whose badge shows a photo). A kiosk stands in a
 * public place: it fills a missing photo, never replaces one (409 naming `photo`); the front desk does.
 */
export async function setKioskPersonPhoto(
  app: FastifyInstance,
  deviceToken: string | undefined,
  personId: string,
  data: Buffer,
  now = new Date(),
): Promise<KioskPerson> {
  const { ctx, reach } = await kioskLookup(app, deviceToken);
  const reached = () => inTenant(app, ctx, (tx) => findKioskPeople(tx, reach, kioskToday(ctx, now), byIds([personId])));
  const [before] = await reached();
  if (!before) throw new AppError('not_found', { field: 'id', messageKey: 'kiosk_person_not_reached' });
  if (before.has_photo) throw new AppError('conflict', { field: 'photo', messageKey: 'kiosk_photo_taken' });
  await setPhoto(app, ctx, personId, data);
  const [row] = await reached();
  app.kioskChannel.dataChanged(ctx.entityId, ['people']);
  return kioskPersonOf(kioskCodeSalt(ctx.entityId), row!);
}
