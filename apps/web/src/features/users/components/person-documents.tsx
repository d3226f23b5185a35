import { Alert, Anchor, Badge, Button, Divider, Group, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconFileText, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VaccineStatus } from '@app/shared/compliances/responses';
import type { PersonDocument } from '@app/shared/people/documents';
import { formatIsoDay } from '@/lib/dates';
import { notifySuccess } from '@/lib/notify';
import { useChangePersonDocumentStatus } from '../api/change-person-document-status';
import { useDocumentTypes } from '../api/list-document-types';
import { usePersonDocuments } from '../api/list-person-documents';
import { PersonDocumentForm } from './person-document-form';

const STATUS_COLORS: Record<VaccineStatus, string> = {
  vaccinated: 'teal',
  negative_pcr: 'teal',
  positive_pcr: 'red',
  expired: 'orange',
  not_supported: 'red',
  disabled: 'gray',
  unchecked: 'yellow',
  not_applicable: 'gray',
};

function DocumentRow({ personId, doc }: { personId: string; doc: PersonDocument }) {
  const { t } = useTranslation('users');
  const change = useChangePersonDocumentStatus();
  const what =
    doc.type === 'covid_vaccine'
      ? doc.protocol
        ? t(`compliances:vaccine.protocol_names.${doc.protocol}`)
        : t('documents.types.covid_vaccine')
      : t(`documents.results.${doc.result ?? 'negative'}`);
  const title = doc.compliance_name ?? t('documents.no_compliance');
  const toggle = (enabled: boolean) =>
    change.mutate(
      { personId, documentId: doc.id, status: enabled ? 'active' : 'disabled' },
      { onSuccess: () => notifySuccess(t('documents.toasts.vaccine_status')) },
    );
  const remove = () =>
    modals.openConfirmModal({
      title: t('documents.delete.title'),
      children: <Text size="sm">{t('documents.delete.body', { name: title })}</Text>,
      labels: { confirm: t('documents.delete.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'person-document-delete-confirm' },
      onConfirm: () =>
        change.mutate(
          { personId, documentId: doc.id, status: 'deleted' },
          { onSuccess: () => notifySuccess(t('documents.toasts.deleted')) },
        ),
    });

  return (
    <Paper withBorder p="sm" radius="md" data-testid="person-document" data-status={doc.status}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm" dir="auto">
              {title}
            </Text>
            <Badge color={STATUS_COLORS[doc.status]} variant="light" tt="none" data-testid="person-document-status">
              {t(`documents.statuses.${doc.status}`)}
            </Badge>
          </Group>
          <Text size="sm">
            {t(`documents.types.${doc.type}`)} · {what}
          </Text>
          <Text size="xs" c="dimmed">
            {doc.start_date &&
              t(doc.type === 'covid_vaccine' ? 'documents.dose_on' : 'documents.tested_on', {
                date: formatIsoDay(doc.start_date),
              })}
            {doc.expiry_date && ` · ${t('documents.expires_on', { date: formatIsoDay(doc.expiry_date) })}`}
            {` · ${t(doc.visit_id ? 'documents.from_visitor' : 'documents.from_admin')}`}
          </Text>
          {doc.notes && (
            <Text size="xs" dir="auto">
              {doc.notes}
            </Text>
          )}
          {doc.file_url && (
            <Anchor
              href={doc.file_url}
              target="_blank"
              rel="noopener"
              size="sm"
              data-testid="person-document-file-link"
            >
              <Group gap={4} wrap="nowrap" component="span">
                <IconFileText size={14} />
                <bdi>{doc.file_name ?? t('documents.file')}</bdi>
              </Group>
            </Anchor>
          )}
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Switch
            checked={doc.enabled}
            onChange={(e) => toggle(e.currentTarget.checked)}
            disabled={change.isPending}
            label={t('documents.counts')}
            labelPosition="left"
            aria-label={t('documents.counts_for', { name: title })}
            data-testid="person-document-toggle"
          />
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} />}
            onClick={remove}
            aria-label={t('documents.delete.button_for', { name: title })}
            data-testid="person-document-delete"
          >
            {t('documents.delete.button')}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * A person's vaccine and test documents, under their details (spec §3 Vaccine or test document, §4 the
 * vaccine toggle and DELETED): each with its status; the toggle decides whether it counts at sign-in.
 */
export function PersonDocuments({ personId }: { personId: string }) {
  const { t } = useTranslation('users');
  const docs = usePersonDocuments(personId);
  const types = useDocumentTypes();
  const [adding, setAdding] = useState(false);
  const offered = types.data ?? [];

  return (
    <Stack gap="sm" data-testid="person-documents">
      <Divider label={t('documents.title')} labelPosition="left" />
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          {t('documents.description')}
        </Text>
        {!adding && offered.length > 0 && (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => setAdding(true)}
            data-testid="person-document-add"
          >
            {t('documents.add')}
          </Button>
        )}
      </Group>
      {types.isSuccess && offered.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="person-documents-no-types">
          {t('documents.no_types')}
        </Text>
      )}
      {adding && <PersonDocumentForm personId={personId} types={offered} onDone={() => setAdding(false)} />}
      {docs.isPending ? (
        <Skeleton height={64} radius="md" />
      ) : docs.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('documents.load_failed')}
        </Alert>
      ) : docs.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="person-documents-empty">
          {t('documents.empty')}
        </Text>
      ) : (
        docs.data.map((doc) => <DocumentRow key={doc.id} personId={personId} doc={doc} />)
      )}
    </Stack>
  );
}
