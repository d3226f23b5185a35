import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cursorFromCache } from './keyset-cursor';

const prefix = ['people', 'list'] as const;

describe('cursorFromCache', () => {
  it("takes the next page's cursor from the cached page before it, with the same query only", () => {
    const client = new QueryClient();
    const first = { page: 1, limit: 10, sortField: 'name', search: 'ada' };
    client.setQueryData([...prefix, first], { data: [], next_cursor: 'c2' });
    expect(cursorFromCache(client, prefix, { ...first, page: 2 })).toBe('c2');
    // Another search, sort or page size is another list.
    expect(cursorFromCache(client, prefix, { ...first, page: 2, search: 'grace' })).toBeUndefined();
    expect(cursorFromCache(client, prefix, { ...first, page: 2, limit: 25 })).toBeUndefined();
    // A page whose page before it was never read goes by its number.
    expect(cursorFromCache(client, prefix, { ...first, page: 3 })).toBeUndefined();
    // The second page, read through its cursor, leads to the third.
    client.setQueryData([...prefix, { ...first, page: 2, cursor: 'c2' }], { data: [], next_cursor: 'c3' });
    expect(cursorFromCache(client, prefix, { ...first, page: 3 })).toBe('c3');
    expect(cursorFromCache(client, prefix, first)).toBeUndefined();
  });

  it('gives none after the last page, or for a list that has no cursors', () => {
    const client = new QueryClient();
    client.setQueryData([...prefix, { page: 1, limit: 10 }], { data: [], next_cursor: null });
    client.setQueryData(['journeys', 'list', { page: 1, limit: 10 }], { data: [], count: 30 });
    expect(cursorFromCache(client, prefix, { page: 2, limit: 10 })).toBeUndefined();
    expect(cursorFromCache(client, ['journeys', 'list'], { page: 2, limit: 10 })).toBeUndefined();
  });
});
