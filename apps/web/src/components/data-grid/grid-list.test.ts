import { describe, expect, it, vi } from 'vitest';
import { gridListProps } from './grid-list';

const page = { data: [{ id: 'a' }, { id: 'b' }], count: 12 };
const query = (extra: object = {}) => ({
  data: undefined,
  isPlaceholderData: false,
  isError: false,
  refetch: vi.fn(() => Promise.resolve()),
  ...extra,
});

describe('gridListProps', () => {
  it('has no rows or count while the first page loads', () => {
    expect(gridListProps(query())).toMatchObject({
      data: undefined,
      count: undefined,
      fetching: false,
      loadFailed: false,
    });
  });

  it('gives the page rows and the count of every page', () => {
    expect(gridListProps(query({ data: page }))).toMatchObject({ data: page.data, count: 12, loadFailed: false });
  });

  it('says fetching while the previous page stands in for the next', () => {
    expect(gridListProps(query({ data: page, isPlaceholderData: true })).fetching).toBe(true);
  });

  it('shows a failure only when there is no page to show instead', () => {
    expect(gridListProps(query({ isError: true })).loadFailed).toBe(true);
    expect(gridListProps(query({ isError: true, data: page })).loadFailed).toBe(false);
  });

  it('retries by fetching again', () => {
    const list = query({ isError: true });
    gridListProps(list).onRetry();
    expect(list.refetch).toHaveBeenCalledTimes(1);
  });
});
