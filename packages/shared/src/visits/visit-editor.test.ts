import { describe, expect, it } from 'vitest';
import { mayChangeVisit } from './visit-editor';

const me = '0190f6a0-0000-7000-8000-000000000001';
const someone = '0190f6a0-0000-7000-8000-000000000002';

describe('mayChangeVisit', () => {
  it('lets people managers and the API token change any visit', () => {
    expect(mayChangeVisit({ all: true }, { createdByPersonId: someone }, [])).toBe(true);
  });

  it('lets anyone else change the visits they added or host, and no other', () => {
    const editor = { all: false as const, personId: me };
    expect(mayChangeVisit(editor, { createdByPersonId: me }, [])).toBe(true);
    expect(mayChangeVisit(editor, { createdByPersonId: someone }, [someone, me])).toBe(true);
    expect(mayChangeVisit(editor, { createdByPersonId: someone }, [someone])).toBe(false);
    expect(mayChangeVisit(editor, { createdByPersonId: null }, [])).toBe(false);
  });

  it('gives a member without a person of the company nothing to change', () => {
    expect(mayChangeVisit({ all: false, personId: null }, { createdByPersonId: null }, [])).toBe(false);
  });
});
