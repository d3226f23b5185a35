import type { ExpectedVisit } from '@app/shared/expected-visits/schemas';
import type { Person } from '@app/shared/people/schemas';
import type { Visit } from '@app/shared/visits/schemas';
import type { SessionSummary } from '@app/shared/emergency/schemas';
import type { WebhookMessage } from './webhook-outbox';

// What each message's `data` holds (decision 052): the thing it is about as our API answers it, less
// what only a dashboard needs (what the caller may do, links that open with a session), so a receiver
// acts without calling back. Ids are the API's; times are UTC with the company's clock beside them.

const ref = (r: { id: string; name: string } | null) => (r ? { id: r.id, name: r.name } : null);

/** A visit signed in or out. */
export function visitMessage(v: Visit): WebhookMessage {
  return {
    personId: v.person.id,
    data: {
      visit: {
        id: v.id,
        state: v.state,
        person: {
          id: v.person.id,
          full_name: v.person.full_name,
          first_name: v.person.first_name,
          last_name: v.person.last_name,
          email: v.person.email,
          company_name: v.person.company_name,
        },
        user_type: ref(v.user_type),
        site: ref(v.site),
        area: ref(v.area),
        hosts: v.hosts,
        signed_in_at: v.signed_in?.at ?? null,
        signed_out_at: v.signed_out?.at ?? null,
        sign_in_source: v.sign_in_source,
        sign_out_source: v.sign_out_source,
        timezone: v.timezone,
      },
    },
  };
}

/** An expected visit made, changed, cancelled, approved or rejected. */
export function expectedVisitMessage(v: ExpectedVisit): WebhookMessage {
  return {
    personId: v.person.id,
    data: {
      expected_visit: {
        id: v.id,
        state: v.state,
        stage: v.stage,
        person: v.person,
        user_type: ref(v.user_type),
        site: ref(v.site),
        area: ref(v.area),
        hosts: v.hosts,
        expected_at: v.expected_at,
        visit_date: v.visit_date,
        visit_time: v.visit_time,
        timezone: v.timezone,
        origin: v.origin,
        decided_at: v.decided_at,
      },
    },
  };
}

/** A person made, changed or archived. */
export function personMessage(p: Person): WebhookMessage {
  return {
    personId: p.id,
    data: {
      person: {
        id: p.id,
        first_name: p.first_name,
        last_name: p.last_name,
        full_name: p.full_name,
        email: p.email,
        phone_code: p.phone_code,
        phone: p.phone,
        company_name: p.company_name,
        status: p.status,
        user_types: p.user_types.map(ref),
        sites: p.sites.map(ref),
      },
    },
  };
}

/** A person archived or activated again, from a list's change: who, and their status now. */
export function personStatusMessage(
  p: { id: string; firstName: string; lastName: string; email: string | null },
  status: 'active' | 'archived',
): WebhookMessage {
  return {
    personId: p.id,
    data: {
      person: {
        id: p.id,
        first_name: p.firstName,
        last_name: p.lastName,
        full_name: `${p.firstName} ${p.lastName}`.trim(),
        email: p.email,
        status,
      },
    },
  };
}

/** An emergency session started or ended: the session as its list shows it, with its roll's counts. */
export const emergencyData = (s: SessionSummary) => ({ emergency: s });
