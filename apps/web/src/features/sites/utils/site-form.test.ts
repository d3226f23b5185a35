import { describe, expect, it } from 'vitest';
import { flattenLocationErrors, siteBody, siteFormValues, validateSiteForm } from './site-form';

const t = (key: string) => key;

describe('site form', () => {
  it('sends no location when its fields are empty', () => {
    expect(siteBody({ ...siteFormValues(), name: ' Head office ' })).toEqual({
      name: 'Head office',
      location: null,
      capacity: null,
      daily_visitor_limit: null,
    });
  });

  it('sends the whole location once started, with the default zoom', () => {
    const body = siteBody({ ...siteFormValues(), name: 'HQ', latitude: 51.5, longitude: -0.12, radius: 150 });
    expect(body.location).toEqual({ latitude: 51.5, longitude: -0.12, radius: 150, location_name: '', zoom: 15 });
  });

  it('asks for the rest of a started location and checks the ranges', () => {
    const errors = validateSiteForm({ ...siteFormValues(), name: 'HQ', latitude: 95 }, t);
    expect(Object.keys(errors).sort()).toEqual(['latitude', 'longitude', 'radius']);
    expect(validateSiteForm({ ...siteFormValues(), name: 'H' }, t)).toHaveProperty('name');
  });

  it('sends the limits as typed, a cleared one as null, and says what is out of range', () => {
    const site = { ...siteFormValues(), name: 'HQ', capacity: 40 as const, daily_visitor_limit: '' };
    expect(siteBody(site)).toMatchObject({ capacity: 40, daily_visitor_limit: null });
    expect(validateSiteForm(site, t)).toEqual({});
    expect(Object.keys(validateSiteForm({ ...site, capacity: 0, daily_visitor_limit: 1.5 }, t)).sort()).toEqual([
      'capacity',
      'daily_visitor_limit',
    ]);
  });

  it('puts the server nested field errors on the flat fields', () => {
    expect(flattenLocationErrors({ 'location.radius': 'Too big', name: 'Taken' })).toEqual({
      radius: 'Too big',
      name: 'Taken',
    });
  });
});
