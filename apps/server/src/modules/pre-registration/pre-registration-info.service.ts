// GET /public/pre-registration/{id} (spec §7 "Pre-registration"): what a self-registration or
// confirmation link shows: the company, the user types offered, their fields and their flows' sites.
import type { FastifyInstance } from 'fastify';
import { type Language } from '@app/shared/constants';
import type { PreRegistrationInfo } from '@app/shared/pre-registration/schemas';
import { type RegistrationMethod } from '@app/shared/user-types/schemas';
import { safeTimeZone } from '@app/shared/time-zones';
import { withTenant, type Executor } from '../../db/client';
import { t } from '../../lib/i18n';
import {
  countFlowCompliances,
  flowsOfUserTypes,
  activeAreasOfSites,
} from '../expected-visits/expected-visits.repository';
import { flagsOf, hostSettingsOf } from '../expected-visits/visit-rules';
import { readFlowSettings } from '@app/shared/journeys/flow-settings';
import { companyOf, mustEntity, offeredTypes, registrationAvailable, resolveLink } from './link-target';
import { expiredLink, visitByLinkIn } from './linked-visit';
import { passportUrlOf, withPassportFlag } from './link-passport';
import { profileData, publicFields } from './public-fields';

async function offeredFlows(tx: Executor, entityId: string, typeIds: string[]) {
  const rows = await flowsOfUserTypes(tx, entityId, typeIds);
  const counts = await countFlowCompliances(
    tx,
    entityId,
    rows.map((r) => r.flow.id),
  );
  const areas = await activeAreasOfSites(tx, entityId, [...new Set(rows.map((r) => r.siteId))]);
  const byFlow = new Map<string, PreRegistrationInfo['flows'][number]>();
  for (const r of rows) {
    const settings = readFlowSettings(r.flow.settings);
    let entry = byFlow.get(r.flow.id);
    if (!entry) {
      entry = {
        flow_id: r.flow.id,
        journey_id: r.flow.journeyId,
        user_type_id: r.flow.userTypeId,
        sites: [],
        compliance_flags: flagsOf({
          settings,
          touchMode: r.touchMode,
          complianceCount: counts.find((c) => c.flowId === r.flow.id)?.count ?? 0,
        }),
        host: hostSettingsOf(settings),
      };
      byFlow.set(r.flow.id, entry);
    }
    const siteAreas = areas.filter((a) => a.siteId === r.siteId).map((a) => ({ id: a.id, name: a.name }));
    if (siteAreas.length) entry.sites.push({ id: r.siteId, name: r.siteName, areas: siteAreas });
  }
  return [...byFlow.values()].filter((f) => f.sites.length > 0);
}

/** GET /public/pre-registration/{id}: what a self-registration or confirmation link shows. */
export async function preRegistrationInfo(
  app: FastifyInstance,
  id: string,
  lang: Language,
  now = new Date(),
): Promise<PreRegistrationInfo> {
  const target = await resolveLink(app, id);
  const empty = { user_types: [], flows: [], custom_fields: [] };
  // Where a holder fills the form from their passport (the page's "Fill in from my Passport").
  const passport_url = passportUrlOf(app.env);
  if (!target) {
    const visit = expiredLink(lang);
    return { kind: 'expired', company: null, timezone: null, message: null, ...empty, visit, passport_url };
  }
  if (target.kind === 'visit') {
    const found = await withTenant(app.db.db, target.entityId, async (tx) => {
      const entity = await mustEntity(tx, target.entityId);
      return { entity, ...(await visitByLinkIn(app, tx, entity, target.visitId, 'confirm', lang, now)) };
    });
    const visit = await withPassportFlag(app, found);
    return {
      kind: visit.visitMetadata.is_expired ? 'expired' : 'confirmation',
      company: companyOf(found.entity),
      timezone: safeTimeZone(found.entity.timezone),
      message: null,
      ...empty,
      custom_fields: visit.validations?.custom_fields ?? [],
      visit,
      passport_url,
    };
  }
  return withTenant(app.db.db, target.entityId, async (tx) => {
    const entity = await mustEntity(tx, target.entityId);
    const types = await offeredTypes(tx, entity.id, target.userTypeId);
    const available = types.filter((x) => registrationAvailable(x.registrationMethod));
    const linkType = types[0];
    return {
      kind: 'self_registration',
      company: companyOf(entity),
      timezone: safeTimeZone(entity.timezone),
      user_types: types.map((x) => ({
        id: x.id,
        name: x.name,
        registration_method: x.registrationMethod as RegistrationMethod,
        can_switch_own_type: x.canSwitchOwnType,
        mandatory_profile_data: profileData(x.mandatoryProfileData),
        registration_available: registrationAvailable(x.registrationMethod),
      })),
      flows: await offeredFlows(
        tx,
        entity.id,
        available.map((x) => x.id),
      ),
      custom_fields: await publicFields(
        tx,
        entity,
        available.map((x) => x.id),
      ),
      message:
        linkType && !registrationAvailable(linkType.registrationMethod)
          ? t(lang, 'errors:pre_registration_not_available')
          : null,
      visit: null,
      passport_url,
    };
  });
}
