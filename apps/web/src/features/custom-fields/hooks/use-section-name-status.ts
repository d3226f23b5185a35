import { useDebouncedValue } from '@mantine/hooks';
import { sectionBodySchema } from '@app/shared/custom-fields/schemas';
import { useSectionNameAvailability } from '../api/check-section-name';

export type SectionNameStatus = 'idle' | 'checking' | 'available' | 'taken';

/**
 * Live uniqueness of the section name being typed, asked once typing pauses. `current` is the name a
 * section being renamed already has: keeping it needs no question.
 */
export function useSectionNameStatus(value: string, opts: { excludeId?: string; current?: string } = {}) {
  const parsed = sectionBodySchema.safeParse({ name: value });
  const target = parsed.success && parsed.data.name !== opts.current ? parsed.data.name : null;
  const [debounced] = useDebouncedValue(target, 350);
  const query = useSectionNameAvailability(debounced ?? '', opts.excludeId, debounced !== null);

  let status: SectionNameStatus = 'idle';
  if (target !== null) {
    if (target !== debounced || query.isFetching) status = 'checking';
    else if (query.data) status = query.data.available ? 'available' : 'taken';
  }
  return { status, message: query.data?.message ?? null };
}
