import { describe, expect, it } from 'vitest';
import { isBuiltInFieldLabel } from './built-in-fields';
import { linkExpiryMessageKey } from './link-expiry';

describe('the labels of the visitor’s own fields', () => {
  it('are known in every language and spelling, whatever the case and spaces', () => {
    for (const name of [
      'Company',
      ' company ',
      'Company  name',
      'الشركة',
      'Empresa',
      'E-mail',
      'Teléfono',
      'Last name',
    ]) {
      expect(isBuiltInFieldLabel(name), name).toBe(true);
    }
  });

  it('leave other names to the company', () => {
    for (const name of ['Vehicle plate', 'Company car', 'T-shirt size', 'Host']) {
      expect(isBuiltInFieldLabel(name), name).toBe(false);
    }
  });
});

describe('the message of a visit pass that no longer works', () => {
  it('has its own words, except for a link that names no visit', () => {
    expect(linkExpiryMessageKey('VISIT_DELETED', 'pass')).toBe('pre_registration_pass_expired.visit_deleted');
    expect(linkExpiryMessageKey('LINK_INVALID', 'pass')).toBe('pre_registration_expired.link_invalid');
  });
});
