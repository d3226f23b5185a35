import type { Integration, IntegrationRun } from '@app/shared/integrations/schemas';
import type {
  DirectoryCode,
  IntegrationField,
  IntegrationStatus,
  RunKind,
  SyncFrequency,
} from '@app/shared/integrations/status';
import type { Language } from '@app/shared/constants';
import { t } from '../../lib/i18n';
import type { AccessContext } from '../access/access.types';
import type { IntegrationRecord, RunRecord } from './integrations.repository';

// What the API answers of an integration and its runs. Secrets never: only which keys are set.

/** Spec §6: an admin may change an integration when every one of its sites is theirs. */
export const canChange = (ctx: AccessContext, siteIds: string[]) =>
  ctx.siteIds === null || siteIds.every((id) => ctx.siteIds!.includes(id));

export function toIntegration(
  row: IntegrationRecord,
  sites: { id: string; name: string }[],
  lastRun: RunRecord | null,
  ctx: AccessContext,
  secretKeys: string[],
): Integration {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    name: row.name,
    dir_code: row.dirCode as DirectoryCode,
    status: row.status as IntegrationStatus,
    config: Object.fromEntries(Object.entries(row.config).filter(([key]) => key !== 'account')),
    secrets_set: secretKeys,
    account: row.config.account ?? null,
    site_ids: sites.map((s) => s.id),
    site_names: sites.map((s) => s.name),
    groups: row.mapping.groups.map((g) => ({ id: g.id, name: g.name, user_type_id: g.userTypeId })),
    fields: row.mapping.fields as IntegrationField[],
    default_user_type_id: row.mapping.defaultUserTypeId ?? null,
    sync_frequency: row.syncFrequency as SyncFrequency,
    write_back: row.mapping.writeBack ?? false,
    write_back_area_ids: row.mapping.writeBackAreaIds ?? [],
    migrated: row.migratedAt !== null,
    last_sync_at: iso(row.lastSyncAt),
    last_success_at: iso(row.lastSuccessAt),
    next_sync_at: iso(row.nextSyncAt),
    token_refreshed_at: iso(row.tokenRefreshedAt),
    last_run: lastRun
      ? {
          id: lastRun.id,
          kind: lastRun.kind as RunKind,
          status_code: lastRun.statusCode,
          finished_at: iso(lastRun.finishedAt),
        }
      : null,
    editable: canChange(
      ctx,
      sites.map((s) => s.id),
    ),
    created_at: row.createdAt.toISOString(),
  };
}

/** The translated text of a code (spec: sync_status { id, text }). */
export const syncCodeText = (lang: Language, code: number) => t(lang, `errors:integration_sync_codes.${code}`);

export function toRun(row: RunRecord, lang: Language): IntegrationRun {
  // Code 10 carries the directory's own words; every other message is a translation key.
  const message = row.message ? (row.statusCode === 10 ? row.message : t(lang, `errors:${row.message}`)) : null;
  return {
    id: row.id,
    kind: row.kind as RunKind,
    sync_status: { id: row.statusCode, text: syncCodeText(lang, row.statusCode) },
    message,
    progress: row.progress,
    read: row.read,
    created: row.created,
    updated: row.updated,
    archived: row.archived,
    unchanged: row.unchanged,
    failed: row.failed,
    errors: row.errors,
    duplicates: row.duplicates,
    problems: row.problems.map((p) => ({
      external_id: p.externalId,
      name: p.name,
      message: t(lang, `errors:${p.key}`),
    })),
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}
