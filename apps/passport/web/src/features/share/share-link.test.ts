import { describe, expect, it } from 'vitest';
import { preRegistrationUrl, shareLinkOf } from './share-link';

describe('shareLinkOf', () => {
  it('takes a link id of letters, digits, - and _', () => {
    expect(shareLinkOf('?link=Ab9_-x')).toBe('Ab9_-x');
    expect(shareLinkOf(`?link=${'a'.repeat(200)}`)).toBe('a'.repeat(200));
  });

  it('takes nothing else', () => {
    for (const search of [
      '',
      '?link=',
      '?other=x',
      '?link=a/b',
      '?link=..%2F..',
      '?link=a%20b',
      '?link=%3Cscript%3E',
      `?link=${'a'.repeat(201)}`,
    ]) {
      expect(shareLinkOf(search), search).toBeNull();
    }
  });
});

describe('preRegistrationUrl', () => {
  const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln_-';

  it("opens the link's form on the dashboard's origin, with the token in the fragment to fill it", () => {
    expect(preRegistrationUrl('https://dash.example/api/v1', 'Ab9_-x', TOKEN)).toBe(
      `https://dash.example/pre-registration/Ab9_-x#passport=${TOKEN}`,
    );
    expect(preRegistrationUrl('http://localhost:3000/api/v1', 'tok', null)).toBe(
      'http://localhost:3000/pre-registration/tok',
    );
  });
});
