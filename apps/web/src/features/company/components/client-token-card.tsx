import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconKey, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyDetails } from '@app/shared/entity/schemas';
import { notifySuccess } from '@/lib/notify';
import { useDeleteClientToken } from '../api/delete-client-token';
import { useGenerateClientToken } from '../api/generate-client-token';
import { CopyableField } from './copyable-field';
import { SectionCard } from './section-card';
import { formatDateTime } from '@/lib/dates';

export function ClientTokenCard({ company }: { company: CompanyDetails }) {
  const { t } = useTranslation('company');
  const generate = useGenerateClientToken();
  const remove = useDeleteClientToken();
  // The token itself is known only right after it is made; afterwards only its last characters are.
  const [revealed, setRevealed] = useState<string | null>(null);

  const createToken = () => generate.mutate(undefined, { onSuccess: (created) => setRevealed(created.token) });

  const confirmGenerate = () => {
    if (!company.has_client_token) return createToken();
    modals.openConfirmModal({
      title: t('token.replace_title'),
      children: <Text size="sm">{t('token.replace_body')}</Text>,
      labels: { confirm: t('token.replace'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'orange', 'data-testid': 'token-replace-confirm' },
      onConfirm: createToken,
    });
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('token.delete_title'),
      children: <Text size="sm">{t('token.delete_body')}</Text>,
      labels: { confirm: t('token.delete'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'token-delete-confirm' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            setRevealed(null);
            notifySuccess(t('token.deleted'));
          },
        }),
    });

  const createdAt = company.client_token_created_at ? formatDateTime(company.client_token_created_at) : null;

  return (
    <SectionCard icon={<IconKey size={20} />} title={t('token.title')} description={t('token.description')}>
      {revealed && (
        <Stack gap="xs">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={t('token.once_title')}>
            {t('token.once_body')}
          </Alert>
          <CopyableField value={revealed} label={t('token.value')} testId="token-value" />
        </Stack>
      )}
      {company.has_client_token ? (
        <Stack gap={2} data-testid="token-hint">
          <Text size="sm">{t('token.existing', { hint: company.client_token_hint ?? '' })}</Text>
          {createdAt && (
            <Text size="xs" c="dimmed">
              {t('token.created', { date: createdAt })}
            </Text>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('token.none')}
        </Text>
      )}
      <Group gap="sm">
        <Button
          leftSection={company.has_client_token ? <IconRefresh size={16} /> : <IconKey size={16} />}
          loading={generate.isPending}
          onClick={confirmGenerate}
          data-testid="token-generate"
        >
          {company.has_client_token ? t('token.regenerate') : t('token.generate')}
        </Button>
        {company.has_client_token && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={confirmDelete}
            data-testid="token-delete"
          >
            {t('token.delete')}
          </Button>
        )}
      </Group>
    </SectionCard>
  );
}
