import { describe, expect, it } from 'vitest';
import { subdomainToCheck } from './subdomain-check';

describe('subdomainToCheck', () => {
  it('checks a new, well-formed subdomain in its normal form', () => {
    expect(subdomainToCheck(' Acme-2 ', 'old')).toBe('acme-2');
    expect(subdomainToCheck('acme', null)).toBe('acme');
  });

  it('does not check the company’s own subdomain', () => {
    expect(subdomainToCheck('ACME', 'acme')).toBeNull();
  });

  it('does not check values the form already rejects', () => {
    expect(subdomainToCheck('a', null)).toBeNull();
    expect(subdomainToCheck('-acme', null)).toBeNull();
    expect(subdomainToCheck('ac me', null)).toBeNull();
  });
});
