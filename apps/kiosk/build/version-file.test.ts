import { describe, expect, it } from 'vitest';
import { contentKey } from './version-file';

const file = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

describe('contentKey', () => {
  it('is the same for the same files in any order', () => {
    const a = [file('index.html', '<html>'), file('assets/app-1.js', 'x')];
    expect(contentKey(a)).toBe(contentKey([...a].reverse()));
    expect(contentKey(a)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('changes with a file’s content or name', () => {
    const base = contentKey([file('index.html', '<html>'), file('assets/app-1.js', 'x')]);
    expect(contentKey([file('index.html', '<html>'), file('assets/app-1.js', 'y')])).not.toBe(base);
    expect(contentKey([file('index.html', '<html>'), file('assets/app-2.js', 'x')])).not.toBe(base);
  });

  it('leaves out version.json itself, compressed copies and source maps', () => {
    const base = contentKey([file('index.html', '<html>')]);
    expect(
      contentKey([
        file('index.html', '<html>'),
        file('version.json', '{}'),
        file('index.html.br', 'zz'),
        file('index.html.gz', 'zz'),
        file('assets/app.js.map', '{}'),
      ]),
    ).toBe(base);
  });
});
