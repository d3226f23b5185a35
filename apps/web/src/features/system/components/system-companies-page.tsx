import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlatformEntity } from '../api/list-platform-entities';
import { ChangePackageModal } from './change-package-modal';
import { CompaniesTable } from './companies-table';

export function SystemCompaniesPage() {
  const { t } = useTranslation('system');
  const [editing, setEditing] = useState<PlatformEntity | null>(null);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </Stack>
      <CompaniesTable onChangePackage={setEditing} />
      <ChangePackageModal entity={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
