import { and, asc, eq } from 'drizzle-orm';
import { addDays } from '@app/shared/visit-permits/recurrence';
import { visitPermitBodySchema, type VisitPermitBody } from '@app/shared/visit-permits/schemas';
import { newId } from '../../lib/ids';
import type { Executor } from '../../db/client';
import {
  departments,
  people,
  personUserTypes,
  personVisitPermits,
  userTypes,
  userTypeVisitPermits,
  visitPermits,
} from '../../db/schema/index';

// The demo company's visit permits: when contractors, cleaners, couriers and guests may come, assigned
// to user types and to people, one of them suspended. Dates follow the day the demo is made, so the
// permits are under way whenever someone looks.

type DemoPermit = VisitPermitBody & {
  /** User types by name, with their status. */
  types?: [string, 'active' | 'suspended'][];
};

function demoPermits(today: string): DemoPermit[] {
  const yearStart = `${today.slice(0, 4)}-01-01`;
  return [
    {
      name: 'Weekday contractors',
      description: 'Contractors on site during working hours, Monday to Friday.',
      start_date: yearStart,
      end_date: `${today.slice(0, 4)}-12-31`,
      start_time: '07:30',
      end_time: '18:00',
      recurrence: 'weekly',
      weekdays: [1, 2, 3, 4, 5],
      types: [['Contractors', 'active']],
    },
    {
      name: 'Monthly maintenance',
      description: 'Lift and fire-system servicing at the end of each month (the last day in shorter months).',
      start_date: `${today.slice(0, 4)}-01-31`,
      end_date: null,
      start_time: '08:00',
      end_time: '12:00',
      recurrence: 'monthly',
      weekdays: [],
    },
    {
      name: 'Evening cleaning crew',
      description: 'Office cleaning after hours.',
      start_date: yearStart,
      end_date: null,
      start_time: '18:00',
      end_time: '22:00',
      recurrence: 'daily',
      weekdays: [],
    },
    {
      name: 'Visitor hours',
      description: 'Guests may be received Monday to Thursday.',
      start_date: yearStart,
      end_date: null,
      start_time: '09:00',
      end_time: '17:00',
      recurrence: 'weekly',
      weekdays: [1, 2, 3, 4],
      types: [['Visitors', 'active']],
    },
    {
      name: 'Saturday deliveries',
      description: 'Deliveries to the loading dock on Saturday mornings; paused until the dock reopens.',
      start_date: yearStart,
      end_date: null,
      start_time: '08:00',
      end_time: '12:00',
      recurrence: 'weekly',
      weekdays: [6],
      types: [['Delivery', 'suspended']],
    },
    {
      name: 'Annual audit',
      description: 'External auditors, one day.',
      start_date: addDays(today, 14),
      end_date: null,
      start_time: '09:30',
      end_time: '16:30',
      recurrence: 'none',
      weekdays: [],
    },
  ];
}

/** The first active people of a user type (and department), by name. */
async function firstPeople(
  tx: Executor,
  entityId: string,
  typeId: string | undefined,
  count: number,
  departmentId?: string,
) {
  if (!typeId) return [];
  const rows = await tx
    .select({ id: people.id })
    .from(personUserTypes)
    .innerJoin(people, and(eq(people.entityId, personUserTypes.entityId), eq(people.id, personUserTypes.personId)))
    .where(
      and(
        eq(personUserTypes.entityId, entityId),
        eq(personUserTypes.userTypeId, typeId),
        eq(people.status, 'active'),
        departmentId ? eq(people.departmentId, departmentId) : undefined,
      ),
    )
    .orderBy(asc(people.lastName), asc(people.firstName), asc(people.id))
    .limit(count);
  return rows.map((r) => r.id);
}

export async function seedDemoVisitPermits(tx: Executor, entityId: string, now = new Date()): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const typeRows = await tx
    .select({ id: userTypes.id, name: userTypes.name })
    .from(userTypes)
    .where(eq(userTypes.entityId, entityId));
  const typeId = new Map(typeRows.map((t) => [t.name, t.id]));
  const permitIds = new Map<string, string>();

  for (const demo of demoPermits(today)) {
    // The same rules as the API: a demo permit is one an admin could have typed.
    const body = visitPermitBodySchema.parse(demo);
    const id = newId();
    permitIds.set(body.name, id);
    await tx.insert(visitPermits).values({
      entityId,
      id,
      name: body.name,
      description: body.description,
      startDate: body.start_date,
      endDate: body.end_date,
      startTime: body.start_time,
      endTime: body.end_time,
      recurrence: body.recurrence,
      weekdays: body.weekdays,
    });
    const types = (demo.types ?? []).filter(([name]) => typeId.has(name));
    if (types.length > 0) {
      await tx
        .insert(userTypeVisitPermits)
        .values(types.map(([name, status]) => ({ entityId, permitId: id, userTypeId: typeId.get(name)!, status })));
    }
  }

  // The cleaning crew: five of the Facilities staff, one of them suspended.
  const [facilities] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.entityId, entityId), eq(departments.name, 'Facilities')));
  const crew = await firstPeople(tx, entityId, typeId.get('Staff'), 5, facilities?.id);
  const cleaning = permitIds.get('Evening cleaning crew')!;
  if (crew.length > 0) {
    await tx.insert(personVisitPermits).values(
      crew.map((personId, index) => ({
        entityId,
        permitId: cleaning,
        personId,
        status: index === crew.length - 1 ? 'suspended' : 'active',
      })),
    );
  }

  // Maintenance comes from three of the contractors, who hold the permit themselves.
  const engineers = await firstPeople(tx, entityId, typeId.get('Contractors'), 3);
  if (engineers.length > 0) {
    await tx.insert(personVisitPermits).values(
      engineers.map((personId) => ({
        entityId,
        permitId: permitIds.get('Monthly maintenance')!,
        personId,
        status: 'active',
      })),
    );
  }
}
