import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT } from './default-layout';
import { layoutPrefsSchema } from './schemas';

describe('DEFAULT_LAYOUT', () => {
  it('is what the layout schema makes of nothing', () => {
    expect(DEFAULT_LAYOUT).toEqual(layoutPrefsSchema.parse({}));
  });
});
