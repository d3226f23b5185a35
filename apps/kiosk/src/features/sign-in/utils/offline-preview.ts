// What a person's flow asks when the server cannot be reached, built from what the kiosk keeps: the
// journey's flow for the person's user type gives the checks (temperature, mask) and the hosts to
// choose from. What only the server knows (compliances due, custom fields, reasons, permits, whether
// they are on site) is not asked: the sign-in is queued with the time it happened, and the replay
// holds the server's rules to it, a refused one becoming "needs review" for an admin (decision 045).
// The watchlist is checked here by its hashes (decision 051): a name, email or phone found at deny or
// review stops the person, as the server would.
import type { KioskJourneyBundle } from '@app/shared/kiosks/device-data';
import type { KioskPersonRef } from '@app/shared/kiosks/device-lookup';
import type { SignInPreview } from '@app/shared/visits/schemas';
import { localStamp } from '@app/shared/visits/rules';
import { badgeLabel } from '@app/shared/visits/stages';

export function offlinePreview(
  bundle: KioskJourneyBundle,
  person: KioskPersonRef,
  action: 'sign_in' | 'sign_out',
  expectedVisitId: string | null,
  at: Date,
  /** The watchlist's hashes found them at a level that stops them: the kiosk says to see reception. */
  watchlistStop = false,
): SignInPreview {
  const flow = person.user_type_ids.map((id) => bundle.flows.find((f) => f.user_type.id === id)).find((f) => f) ?? null;
  const checks = flow?.checks;
  const mode = bundle.area.login_mode;
  const signingOut = action === 'sign_out' && mode !== 'checkIn_only';
  return {
    area: { id: bundle.area.id, name: bundle.area.name, site: bundle.site, login_mode: mode },
    now: localStamp(at, bundle.company.timezone),
    timezone: bundle.company.timezone,
    people: [
      {
        person_id: person.id,
        full_name: `${person.first_name} ${person.last_name}`.trim(),
        photo_url: null,
        user_type: flow ? { id: flow.user_type.id, name: flow.user_type.name } : null,
        journey: flow ? { id: flow.journey_id, name: flow.journey_name, logo_url: null } : null,
        journey_flow_id: flow?.id ?? null,
        signed_in: signingOut,
        action: mode === 'checkIn_only' ? 'check_in' : action,
        badge_label: badgeLabel(mode, signingOut),
        visit_id: null,
        expected_visit: expectedVisitId ? { id: expectedVisitId, stage: null, expected: null, hosts: [] } : null,
        compliances: [],
        documents: [],
        checks: {
          temperature:
            checks?.temperature_check && !signingOut
              ? { threshold_c: checks.temperature_threshold, default_reading_c: 36 }
              : null,
          mask: !signingOut && (checks?.mask_check ?? false),
        },
        // A host is chosen from the flow's own hosts: nobody else can be searched for offline.
        host:
          flow && flow.checks.host && !signingOut
            ? {
                required: !flow.checks.allow_not_select_host && flow.hosts.length > 0,
                allow_not_select_host: flow.checks.allow_not_select_host || flow.hosts.length === 0,
                select_host_permitted: true,
                note: flow.host_note,
                options: flow.hosts,
              }
            : null,
        reasons: { type: signingOut ? 'early_sign_out' : 'late_sign_in', options: [], preselected: null },
        custom_fields: [],
        // The message is the kiosk's own (kiosk-flow:watchlist_stop): offline, no server words it.
        blocker: watchlistStop && !signingOut ? { code: 'watchlist', message: '' } : null,
      },
    ],
  };
}
