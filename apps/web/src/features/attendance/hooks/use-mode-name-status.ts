import { useDebouncedValue } from '@mantine/hooks';
import { attendanceModeNameQuerySchema } from '@app/shared/attendance/schemas';
import { useModeNameAvailability } from '../api/check-mode-name';

export type ModeNameStatus = 'idle' | 'checking' | 'available' | 'taken';

/**
 * Live uniqueness of the mode name being typed (spec §5: "attendance-mode name uniqueness is checked
 * by calls"), asked once typing pauses. `current` is the name a mode being renamed already has:
 * keeping it needs no question.
 */
export function useModeNameStatus(value: string, opts: { excludeId?: string; current?: string } = {}) {
  const parsed = attendanceModeNameQuerySchema.shape.name.safeParse(value);
  const target =
    parsed.success && parsed.data.toLowerCase() !== opts.current?.trim().toLowerCase() ? parsed.data : null;
  const [debounced] = useDebouncedValue(target, 350);
  const query = useModeNameAvailability(debounced ?? '', opts.excludeId, debounced !== null);

  let status: ModeNameStatus = 'idle';
  if (target !== null) {
    if (target !== debounced || query.isFetching) status = 'checking';
    else if (query.data) status = query.data.available ? 'available' : 'taken';
  }
  return { status, message: status === 'taken' ? (query.data?.message ?? null) : null };
}
