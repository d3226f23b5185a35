// Company subdomains: acme.<base domain> opens the dashboard of the company whose subdomain is acme.
// An unknown subdomain goes to the default site (spec "Navigation after actions").
import type { z } from 'zod';
import type { publicEntitySchema } from '@app/shared/entity/schemas';
import { ApiError, api } from './api-client';
import type { PublicConfig } from './public-config';
import { queryClient } from './query-client';

export type PublicEntity = z.infer<typeof publicEntitySchema>;

const hostOnly = (domain: string) => domain.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

/** The labels in front of the base domain ("acme" for acme.example.com), or null on the base domain or another host. */
export function subdomainFor(hostname: string, baseDomain: string): string | null {
  const host = hostOnly(hostname);
  const base = hostOnly(baseDomain);
  if (base === '' || host === base || !host.endsWith(`.${base}`)) return null;
  return host.slice(0, -(base.length + 1)) || null;
}

/** The default site: same protocol, the base domain, and the current port unless the base domain names one. */
export function defaultSiteUrl(location: Pick<Location, 'protocol' | 'port'>, baseDomain: string): string {
  const domain = baseDomain.trim().replace(/\.$/, '');
  const port = /:\d+$/.test(domain) || location.port === '' ? '' : `:${location.port}`;
  return `${location.protocol}//${domain}${port}/`;
}

/**
 * Checks the subdomain the app was opened on. Answers false when the page is leaving for the default
 * site; otherwise keeps the subdomain's company for the sign-in page (query key ['public-entity']).
 */
export async function checkTenantHost(config: PublicConfig | undefined): Promise<boolean> {
  if (!config) return true;
  const subdomain = subdomainFor(window.location.hostname, config.base_domain);
  if (subdomain === null) return true;
  try {
    const entity = await api.get<PublicEntity>(`/public/entities/by-subdomain/${encodeURIComponent(subdomain)}`, {
      handleErrors: false,
    });
    queryClient.setQueryData(['public-entity'], entity);
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) return true;
    window.location.replace(defaultSiteUrl(window.location, config.base_domain));
    return false;
  }
}
