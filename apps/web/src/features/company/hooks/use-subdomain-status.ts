import { useDebouncedValue } from '@mantine/hooks';
import { useSubdomainAvailability } from '../api/check-subdomain';
import { subdomainToCheck } from '../utils/subdomain-check';

export type SubdomainStatus = 'idle' | 'checking' | 'available' | 'taken';

/** Live uniqueness of the subdomain being typed, asked once typing pauses. */
export function useSubdomainStatus(value: string, current: string | null) {
  const target = subdomainToCheck(value, current);
  const [debounced] = useDebouncedValue(target, 400);
  const query = useSubdomainAvailability(debounced ?? '', debounced !== null);

  let status: SubdomainStatus = 'idle';
  if (target !== null) {
    if (target !== debounced || query.isFetching) status = 'checking';
    else if (query.data) status = query.data.available ? 'available' : 'taken';
  }
  return { status, reason: query.data?.reason };
}
