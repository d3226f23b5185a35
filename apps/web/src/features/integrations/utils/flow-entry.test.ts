import { describe, expect, it } from 'vitest';
import { decideFlowEntry, documentNavigationOf } from './flow-entry';

const ID = '01930000-0000-7000-8000-00000000ABCD';
const id = ID.toLowerCase();

describe('decideFlowEntry', () => {
  it('sends an address typed, bookmarked or opened in a new tab to the list, even with an id', () => {
    expect(decideFlowEntry({ documentEntry: true, navigation: 'navigate', id: ID })).toEqual({
      kind: 'leave',
      to: 'list',
    });
    expect(decideFlowEntry({ documentEntry: true, navigation: 'unknown', id: ID })).toEqual({
      kind: 'leave',
      to: 'list',
    });
  });

  it('keeps a reload (or Back into the tab) of an address that names an integration', () => {
    expect(decideFlowEntry({ documentEntry: true, navigation: 'reload', id: ID })).toEqual({ kind: 'stay', id });
    expect(decideFlowEntry({ documentEntry: true, navigation: 'back_forward', id: ID })).toEqual({
      kind: 'stay',
      id,
    });
  });

  it('sends a reload without a valid id to the list', () => {
    expect(decideFlowEntry({ documentEntry: true, navigation: 'reload', id: null })).toEqual({
      kind: 'leave',
      to: 'list',
    });
    expect(decideFlowEntry({ documentEntry: true, navigation: 'reload', id: '42' })).toEqual({
      kind: 'leave',
      to: 'list',
    });
  });

  it('keeps a page the app opened with a valid id', () => {
    expect(decideFlowEntry({ documentEntry: false, navigation: 'navigate', id: ID })).toEqual({ kind: 'stay', id });
  });

  it('sends an in-app opening without an id to the list, and a malformed id to not-found', () => {
    expect(decideFlowEntry({ documentEntry: false, navigation: 'navigate', id: null })).toEqual({
      kind: 'leave',
      to: 'list',
    });
    expect(decideFlowEntry({ documentEntry: false, navigation: 'navigate', id: ' ' })).toEqual({
      kind: 'leave',
      to: 'list',
    });
    expect(decideFlowEntry({ documentEntry: false, navigation: 'navigate', id: 'abc' })).toEqual({
      kind: 'leave',
      to: 'not-found',
    });
  });
});

describe('documentNavigationOf', () => {
  it('reads the Performance API types and nothing else', () => {
    expect(documentNavigationOf('reload')).toBe('reload');
    expect(documentNavigationOf('back_forward')).toBe('back_forward');
    expect(documentNavigationOf(undefined)).toBe('unknown');
    expect(documentNavigationOf('other')).toBe('unknown');
  });
});
