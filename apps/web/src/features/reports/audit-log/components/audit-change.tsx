import { Code, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditLogRow } from '@app/shared/reports/audit-log';
import { formatLocalReading } from '@/lib/dates';
import { changedFields } from '../utils/audit-filters';
import { useActorName } from './audit-log-columns';

/** One change's values before and after, field by field, the fields that changed marked. */
export function AuditChange({ row, onClose }: { row: AuditLogRow | null; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const actorName = useActorName();
  const fields = row ? changedFields(row.before, row.after, t('audit_log.columns.after')) : [];
  const value = (text: string | null) =>
    text === null ? (
      <Text c="dimmed">{t('audit_log.detail.none')}</Text>
    ) : (
      <Code block dir="ltr" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {text}
      </Code>
    );
  return (
    <Modal opened={row !== null} onClose={onClose} title={t('audit_log.detail.title')} size="xl">
      {row && (
        <Stack gap="md" data-testid="audit-change">
          <Text size="sm">
            <Code dir="ltr">{row.action}</Code> · {actorName(row)} ·{' '}
            <span dir="ltr">{formatLocalReading(row.at.local)}</span>
          </Text>
          {fields.length === 0 ? (
            <Text c="dimmed">{t('audit_log.detail.no_values')}</Text>
          ) : (
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit_log.detail.field')}</Table.Th>
                  <Table.Th>{t('audit_log.detail.before')}</Table.Th>
                  <Table.Th>{t('audit_log.detail.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.map((f) => (
                  <Table.Tr key={f.field} data-changed={f.changed || undefined} data-testid="audit-change-field">
                    <Table.Td>
                      <Text size="sm" fw={f.changed ? 700 : 400} dir="ltr">
                        {f.field}
                      </Text>
                    </Table.Td>
                    <Table.Td>{value(f.before)}</Table.Td>
                    <Table.Td>{value(f.after)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}
