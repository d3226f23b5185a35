import { describe, expect, it } from 'vitest';
import { files as ar } from './catalogues/ar';
import { files as en } from './catalogues/en';
import { files as es } from './catalogues/es';
import { byNamespace } from './i18n';

describe('language bundles', () => {
  it('name each catalogue by its file, and leave the server-only emails out', () => {
    const english = byNamespace(en);
    expect(Object.keys(english)).toEqual(expect.arrayContaining(['common', 'errors', 'sites', 'users']));
    expect(english).not.toHaveProperty('emails');
    expect(english.common).toHaveProperty('actions.cancel', 'Cancel');
  });

  it('hold the same namespaces in every language', () => {
    const namespaces = (files: Record<string, unknown>) => Object.keys(byNamespace(files as never)).sort();
    expect(namespaces(ar)).toEqual(namespaces(en));
    expect(namespaces(es)).toEqual(namespaces(en));
  });
});
