import { Alert, Button, Code, FileButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileImport } from '@tabler/icons-react';
import { useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { WATCHLIST_CSV_COLUMNS, WATCHLIST_LIMITS, type WatchlistImportResult } from '@app/shared/watchlist/schemas';
import { ApiError } from '@/lib/api-client';
import { useImportWatchlist } from '../api/import-watchlist';

const inputProps: ComponentProps<'input'> & { 'data-testid': string } = { 'data-testid': 'watchlist-import-input' };

/** What one import did: how many were added, and each row refused with its field and why. */
function ImportResult({ result }: { result: WatchlistImportResult }) {
  const { t } = useTranslation('watchlist');
  return (
    <Stack gap="sm" data-testid="watchlist-import-result">
      <Alert
        color={result.errors.length ? 'yellow' : 'teal'}
        variant="light"
        icon={result.errors.length ? <IconAlertCircle size={18} /> : <IconCircleCheck size={18} />}
      >
        <Text size="sm" fw={600} data-testid="watchlist-import-created">
          {t('import.added', { count: result.created })}
        </Text>
        <Text size="sm">
          {result.errors.length
            ? t('import.refused', { count: new Set(result.errors.map((e) => e.row)).size })
            : t('import.none_refused')}
        </Text>
      </Alert>
      {result.errors.length > 0 && (
        <Table.ScrollContainer minWidth={420} mah={320}>
          <Table striped withTableBorder verticalSpacing={6} data-testid="watchlist-import-errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('import.row')}</Table.Th>
                <Table.Th>{t('import.field')}</Table.Th>
                <Table.Th>{t('import.problem')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.errors.map((error, index) => (
                <Table.Tr key={`${error.row}-${error.field}-${index}`} data-testid="watchlist-import-error">
                  <Table.Td>{error.row}</Table.Td>
                  <Table.Td>
                    <Code dir="ltr">{error.field}</Code>
                  </Table.Td>
                  <Table.Td>{error.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Adds entries from a CSV file, one person a row under a header row naming the columns. */
export function ImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('watchlist');
  const run = useImportWatchlist();
  const [result, setResult] = useState<WatchlistImportResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);

  const pick = (file: File | null) => {
    resetInput.current?.();
    if (!file) return;
    setResult(null);
    setRefusal(null);
    run.mutate(file, {
      onSuccess: setResult,
      onError: (error) => setRefusal(error instanceof ApiError ? error.message : t('import.failed')),
    });
  };
  const close = () => {
    setResult(null);
    setRefusal(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('import.title')} size="lg" centered>
      <Stack gap="md" data-testid="watchlist-import-modal">
        <Text size="sm">
          {t('import.intro', {
            max: new Intl.NumberFormat(i18n.language, { numberingSystem: 'latn' }).format(
              WATCHLIST_LIMITS.importRowsMax,
            ),
          })}
        </Text>
        <Code block dir="ltr">
          {WATCHLIST_CSV_COLUMNS.join(',')}
        </Code>
        <Text size="sm" c="dimmed">
          {t('import.columns_hint')}
        </Text>
        {refusal && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            data-testid="watchlist-import-refusal"
          >
            {refusal}
          </Alert>
        )}
        {result && <ImportResult result={result} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.close')}
          </Button>
          <FileButton onChange={pick} accept=".csv,text/csv" resetRef={resetInput} inputProps={inputProps}>
            {(props) => (
              <Button
                {...props}
                leftSection={<IconFileImport size={16} />}
                loading={run.isPending}
                data-testid="watchlist-import-pick"
              >
                {result || refusal ? t('import.another') : t('import.choose')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Modal>
  );
}
