// The preview of a sign-in (spec "Mass-action data", POST /visits/sign-in/preview): what the flow asks
// of each person at an area now, and what would stop them, before the form is filled.
import type { FastifyInstance } from 'fastify';
import { applicableReasons, localMoment } from '@app/shared/attendance/applicable-reasons';
import { type Language } from '@app/shared/constants';
import { localStamp } from '@app/shared/visits/rules';
import { badgeLabel, type JourneyStage } from '@app/shared/visits/stages';
import type { PersonPreview, SignInPreview, SignInPreviewBody } from '@app/shared/visits/schemas';
import { t } from '../../lib/i18n';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { asksApproval, CapacityGate } from '../capacity/capacity-gate';
import { fullName, photoUrl } from '../people/person-view';
import { wayOf } from '../watchlist/watchlist-gate';
import { actionFields, bindingOf, mustFindArea, planPeople, reasonAction } from './sign-in-plan';

/** POST /visits/sign-in/preview (spec "Mass-action data"): what the flow asks of each person now. */
export async function previewSignIn(
  app: FastifyInstance,
  ctx: AccessContext,
  body: SignInPreviewBody,
  lang: Language,
  now = new Date(),
): Promise<SignInPreview> {
  return inTenant(app, ctx, async (tx) => {
    const area = await mustFindArea(tx, ctx, body.area_id);
    const { plans, timeZone } = await planPeople(
      tx,
      ctx,
      area,
      body.person_ids.map((personId) => ({ personId })),
      now,
      { lock: false, hostOptions: true, expectedVisitIds: body.expected_visit_ids ?? [] },
    );
    // A place already full says so before the form is filled (decision 054); when the company asks an
    // admin instead, signing in is what asks.
    const arriving = plans.filter((p) => p.person && !p.blocker && p.action !== 'sign_out');
    const full = await new CapacityGate(app, ctx, wayOf(ctx)).check(
      tx,
      area.limited,
      area.id,
      arriving.map((p) => ({
        personId: p.personId,
        userTypeId: p.choice?.userType?.id ?? null,
        staysOnSite: area.loginMode !== 'checkIn_only',
        fromExpected: Boolean(p.expected),
      })),
      now,
      timeZone,
      { preview: true },
    );
    for (const p of arriving) {
      const issue = full.get(p.personId);
      if (issue && !asksApproval(issue)) p.blocker = { code: 'place_full', key: issue.key, vars: issue.vars };
    }
    const fields = await actionFields(
      tx,
      ctx,
      plans.map((p) => p.action),
    );
    const moment = localMoment(now, timeZone);
    return {
      area: {
        id: area.id,
        name: area.name,
        site: { id: area.siteId, name: area.siteName },
        login_mode: area.loginMode,
      },
      now: localStamp(now, timeZone),
      timezone: timeZone,
      people: plans.map((p): PersonPreview => {
        const flow = p.choice?.flow ?? null;
        const checks = flow?.settings.checks;
        const reasons = applicableReasons(p.modes, reasonAction(p.action), moment);
        const due = p.compliances;
        return {
          person_id: p.personId,
          full_name: p.person ? fullName(p.person) : null,
          photo_url: p.person ? photoUrl(p.person.id, p.person.image) : null,
          user_type: p.choice?.userType ? { id: p.choice.userType.id, name: p.choice.userType.name } : null,
          journey: flow
            ? {
                id: flow.journey.id,
                name: flow.journey.name,
                logo_url: flow.journey.logo ? `/api/v1/journeys/${flow.journey.id}/logo` : null,
              }
            : null,
          journey_flow_id: flow?.flowId ?? null,
          signed_in: p.onSiteHere !== null,
          action: p.action,
          badge_label: badgeLabel(area.loginMode, p.onSiteHere !== null),
          visit_id: p.onSiteHere?.id ?? p.expected?.id ?? null,
          expected_visit: p.expected
            ? {
                id: p.expected.id,
                stage: (p.expected.stage as JourneyStage | null) ?? null,
                expected: p.expected.expectedAt
                  ? { at: p.expected.expectedAt.toISOString(), local: localStamp(p.expected.expectedAt, timeZone) }
                  : null,
                hosts: p.expectedHosts,
              }
            : null,
          compliances: due,
          documents: due
            .filter((c) => c.status === 'due' && c.asked.format === 'vaccine')
            .map((c) => {
              const content = c.asked.content as {
                protocols?: string[];
                accept_negative_pcr?: boolean;
                pcr_valid_days?: number | null;
              };
              return {
                compliance_id: c.id,
                name: c.asked.name,
                protocols: content.protocols ?? [],
                accept_negative_pcr: content.accept_negative_pcr ?? false,
                pcr_valid_days: content.pcr_valid_days ?? null,
              };
            }),
          checks: {
            temperature:
              checks?.temperature_check && p.action !== 'sign_out'
                ? { threshold_c: checks.temperature_threshold, default_reading_c: 36 }
                : null,
            mask: Boolean(checks?.mask_check) && p.action !== 'sign_out',
          },
          host:
            checks?.host && p.action !== 'sign_out'
              ? {
                  required: !checks.allow_not_select_host,
                  allow_not_select_host: checks.allow_not_select_host,
                  select_host_permitted: checks.select_host_permitted,
                  note: flow!.settings.host_note,
                  options: p.hostOptions.map((h) => ({ id: h.id, full_name: fullName(h), email: h.email })),
                }
              : null,
          reasons: {
            type: reasons.type,
            options: reasons.reasons.map((r) => ({
              id: r.id,
              name: r.name,
              attendance_code: r.attendance_code,
              start_time: r.start_time,
              duration_minutes: r.duration_minutes,
            })),
            preselected: reasons.preselected_id,
          },
          custom_fields: (fields.get(bindingOf(p.action)) ?? []).map((f) => ({
            id: f.id,
            name: f.name,
            type: f.type,
            required: f.required,
            options: f.options,
            section: f.section,
          })),
          blocker: p.blocker
            ? { code: p.blocker.code, message: t(lang, `errors:${p.blocker.key}`, p.blocker.vars) }
            : null,
        };
      }),
    };
  });
}
