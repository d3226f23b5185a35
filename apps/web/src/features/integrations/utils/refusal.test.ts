import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { refusalMessage, scimUrlOf } from './refusal';

describe('refusalMessage', () => {
  it('gives the fields’ messages of a refusal the page handles, else its message', () => {
    const named = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: 'Bad',
      fields: { ids: ['Too many.'] },
    });
    expect(refusalMessage(named)).toBe('Too many.');
    expect(refusalMessage(new ApiError({ status: 400, code: 'validation_failed', message: 'Bad' }))).toBe('Bad');
  });

  it('leaves to the API client what it already showed', () => {
    expect(refusalMessage(new ApiError({ status: 422, code: 'rule_violation', message: 'No' }))).toBeNull();
    expect(refusalMessage(new ApiError({ status: 422, code: 'rule_violation', message: 'No' }), [400, 422])).toBe('No');
    expect(refusalMessage(new Error('x'))).toBeNull();
  });
});

describe('scimUrlOf', () => {
  it('is the SCIM 2 base under the installation’s address', () => {
    expect(scimUrlOf('https://acme.example.com')).toBe('https://acme.example.com/scim/v2');
    expect(scimUrlOf('https://acme.example.com/')).toBe('https://acme.example.com/scim/v2');
  });
});
