import { describe, expect, it } from 'vitest';
import { doorOpenSeconds } from './door';

const opens = { open_door: true, door_open_seconds: 7, badge_copies: 1 };
const shut = { ...opens, open_door: false };

describe('doorOpenSeconds', () => {
  it('opens on signing in with relay mode 1 or 2, on signing out with mode 2 only, for the flow’s seconds', () => {
    expect(doorOpenSeconds(1, 'sign_in', opens)).toBe(7);
    expect(doorOpenSeconds(1, 'check_in', opens)).toBe(7);
    expect(doorOpenSeconds(1, 'sign_out', opens)).toBeNull();
    expect(doorOpenSeconds(2, 'sign_out', opens)).toBe(7);
    expect(doorOpenSeconds(2, 'sign_in', opens)).toBe(7);
  });

  it('stays shut with the relay off or a flow that does not open it', () => {
    expect(doorOpenSeconds(0, 'sign_in', opens)).toBeNull();
    expect(doorOpenSeconds(2, 'sign_in', shut)).toBeNull();
    expect(doorOpenSeconds(2, 'sign_in', undefined)).toBeNull();
  });
});
