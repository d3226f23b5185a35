import { subdomainField } from '@app/shared/entity/schemas';

/**
 * The subdomain to ask the server about, or null when there is nothing to ask: the value is the
 * company's own subdomain, or it breaks the format rules (the form says so itself).
 */
export function subdomainToCheck(value: string, current: string | null): string | null {
  const parsed = subdomainField.safeParse(value);
  if (!parsed.success || parsed.data === current) return null;
  return parsed.data;
}
