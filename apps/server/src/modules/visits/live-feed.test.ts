import { describe, expect, it } from 'vitest';
import { parseVisitNotice } from './live-feed';

describe('a visit notice of the database', () => {
  it('reads the company, the visit, the area and the action', () => {
    expect(parseVisitNotice('e1 v1 a1 signed_in')).toEqual({
      entityId: 'e1',
      action: 'signed_in',
      changed: { id: 'v1', areaId: 'a1' },
    });
  });

  it('ignores anything else: a flush’s own notice, an unknown action, parts missing or extra', () => {
    for (const payload of ['sync 123', 'e1 v1 a1 teleported', 'e1 v1 a1', 'e1 v1 a1 signed_in more', ''])
      expect(parseVisitNotice(payload)).toBeNull();
  });
});
