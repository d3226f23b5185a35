// An expected visit as the API answers it: never the database row.
import type { FastifyInstance } from 'fastify';
import type { ExpectedVisit } from '@app/shared/expected-visits/schemas';
import type { RegistrationMethod } from '@app/shared/user-types/schemas';
import { decisionsFor, type JourneyStage, type VisitState } from '@app/shared/visits/stages';
import type { Executor } from '../../db/client';
import {
  findAreaWithSite,
  findPersonRow,
  findUserType,
  hostsOfVisits,
  type VisitRow,
} from './expected-visits.repository';
import { clockOf, linkUrl, visitOrigin } from './visit-rules';

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

export async function visitView(
  app: FastifyInstance,
  tx: Executor,
  row: VisitRow,
  timezone: string,
): Promise<ExpectedVisit> {
  const [person, type, place, hosts] = [
    await findPersonRow(tx, row.entityId, row.personId),
    row.userTypeId ? await findUserType(tx, row.entityId, row.userTypeId) : null,
    await findAreaWithSite(tx, row.entityId, row.areaId),
    await hostsOfVisits(tx, row.entityId, [row.id]),
  ];
  const expectedAt = row.expectedAt ?? row.createdAt;
  const clock = clockOf(expectedAt, timezone);
  const stage = (row.stage as JourneyStage | null) ?? null;
  const expected = row.state === 'expected';
  return {
    id: row.id,
    state: row.state as VisitState,
    stage,
    decisions: expected ? decisionsFor(stage) : [],
    person: {
      id: row.personId,
      first_name: person?.firstName ?? '',
      last_name: person?.lastName ?? '',
      full_name: person ? fullName(person) : '',
      email: person?.email ?? null,
      phone_code: person?.phoneCode ?? null,
      phone: person?.phone ?? null,
      company_name: person?.companyName ?? null,
    },
    user_type: type
      ? { id: type.id, name: type.name, registration_method: type.registrationMethod as RegistrationMethod }
      : null,
    site: { id: row.siteId, name: place?.site.name ?? '' },
    area: { id: row.areaId, name: place?.area.name ?? '' },
    journey_id: row.journeyId,
    journey_flow_id: row.journeyFlowId,
    expected_at: expectedAt.toISOString(),
    visit_date: clock.date,
    visit_time: clock.time,
    timezone,
    hosts: hosts.map((h) => ({ id: h.id, full_name: h.fullName })),
    notes: row.notes,
    origin: visitOrigin(row),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    decided_at: row.decidedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    link_url: expected && row.linkToken ? linkUrl(app, row.linkToken) : null,
  };
}
