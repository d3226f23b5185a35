import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivacyScope, PrivacyUserType } from '@app/shared/people/privacy';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { usePrivacy } from '../api/get-privacy';
import { CompanyRetentionCard } from './company-retention-card';
import { DeleteNowModal } from './delete-now-modal';
import { PrivacyRuns } from './privacy-runs';
import { UserTypeRetentionModal } from './user-type-retention-modal';
import { UserTypeRetentionTable } from './user-type-retention-table';

type Open =
  { action: 'edit'; type: PrivacyUserType } | { action: 'delete_now'; type: PrivacyUserType; scope: PrivacyScope };

/**
 * The privacy manager (spec §2 /privacy-manager, Settings): how long personal data and scans are kept,
 * as a company default and per user type; "Delete now"; and the runs of the nightly job and of every
 * deletion asked for.
 */
export function PrivacyManagerPage() {
  const { t } = useTranslation('privacy');
  const privacy = usePrivacy();
  const [open, setOpen] = useState<Open | null>(null);
  const view = privacy.data;
  // The dialogs show the type as the page has it now (a save elsewhere updates it under them).
  const current = open && (view?.user_types.find((type) => type.id === open.type.id) ?? open.type);

  return (
    <Stack gap="lg" maw={1200} data-testid="privacy-manager-page">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </Stack>

      {privacy.isError && <LoadFailedAlert title={t('load_failed')} onRetry={() => void privacy.refetch()} />}
      {privacy.isPending && (
        <Stack gap="lg">
          <Skeleton h={260} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      )}
      {view && (
        <>
          <CompanyRetentionCard view={view} />
          <UserTypeRetentionTable
            types={view.user_types}
            onEdit={(type) => setOpen({ action: 'edit', type })}
            onDeleteNow={(type, scope) => setOpen({ action: 'delete_now', type, scope })}
          />
          <PrivacyRuns timeZone={view.timezone} />
        </>
      )}

      {view && open?.action === 'edit' && current && (
        <UserTypeRetentionModal type={current} company={view.company} onClose={() => setOpen(null)} />
      )}
      {open?.action === 'delete_now' && current && (
        <DeleteNowModal type={current} scope={open.scope} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}
