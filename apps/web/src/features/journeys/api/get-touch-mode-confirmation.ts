import type { TouchModeConfirmation } from '@app/shared/journeys/schemas';
import { api } from '@/lib/api-client';

/** Asked when touch mode is switched off: what would stop it (spec §4 disable-confirmation). */
export const getTouchModeConfirmation = (id: string) =>
  api.get<TouchModeConfirmation>(`/journeys/${id}/touch-mode/disable-confirmation`);
