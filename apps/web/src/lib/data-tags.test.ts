import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateData, invalidateReadersOf, readsAnyOf, tagsOfPath } from './data-tags';

describe('tagsOfPath', () => {
  it('names the data a change to an address touches, whatever follows the first segment', () => {
    expect(tagsOfPath('/journeys/0190a8c4-0000-7000-8000-000000000001/flows')).toEqual(['journeys']);
    expect(tagsOfPath('/journey-flows?site_ids=1')).toEqual(['journeys']);
    expect(tagsOfPath('/kiosks/1/area')).toEqual(['sites']);
    expect(tagsOfPath('/expected-visits')).toEqual(['expected-visits', 'visits']);
    expect(tagsOfPath('/table-preferences/dashboard-logbook')).toEqual([]);
  });
});

describe('readsAnyOf', () => {
  it('matches the data a query names besides its own root', () => {
    const compliances = { queryKey: ['compliances', 'list', {}], meta: { reads: ['journeys'] as const } };
    expect(readsAnyOf(compliances, ['journeys'])).toBe(true);
    expect(readsAnyOf(compliances, ['sites'])).toBe(false);
    // Its own root is its feature's to refresh (one read, not two).
    expect(readsAnyOf({ queryKey: ['journeys', 'list'], meta: { reads: ['journeys'] } }, ['journeys'])).toBe(false);
    expect(readsAnyOf({ queryKey: ['journeys', 'list'], meta: undefined }, ['journeys'])).toBe(false);
  });
});

describe('invalidating by data', () => {
  const seeded = () => {
    const client = new QueryClient();
    client.getQueryCache().build(client, { queryKey: ['compliances', 'list'], meta: { reads: ['journeys'] } });
    client.setQueryData(['compliances', 'list'], 1);
    client.setQueryData(['journeys', 'list'], 2);
    client.setQueryData(['people', 'list'], 3);
    const stale = () =>
      client
        .getQueryCache()
        .findAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.queryKey[0]);
    return { client, stale };
  };

  it('a change sent to an address marks stale the other features’ queries that show its data', async () => {
    const { client, stale } = seeded();
    await invalidateReadersOf(client, '/journeys/1');
    expect(stale()).toEqual(['compliances']);
  });

  it('a change told by the server marks stale every query of that data', async () => {
    const { client, stale } = seeded();
    await invalidateData(client, ['journeys']);
    expect(stale().sort()).toEqual(['compliances', 'journeys']);
  });
});
