// A passport's holder on their own visits, from their phone (decision 047): the visits of every company
// that knows their verified address, and signing in and out inside a site's geofence on a remote journey,
// through the front desk's own sign-in and sign-out (every rule of the flow applies; the source is
// `passport`). The phone's position is checked for that moment and kept nowhere.
import type { FastifyInstance } from 'fastify';
import { permissionMapOf } from '@app/shared/access/permissions';
import type { Language } from '@app/shared/constants';
import type {
  HolderActionResponse,
  HolderPlace,
  HolderSignInBody,
  HolderSignOutBody,
  HolderVisit,
  HolderVisitsResponse,
  Position,
} from '@app/shared/passport/holder';
import { signInPersonSchema } from '@app/shared/visits/schemas';
import type { JourneyStage, VisitState } from '@app/shared/visits/stages';
import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findEntity } from '../access/access.repository';
import type { AccessContext, EntityRecord } from '../access/access.types';
import { publicLogoUrl } from '../entities/public-logo';
import { findFlowForPerson } from '../visits/visit-flow';
import { signIn } from '../visits/sign-in.service';
import { signOut } from '../visits/sign-out.service';
import { checkFence } from './geofence';
import type { Holder } from './holder-auth';
import {
  activeArea,
  activeAreasOf,
  fencedRemoteSites,
  holderPeople,
  holderVisit,
  onSiteVisits,
  personTypes,
  recentVisits,
  remoteJourneyIds,
  siteFence,
  upcomingVisits,
  type HolderPerson,
  type HolderVisitRow,
} from './holder.repository';

/** What the holder acts with: the front desk's sign-in and sign-out, at one site. */
const HOLDER_PERMISSIONS = permissionMapOf(['dashboard']);
const UPCOMING_MAX = 20;
const RECENT_MAX = 30;
/** Expected visits stay "upcoming" for a day after their time: people arrive late. */
const UPCOMING_GRACE_MS = 24 * 60 * 60_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toHolderVisit(appUrl: string, person: HolderPerson, row: HolderVisitRow): HolderVisit {
  return {
    id: row.id,
    company: { id: person.entityId, name: person.entityName, logo_url: publicLogoUrl(appUrl, person.entityLogo) },
    site: { id: row.siteId, name: row.siteName },
    area: { id: row.areaId, name: row.areaName },
    state: row.state as VisitState,
    stage: (row.stage as JourneyStage | null) ?? null,
    expected_at: iso(row.expectedAt),
    signed_in_at: iso(row.signedInAt),
    signed_out_at: iso(row.signedOutAt),
    timezone: person.timezone,
    confirm_link: row.state === 'expected' && !row.confirmedAt ? row.linkToken : null,
  };
}

/** The holder's visits across companies: expected ones soonest first, then the latest that began. */
export async function holderVisits(
  app: FastifyInstance,
  holder: Holder,
  now = new Date(),
): Promise<HolderVisitsResponse> {
  const mine = await holderPeople(app.db.db, holder.email);
  const byEntity = new Map(mine.map((p) => [p.entityId, p]));
  const since = new Date(now.getTime() - UPCOMING_GRACE_MS);
  const upcoming = await upcomingVisits(app.db.db, mine, since, UPCOMING_MAX);
  const recent = await recentVisits(app.db.db, mine, RECENT_MAX);
  const view = (row: HolderVisitRow) => toHolderVisit(app.env.appUrl, byEntity.get(row.entityId)!, row);
  return { upcoming: upcoming.map(view), recent: recent.map(view) };
}

/** The holder's person in one company, with the company; 404 naming `company_id` for any other. */
async function holderIn(app: FastifyInstance, holder: Holder, entityId: string) {
  const person = (await holderPeople(app.db.db, holder.email)).find((p) => p.entityId === entityId);
  const entity = person ? await findEntity(app.db.db, entityId) : null;
  if (!person || !entity) {
    throw new AppError('not_found', { field: 'company_id', messageKey: 'passport_company_unknown' });
  }
  return { person, entity };
}

const holderContext = (entity: EntityRecord, personId: string, siteId: string): AccessContext => ({
  entityId: entity.id,
  entity,
  actor: { kind: 'passport', personId },
  role: null,
  permissions: HOLDER_PERMISSIONS,
  otpEnrolmentRequired: false,
  siteIds: [siteId],
  userTypeIds: null,
});

type PersonType = { id: string; name: string };

/** The remote journeys a person signs in with at a site: per user type of theirs, the flow the site gives it. */
async function remoteJourneysAt(tx: Executor, entityId: string, personId: string, siteId: string, types: PersonType[]) {
  const flows = [];
  for (const type of types) {
    const choice = await findFlowForPerson(tx, entityId, { personId, siteId, userTypeId: type.id });
    if (choice.flow) flows.push({ type, journey: choice.flow.journey });
  }
  const remote = await remoteJourneyIds(
    tx,
    entityId,
    flows.map((f) => f.journey.id),
  );
  return flows
    .filter((f) => remote.has(f.journey.id))
    .map((f) => ({ id: f.journey.id, name: f.journey.name, user_type_id: f.type.id, user_type: f.type.name }));
}

/**
 * The sites with a geofence where the holder has a remote journey, nearest first, each saying whether
 * the phone stands inside it (GET /journeys/remote/{id}, areas_by_site is_remote=1).
 */
export async function holderPlaces(app: FastifyInstance, holder: Holder, at: Position): Promise<HolderPlace[]> {
  const places: HolderPlace[] = [];
  for (const person of await holderPeople(app.db.db, holder.email)) {
    const company = {
      id: person.entityId,
      name: person.entityName,
      logo_url: publicLogoUrl(app.env.appUrl, person.entityLogo),
    };
    const found = await withTenant(app.db.db, person.entityId, async (tx) => {
      const sites = [...new Map((await fencedRemoteSites(tx, person.entityId)).map((s) => [s.siteId, s])).values()];
      const areas = await activeAreasOf(
        tx,
        person.entityId,
        sites.map((s) => s.siteId),
      );
      const onSite = await onSiteVisits(tx, person.entityId, person.personId);
      const types = await personTypes(tx, person.entityId, person.personId);
      const out: HolderPlace[] = [];
      for (const site of sites) {
        const journeys = await remoteJourneysAt(tx, person.entityId, person.personId, site.siteId, types);
        if (journeys.length === 0) continue;
        const fence = { latitude: site.latitude!, longitude: site.longitude!, radius: site.radius! };
        const check = checkFence(fence, at);
        const here = onSite.find((v) => v.siteId === site.siteId);
        out.push({
          company,
          site: { id: site.siteId, name: site.siteName, location_name: site.locationName },
          distance: check.distance,
          radius: fence.radius,
          inside: check.inside,
          inexact: check.inexact,
          areas: areas.filter((a) => a.siteId === site.siteId).map((a) => ({ id: a.id, name: a.name })),
          journeys,
          on_site: here
            ? { visit_id: here.id, area: here.areaName, signed_in_at: here.signedInAt!.toISOString() }
            : null,
          timezone: person.timezone,
        });
      }
      return out;
    });
    places.push(...found);
  }
  return places.sort((a, b) => a.distance - b.distance || a.site.name.localeCompare(b.site.name));
}

/** Refuses a position outside the site's fence, or too rough to tell, saying how far and why. */
function mustBeInside(
  site: { name: string; latitude: number | null; longitude: number | null; radius: number | null },
  at: Position,
) {
  if (site.latitude === null || site.longitude === null || site.radius === null) {
    throw new AppError('rule_violation', {
      field: 'position',
      messageKey: 'passport_site_no_fence',
      vars: { site: site.name },
    });
  }
  const check = checkFence({ latitude: site.latitude, longitude: site.longitude, radius: site.radius }, at);
  if (check.inside) return;
  const vars = { site: site.name, radius: site.radius, away: check.away, accuracy: Math.round(at.accuracy) };
  throw new AppError('rule_violation', {
    field: 'position',
    messageKey: check.inexact ? 'passport_position_inexact' : 'passport_outside_fence',
    vars,
  });
}

/** POST /passport-holder/sign-in: the holder arrives at an area of a site they stand in, on a remote journey. */
export async function holderSignIn(
  app: FastifyInstance,
  holder: Holder,
  body: HolderSignInBody,
  lang: Language,
): Promise<HolderActionResponse> {
  const { person, entity } = await holderIn(app, holder, body.company_id);
  const site = await withTenant(app.db.db, entity.id, async (tx) => {
    const area = await activeArea(tx, entity.id, body.area_id);
    if (!area) throw new AppError('not_found', { field: 'area_id' });
    const fence = (await siteFence(tx, entity.id, area.siteId))!;
    mustBeInside(fence, body.position);
    const types = await personTypes(tx, entity.id, person.personId);
    const journeys = await remoteJourneysAt(tx, entity.id, person.personId, area.siteId, types);
    if (!journeys.some((j) => j.user_type_id === body.user_type_id)) {
      throw new AppError('rule_violation', {
        field: 'user_type_id',
        messageKey: 'passport_journey_not_remote',
        vars: { site: fence.name },
      });
    }
    return fence;
  });
  const ctx = holderContext(entity, person.personId, site.id);
  const result = await signIn(
    app,
    ctx,
    {
      area_id: body.area_id,
      people: [signInPersonSchema.parse({ person_id: person.personId, user_type_id: body.user_type_id })],
    },
    { lang },
  );
  return actionResult(app, person, result.data[0]!.id, result.message);
}

/** POST /passport-holder/sign-out: the holder leaves a visit on site, standing inside its site's fence. */
export async function holderSignOut(
  app: FastifyInstance,
  holder: Holder,
  body: HolderSignOutBody,
  lang: Language,
): Promise<HolderActionResponse> {
  const { person, entity } = await holderIn(app, holder, body.company_id);
  const siteId = await withTenant(app.db.db, entity.id, async (tx) => {
    const visit = await holderVisit(tx, entity.id, person.personId, body.visit_id);
    if (!visit) throw new AppError('not_found', { field: 'visit_id' });
    if (visit.state !== 'on_site') {
      throw new AppError('rule_violation', { field: 'visit_id', messageKey: 'passport_visit_not_on_site' });
    }
    mustBeInside((await siteFence(tx, entity.id, visit.siteId))!, body.position);
    return visit.siteId;
  });
  const ctx = holderContext(entity, person.personId, siteId);
  const result = await signOut(app, ctx, { visit_ids: [body.visit_id], person_ids: [] }, { lang });
  return actionResult(app, person, body.visit_id, result.message);
}

async function actionResult(app: FastifyInstance, person: HolderPerson, visitId: string, message: string) {
  const row = await withTenant(app.db.db, person.entityId, (tx) =>
    holderVisit(tx, person.entityId, person.personId, visitId),
  );
  return { message, visit: toHolderVisit(app.env.appUrl, person, row!) };
}
