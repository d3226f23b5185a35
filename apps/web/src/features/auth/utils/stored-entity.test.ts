import { describe, expect, it } from 'vitest';
import type { MembershipChoice } from '@app/shared/auth/schemas';
import { storedEntityChoice } from './stored-entity';

const choice = (id: string): MembershipChoice => ({
  id,
  name: id,
  subdomain: null,
  logo: null,
  package: 'Cloud',
  role: 'admin',
});
const entities = [choice('a'), choice('b')];

describe('storedEntityChoice', () => {
  it('picks the stored company when the person belongs to it', () => {
    expect(storedEntityChoice(entities, 'b')?.id).toBe('b');
  });

  it('asks when nothing matches', () => {
    expect(storedEntityChoice(entities, 'c')).toBeUndefined();
    expect(storedEntityChoice(entities, null)).toBeUndefined();
  });
});
