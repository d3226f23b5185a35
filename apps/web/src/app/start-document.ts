// What both documents of the web app do before they show anything: the server's public configuration,
// the language and its start catalogues, the company address check, the window's title.
import { installFirstErrorFocus } from '@/lib/first-error';
import { startI18n } from '@/lib/i18n';
import { publicConfigQueryOptions } from '@/lib/public-config';
import { queryClient } from '@/lib/query-client';
import { checkTenantHost } from '@/lib/tenant-host';

/**
 * Starts a document; `alongside` runs with the start's own loads. False when the page is moving to its
 * company's own address (nothing should render then).
 */
export async function startDocument(alongside?: Promise<unknown>): Promise<boolean> {
  // The app still starts when the server cannot be reached; screens report their own failures.
  const [config] = await Promise.all([
    queryClient.fetchQuery(publicConfigQueryOptions).catch(() => undefined),
    startI18n(),
    alongside,
  ]);
  if (!(await checkTenantHost(config))) return false;
  if (config?.provider_name) document.title = config.provider_name;
  installFirstErrorFocus();
  return true;
}
