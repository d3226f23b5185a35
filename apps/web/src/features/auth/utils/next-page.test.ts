import { describe, expect, it } from 'vitest';
import { forgetNextPage, rememberNextPage, safeNextPath, takeNextPage } from './next-page';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('safeNextPath', () => {
  it('keeps a path of the app with its query and hash', () => {
    expect(safeNextPath('/users')).toBe('/users');
    expect(safeNextPath(' /reporting/history?from=2024-01-01#top ')).toBe('/reporting/history?from=2024-01-01#top');
    expect(safeNextPath('/passport?journey=7&add_visitor=true')).toBe('/passport?journey=7&add_visitor=true');
  });

  it('refuses other origins and tricks that reach one', () => {
    for (const next of [
      'https://evil.example/users',
      '//evil.example/users',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'users',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(next), String(next)).toBeNull();
    }
  });

  it('refuses the sign-in pages, which would only sign in again', () => {
    expect(safeNextPath('/login')).toBeNull();
    expect(safeNextPath('/login/?next=/users')).toBeNull();
    expect(safeNextPath('/forgot-password')).toBeNull();
  });
});

describe('the next page kept across the passport sign-in', () => {
  it('is given back once', () => {
    const storage = memoryStorage();
    rememberNextPage('/sites?tab=areas', storage);
    expect(takeNextPage(storage)).toBe('/sites?tab=areas');
    expect(takeNextPage(storage)).toBeNull();
  });

  it('forgets an earlier page when the sign-in page has none, or an unsafe one', () => {
    const storage = memoryStorage();
    rememberNextPage('/sites', storage);
    rememberNextPage(null, storage);
    expect(takeNextPage(storage)).toBeNull();
    rememberNextPage('/sites', storage);
    rememberNextPage('https://evil.example', storage);
    expect(takeNextPage(storage)).toBeNull();
  });

  it('checks again what it reads back', () => {
    const storage = memoryStorage();
    storage.setItem('sign_in_next', '//evil.example');
    expect(takeNextPage(storage)).toBeNull();
  });

  it('can be forgotten', () => {
    const storage = memoryStorage();
    rememberNextPage('/sites', storage);
    forgetNextPage(storage);
    expect(takeNextPage(storage)).toBeNull();
  });
});
