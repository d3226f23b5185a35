import { useDebouncedValue } from '@mantine/hooks';
import { INTEGRATION_LIMITS } from '@app/shared/integrations/schemas';
import { useIntegrationNameAvailability } from '../api/check-integration-name';

export type NameStatus = 'idle' | 'checking' | 'available' | 'taken';

const NAME_CHECK_DELAY_MS = 350;

/**
 * Live uniqueness of the integration name being typed (spec §5 "Integration name is checked by a
 * server call"), asked once typing pauses; a name too short or too long is left to the form's own
 * check. `id`: the integration being renamed (its own name is not taken by itself).
 */
export function useIntegrationNameStatus(value: string, id: string | null = null) {
  const name = value.trim();
  const target = name.length >= INTEGRATION_LIMITS.nameMin && name.length <= INTEGRATION_LIMITS.nameMax ? name : null;
  const [debounced] = useDebouncedValue(target, NAME_CHECK_DELAY_MS);
  const query = useIntegrationNameAvailability(debounced ?? '', id, debounced !== null);

  let status: NameStatus = 'idle';
  if (target !== null) {
    if (target !== debounced || query.isFetching) status = 'checking';
    else if (query.data) status = query.data.available ? 'available' : 'taken';
  }
  return { status, message: status === 'taken' ? (query.data?.message ?? null) : null };
}
