// Spec §9 door relay modes: 0 off, 1 the door opens on signing in, 2 on signing in and out. The flow
// says whether its people get the door opened, and for how long (output.open_door, door_open_seconds).
import type { DoorRelayMode } from '@app/shared/kiosks/schemas';
import type { FlowSettings } from '@app/shared/journeys/flow-settings';

/** How long the door opens after this sign-in or sign-out, or null when it stays shut. */
export function doorOpenSeconds(
  relay: DoorRelayMode,
  action: 'sign_in' | 'sign_out' | 'check_in',
  output: FlowSettings['output'] | undefined,
): number | null {
  if (!output?.open_door || relay === 0) return null;
  if (action === 'sign_out' && relay !== 2) return null;
  return output.door_open_seconds;
}
