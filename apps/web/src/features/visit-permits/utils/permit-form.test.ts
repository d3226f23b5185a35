import { describe, expect, it } from 'vitest';
import { visitPermitBodySchema, type VisitPermit } from '@app/shared/visit-permits/schemas';
import { emptyPermitValues, permitBody, permitFormValues } from './permit-form';
import { PERMITS_GRID, permitsQuery } from './permits-query';
import { defaultGridState, type GridConfig } from '@/components/data-grid/grid-state';

describe('the permit form', () => {
  it('starts as a valid weekday permit from today', () => {
    const body = permitBody({ ...emptyPermitValues('2026-11-23'), name: 'Contractors' });
    expect(visitPermitBodySchema.parse(body)).toMatchObject({
      start_date: '2026-11-23',
      recurrence: 'weekly',
      weekdays: [1, 2, 3, 4, 5],
      start_time: '09:00',
      end_time: '17:00',
    });
  });

  it('sends only what the chosen recurrence uses', () => {
    const values = { ...emptyPermitValues('2026-11-23'), name: 'Once', end_date: '2026-12-01' };
    expect(permitBody({ ...values, recurrence: 'none' })).toMatchObject({ end_date: null, weekdays: [] });
    expect(permitBody({ ...values, recurrence: 'daily' })).toMatchObject({ end_date: '2026-12-01', weekdays: [] });
    expect(permitBody({ ...values, recurrence: 'weekly', weekdays: ['3', '1'] }).weekdays).toEqual([3, 1]);
    expect(permitBody({ ...values, end_date: '' }).end_date).toBeNull();
  });

  it('reads a permit back into the form', () => {
    const permit = {
      name: 'Night shift',
      description: '',
      start_date: '2026-01-05',
      end_date: null,
      start_time: '18:00',
      end_time: '22:00',
      recurrence: 'weekly',
      weekdays: [6, 7],
    } as unknown as VisitPermit;
    expect(permitFormValues(permit)).toMatchObject({ weekdays: ['6', '7'], start_time: '18:00' });
  });
});

describe('the permits grid query', () => {
  const config: GridConfig = { ...PERMITS_GRID, columns: [] };
  it('sends the page, sort and the filters the server knows', () => {
    const state = { ...defaultGridState(config), filters: { recurrence: ['weekly', 'yearly'], period: 'current' } };
    expect(permitsQuery({ state, pageIndex: 1, search: 'night' })).toEqual({
      page: 2,
      limit: 10,
      search: 'night',
      sortField: 'name',
      orderBy: 'asc',
      recurrence: ['weekly'],
      period: 'current',
    });
    const sorted = { ...defaultGridState(config), sorting: [{ id: 'dates', desc: true }], filters: { period: 'soon' } };
    expect(permitsQuery({ state: sorted, pageIndex: 0, search: '' })).toEqual({
      page: 1,
      limit: 10,
      sortField: 'start_date',
      orderBy: 'desc',
    });
  });
});
