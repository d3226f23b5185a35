import { Alert, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useNotFoundIfMissing } from '@/lib/record-id';
import { useCanEdit } from '../api/get-can-edit';
import { useCompliance } from '../api/get-compliance';
import { ComplianceForm, type SavedOutcome } from './compliance-form';

/**
 * `/compliance-new` and `/compliance/update/{id}`: one form for both. Saving goes back to
 * `/compliances` (spec "Navigation after actions").
 */
export function ComplianceFormPage() {
  const { t } = useTranslation('compliances');
  const { id } = useParams({ strict: false });
  const complianceId = id ?? null;
  const compliance = useCompliance(complianceId);
  const canEdit = useCanEdit(complianceId);
  useNotFoundIfMissing(compliance.error, canEdit.error);

  const onSaved = (outcome: SavedOutcome) => {
    if (outcome.kind === 'created') notifySuccess(t('toasts.created'));
    else if (outcome.version > outcome.previous)
      notifySuccess(t('toasts.updated_version', { version: outcome.version }));
    else notifySuccess(t('toasts.updated'));
    navigateTo(paths.compliances);
  };

  const loading = complianceId !== null && (compliance.isPending || canEdit.isPending);
  const failed = complianceId !== null && (compliance.isError || canEdit.isError);
  return (
    <Stack gap="lg" maw={1240} data-testid="compliance-form-page">
      <div>
        <Group gap="sm">
          <Title order={2}>{t(complianceId ? 'form.edit_title' : 'form.add_title')}</Title>
          {compliance.data && (
            <Badge variant="outline" color="gray" size="lg" tt="none" data-testid="compliance-form-version">
              {t('version', { version: compliance.data.version })}
            </Badge>
          )}
        </Group>
        <Text c="dimmed">{t('form.description')}</Text>
      </div>
      {failed ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('form.load_failed')}
        </Alert>
      ) : loading ? (
        <Skeleton h={480} radius="md" />
      ) : (
        <ComplianceForm
          key={compliance.data?.id ?? 'new'}
          compliance={compliance.data}
          canEdit={canEdit.data}
          onSaved={onSaved}
        />
      )}
    </Stack>
  );
}
