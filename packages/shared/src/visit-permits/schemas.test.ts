import { describe, expect, it } from 'vitest';
import { checkPermitQuerySchema, visitPermitBodySchema } from './schemas';

const base = {
  name: 'Weekday contractors',
  start_date: '2026-01-05',
  start_time: '07:30',
  end_time: '18:00',
  recurrence: 'daily',
};
const issues = (body: unknown) =>
  visitPermitBodySchema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('visit permit body', () => {
  it('accepts a permit and stores it as its schedule means it', () => {
    expect(visitPermitBodySchema.parse({ ...base, start_time: '07:30:00', description: '  Site access  ' })).toEqual({
      ...base,
      description: 'Site access',
      end_date: null,
      weekdays: [],
    });
    // Days only for weekly permits, each once and in order.
    expect(visitPermitBodySchema.parse({ ...base, recurrence: 'weekly', weekdays: [5, 1, 5] }).weekdays).toEqual([
      1, 5,
    ]);
    expect(visitPermitBodySchema.parse({ ...base, weekdays: [1] }).weekdays).toEqual([]);
    // A one-time permit may repeat its start date as its end date; it is stored without one.
    expect(visitPermitBodySchema.parse({ ...base, recurrence: 'none', end_date: base.start_date }).end_date).toBeNull();
  });

  it('refuses an end date before the start date, and another end date for a one-time permit', () => {
    expect(issues({ ...base, end_date: '2026-01-04' })).toEqual(['end_date:visit_permit_end_before_start']);
    expect(issues({ ...base, end_date: '2026-01-05' })).toEqual([]);
    expect(issues({ ...base, recurrence: 'none', end_date: '2026-01-09' })).toEqual([
      'end_date:visit_permit_once_end_date',
    ]);
  });

  it('needs the end time after the start time', () => {
    expect(issues({ ...base, end_time: '07:30' })).toEqual(['end_time:visit_permit_end_time_after_start']);
    expect(issues({ ...base, end_time: '06:00' })).toEqual(['end_time:visit_permit_end_time_after_start']);
    expect(issues({ ...base, start_time: '00:00', end_time: '23:59' })).toEqual([]);
  });

  it('needs at least one day for a weekly permit', () => {
    expect(issues({ ...base, recurrence: 'weekly' })).toEqual(['weekdays:visit_permit_weekdays_required']);
    expect(issues({ ...base, recurrence: 'weekly', weekdays: [8] })).toHaveLength(1);
  });

  it('refuses dates and times that are not real, naming the field, without failing on odd values', () => {
    expect(issues({ ...base, start_date: '2026-02-30' })).toEqual(['start_date:visit_permit_invalid_date']);
    expect(issues({ ...base, start_date: '05/01/2026' })).toEqual(['start_date:visit_permit_invalid_date']);
    expect(issues({ ...base, start_date: '1899-01-01' })).toEqual(['start_date:visit_permit_invalid_date']);
    expect(issues({ ...base, end_time: '24:00' })).toEqual(['end_time:visit_permit_invalid_time']);
    expect(issues({ ...base, start_time: '7:30' })).toEqual(['start_time:visit_permit_invalid_time']);
    expect(
      issues({ ...base, start_time: 730, end_date: 5, recurrence: 'weekly', weekdays: 'mon' }).length,
    ).toBeGreaterThan(0);
    expect(issues({ ...base, name: 'A' })).toHaveLength(1);
    expect(issues({ ...base, recurrence: 'yearly' })).toHaveLength(1);
    expect(visitPermitBodySchema.safeParse(null).success).toBe(false);
  });
});

describe('check query', () => {
  const person = '0196a0a0-0000-7000-8000-000000000001';
  it('needs exactly one subject and a whole moment', () => {
    expect(checkPermitQuerySchema.safeParse({ person_id: person }).success).toBe(true);
    expect(checkPermitQuerySchema.safeParse({ person_id: person, date: '2026-01-05', time: '08:00' }).success).toBe(
      true,
    );
    expect(checkPermitQuerySchema.safeParse({ person_id: person, at: '2026-01-05T08:00:00+04:00' }).success).toBe(true);
    expect(checkPermitQuerySchema.safeParse({}).error?.issues[0]?.message).toBe('visit_permit_check_subject');
    expect(
      checkPermitQuerySchema.safeParse({ person_id: person, user_type_id: person }).error?.issues[0]?.message,
    ).toBe('visit_permit_check_subject');
    expect(checkPermitQuerySchema.safeParse({ person_id: person, user_type_id: person, site_id: person }).success).toBe(
      true,
    );
    expect(checkPermitQuerySchema.safeParse({ person_id: person, date: '2026-01-05' }).error?.issues[0]).toMatchObject({
      path: ['time'],
      message: 'visit_permit_check_when',
    });
  });
});
