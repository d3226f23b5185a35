import type { Integration } from '@app/shared/integrations/schemas';
import { hrefFor, paths } from '@/config/paths';
import type { RedirectType } from '../api/get-redirect-type';

// Where the integration flow goes (spec §2 "Navigation after actions", §4 "Integration flow"): every
// address of the flow is made here, so the pages cannot disagree about a step's address.

export type IntegrationRef = Pick<Integration, 'id' | 'name'>;

/** The integration's view; `reauth` opens its re-authenticate dialog (an authentication failure's Back). */
export const viewHref = (integration: IntegrationRef, options: { reauth?: boolean } = {}): string =>
  hrefFor(
    paths.viewIntegration,
    { integId: integration.id, integName: integration.name },
    options.reauth ? { reauth: 1 } : {},
  );

export const settingsHref = (id: string): string => hrefFor(paths.integrationSettings, {}, { id });

/** The sync-status page following `runId`; `migration`: the run writes people (polled faster). */
export const syncStatusHref = (id: string, runId: string, migration = false): string =>
  hrefFor(paths.syncStatus, {}, { id, run: runId, migration: migration ? 1 : 0 });

/** Spec §4: after a sync, the errors to fix first, then the duplicates, then the valid users; nothing left: the view. */
export function pageAfterRedirect(type: RedirectType['type'], integration: IntegrationRef): string {
  switch (type) {
    case 'error':
      return hrefFor(paths.integrationError, {}, { id: integration.id });
    case 'duplicate':
      return hrefFor(paths.integrationDuplicate, {}, { id: integration.id });
    case 'valid':
      return hrefFor(paths.integrationValid, {}, { id: integration.id });
    case 'none':
      return viewHref(integration);
  }
}

/** A row of the list opens the integration's view; a draft continues its setup at the settings. */
export const pageToOpen = (integration: Pick<Integration, 'id' | 'name' | 'status'>): string =>
  integration.status === 'draft' ? settingsHref(integration.id) : viewHref(integration);

/** What Save does once the settings are saved (spec §4 "Editing with a mapping change … returns to sync status"). */
export type AfterSave =
  /** The server started a run (a mapping changed after the first migration): follow it. */
  | { kind: 'sync-status'; runId: string }
  /** Already synced: the flow goes where the redirect type says. */
  | { kind: 'redirect-type' }
  /** A SCIM integration is written by its provider, never synced: its view. */
  | { kind: 'view' }
  /** Not synced yet: the admin stays, to save and sync when ready. */
  | { kind: 'stay' };

export function afterSave(input: {
  runId: string | null;
  integration: Pick<Integration, 'dir_code' | 'last_success_at'>;
}): AfterSave {
  if (input.runId) return { kind: 'sync-status', runId: input.runId };
  if (input.integration.dir_code === 'scim') return { kind: 'view' };
  return input.integration.last_success_at !== null ? { kind: 'redirect-type' } : { kind: 'stay' };
}
