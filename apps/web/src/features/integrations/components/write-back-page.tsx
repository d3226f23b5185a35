import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Loader,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan, IconClipboardList, IconSend, IconUpload } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SCAN_STATUSES, type Integration } from '@app/shared/integrations/schemas';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/document-title';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUrlFilters } from '@/lib/url-filters';
import { useEditScans } from '../api/edit-scans';
import { useAttendanceCodes } from '../api/get-attendance-codes';
import { useIntegration } from '../api/get-integration';
import { useIgnoreScans } from '../api/ignore-scans';
import { useScans, type IntegrationScan, type ScanStatus } from '../api/list-scans';
import { useSendScans } from '../api/send-scans';
import { useFlowEntryGuard } from '../hooks/use-flow-entry-guard';
import { usePageCount } from '../hooks/use-list-filters';
import { viewHref } from '../utils/flow-pages';
import { refusalMessage } from '../utils/refusal';
import { DirectoryLabel } from './directory-logo';
import { HrefLink } from './href-link';
import { SelectPageCheckbox, SelectRowCheckbox } from './selection-checkbox';

const LIMIT = 25;
const STATUS_COLOURS: Record<ScanStatus, string> = { pending: 'blue', sent: 'teal', failed: 'red', ignored: 'gray' };

/** The filter and page in the address, beside `?id=`. */
const scansFiltersSchema = z.object({
  status: z.enum(SCAN_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
});

/** A sent scan is done with; the others can be ignored or given another code. */
const selectable = (scan: IntegrationScan) => scan.status !== 'sent';

/**
 * Spec §2 /write-back?id=: the sign-ins and sign-outs written back to the directory (Wonde's
 * attendance, Paxton), with where each stands; selected ones can be ignored or (Wonde) given another
 * attendance code, and "Send now" writes back at once those waiting or failed.
 */
export function WriteBackPage() {
  const id = useFlowEntryGuard();
  return id ? <WriteBackContent integrationId={id} /> : null;
}

function WriteBackContent({ integrationId }: { integrationId: string }) {
  const { t } = useTranslation('integrations');
  const integration = useIntegration(integrationId).data;
  useDocumentTitle(integration ? `${t('write_back_page.title')} · ${integration.name}` : t('write_back_page.title'));
  const [filters, setFilters] = useUrlFilters(scansFiltersSchema);
  const scans = useScans(integrationId, { page: filters.page, limit: LIMIT, status: filters.status });
  const data = scans.data;
  const setPage = useCallback((page: number) => setFilters({ page }), [setFilters]);
  const pages = usePageCount(data?.count, LIMIT, filters.page, setPage);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState(false);
  const ignore = useIgnoreScans();
  const send = useSendScans();
  const wonde = integration?.dir_code === 'wonde';
  const pageIds = (data?.data ?? []).filter(selectable).map((scan) => scan.id);

  const showRefusal = (error: unknown) => {
    const message = refusalMessage(error);
    if (message) notifyError(message);
  };

  const confirmIgnore = () =>
    modals.openConfirmModal({
      title: t('write_back_page.ignore.title', { count: selected.length }),
      children: <Text size="sm">{t('write_back_page.ignore.body')}</Text>,
      labels: { confirm: t('write_back_page.ignore.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'orange', 'data-testid': 'scans-ignore-confirm' },
      onConfirm: () =>
        ignore.mutate(
          { id: integrationId, ids: selected },
          {
            onSuccess: ({ changed }) => {
              notifySuccess(t('write_back_page.ignore.done', { count: changed }));
              setSelected([]);
            },
            onError: showRefusal,
          },
        ),
    });

  const sendNow = () =>
    send.mutate(integrationId, {
      onSuccess: ({ changed }) => notifySuccess(t('write_back_page.send.done', { count: changed })),
      onError: showRefusal,
    });

  return (
    <Stack gap="lg" data-testid="write-back-page">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <HrefLink back href={integration ? viewHref(integration) : paths.integration} testId="write-back-back">
            {integration ? t('temp_users.back_to_view', { name: integration.name }) : t('back_to_list')}
          </HrefLink>
          <Title order={2}>{t('write_back_page.title')}</Title>
          <Text c="dimmed">{t('write_back_page.description')}</Text>
          {integration && (
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={600}>
                <bdi>{integration.name}</bdi>
              </Text>
              <DirectoryLabel code={integration.dir_code} />
            </Group>
          )}
        </Stack>
        {integration?.editable && (
          <Button
            leftSection={<IconSend size={16} className="mirror-rtl" />}
            onClick={sendNow}
            loading={send.isPending}
            data-testid="scans-send"
          >
            {t('write_back_page.send.action')}
          </Button>
        )}
      </Group>

      {integration && !integration.write_back && (
        <Alert variant="light" color="yellow" icon={<IconUpload size={18} />} data-testid="write-back-off">
          {t('write_back_page.off')}
        </Alert>
      )}

      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Select
              label={t('write_back_page.filter')}
              data={[
                { value: 'all', label: t('write_back_page.statuses.all') },
                ...SCAN_STATUSES.map((status) => ({ value: status, label: t(`write_back_page.statuses.${status}`) })),
              ]}
              value={filters.status ?? 'all'}
              onChange={(value) => {
                setSelected([]);
                setFilters({ status: SCAN_STATUSES.find((s) => s === value), page: 1 });
              }}
              allowDeselect={false}
              w={220}
              data-testid="scans-status-filter"
            />
            {data && (
              <Text size="sm" c="dimmed" data-testid="scans-count">
                {t('write_back_page.count', { count: data.count })}
              </Text>
            )}
          </Group>

          {selected.length > 0 && integration?.editable && (
            <Group
              gap="sm"
              p="xs"
              bg="var(--mantine-primary-color-light)"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              data-testid="scans-selection"
            >
              <Text size="sm" fw={600} role="status">
                {t('write_back_page.selected', { count: selected.length })}
              </Text>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconBan size={14} />}
                onClick={confirmIgnore}
                loading={ignore.isPending}
                data-testid="scans-ignore"
              >
                {t('write_back_page.ignore.action')}
              </Button>
              {wonde && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconClipboardList size={14} />}
                  onClick={() => setEditing(true)}
                  data-testid="scans-edit-code"
                >
                  {t('write_back_page.edit.action')}
                </Button>
              )}
              <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
                {t('write_back_page.clear_selection')}
              </Button>
            </Group>
          )}

          {scans.isError && (
            <Alert color="red" variant="light" title={t('write_back_page.load_failed')}>
              <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void scans.refetch()}>
                {t('common:retry')}
              </Button>
            </Alert>
          )}
          {!data && !scans.isError && (
            <Center py="xl">
              <Loader role="status" aria-label={t('write_back_page.loading')} />
            </Center>
          )}
          {data && data.data.length === 0 && (
            <EmptyState
              icon={<IconUpload size={28} />}
              title={filters.status ? t('write_back_page.empty_filtered') : t('write_back_page.empty_title')}
              description={filters.status ? undefined : t('write_back_page.empty_body')}
              py="xl"
              data-testid="scans-empty"
            />
          )}
          {data && data.data.length > 0 && (
            <ScansTable
              scans={data.data}
              selected={selected}
              onSelect={setSelected}
              pageIds={pageIds}
              selectable={integration?.editable ?? false}
              dimmed={scans.isPlaceholderData}
            />
          )}
          {pages > 1 && (
            <Group justify="center">
              <Pagination value={filters.page} onChange={setPage} total={pages} data-testid="scans-pagination" />
            </Group>
          )}
        </Stack>
      </Card>

      {integration && wonde && (
        <EditCodeModal
          integration={integration}
          ids={selected}
          opened={editing}
          onClose={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            setSelected([]);
          }}
        />
      )}
    </Stack>
  );
}

function ScansTable({
  scans,
  selected,
  onSelect,
  pageIds,
  selectable: canSelect,
  dimmed,
}: {
  scans: IntegrationScan[];
  selected: string[];
  onSelect: (next: string[]) => void;
  pageIds: string[];
  selectable: boolean;
  dimmed: boolean;
}) {
  const { t } = useTranslation('integrations');
  const none = t('temp_users.empty_value');
  const cell = (value: string | null) =>
    value ? (
      <bdi>{value}</bdi>
    ) : (
      <Text span size="sm" c="dimmed">
        <span aria-hidden>—</span>
        <VisuallyHidden>{none}</VisuallyHidden>
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table verticalSpacing="xs" highlightOnHover style={{ opacity: dimmed ? 0.6 : 1 }} data-testid="scans-table">
        <Table.Thead>
          <Table.Tr>
            {canSelect && (
              <Table.Th w={40}>
                <SelectPageCheckbox
                  selected={selected}
                  pageIds={pageIds}
                  onChange={onSelect}
                  label={t('write_back_page.select_page')}
                  testId="scans-select-page"
                />
              </Table.Th>
            )}
            <Table.Th>{t('write_back_page.columns.person')}</Table.Th>
            <Table.Th>{t('write_back_page.columns.kind')}</Table.Th>
            <Table.Th>{t('write_back_page.columns.when')}</Table.Th>
            <Table.Th>{t('write_back_page.columns.area')}</Table.Th>
            <Table.Th>{t('write_back_page.columns.reason')}</Table.Th>
            <Table.Th>{t('write_back_page.columns.code')}</Table.Th>
            <Table.Th>{t('write_back_page.columns.status')}</Table.Th>
            <Table.Th>{t('write_back_page.columns.error')}</Table.Th>
            <Table.Th ta="end">{t('write_back_page.columns.attempts')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scans.map((scan) => (
            <Table.Tr key={scan.id} data-testid="scan-row" data-status={scan.status}>
              {canSelect && (
                <Table.Td>
                  <SelectRowCheckbox
                    id={scan.id}
                    selected={selected}
                    onChange={onSelect}
                    disabled={!selectable(scan)}
                    label={t('write_back_page.select_row', {
                      name: scan.person_name,
                      when: formatDateTime(scan.happened_at),
                    })}
                    testId="scan-select"
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm" fw={500}>
                  <bdi>{scan.person_name}</bdi>
                </Text>
              </Table.Td>
              <Table.Td>{t(`write_back_page.kinds.${scan.kind}`)}</Table.Td>
              <Table.Td>
                <Text size="sm" dir="ltr" style={{ textAlign: 'start', whiteSpace: 'nowrap' }}>
                  {formatDateTime(scan.happened_at)}
                </Text>
              </Table.Td>
              <Table.Td>{cell(scan.area_name)}</Table.Td>
              <Table.Td>{cell(scan.reason_name)}</Table.Td>
              <Table.Td>{cell(scan.code_label)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLOURS[scan.status]} tt="none">
                  {t(`write_back_page.statuses.${scan.status}`)}
                </Badge>
                {scan.sent_at && (
                  <Text size="xs" c="dimmed" dir="ltr" style={{ textAlign: 'start' }}>
                    {formatDateTime(scan.sent_at)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={260}>
                {scan.error ? (
                  <Text size="xs" c="red.9">
                    {scan.error}
                  </Text>
                ) : (
                  cell(null)
                )}
              </Table.Td>
              <Table.Td ta="end">{scan.attempts}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Wonde: the selected scans written back with another of the school's attendance codes. */
function EditCodeModal({
  integration,
  ids,
  opened,
  onClose,
  onDone,
}: {
  integration: Integration;
  ids: string[];
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('integrations');
  const codes = useAttendanceCodes(integration.id, opened);
  const edit = useEditScans();
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!code) {
      setError(t('write_back_page.edit.required'));
      return;
    }
    setError(null);
    edit.mutate(
      { id: integration.id, body: { ids, attendanceCodeId: code } },
      {
        onSuccess: ({ changed }) => {
          notifySuccess(t('write_back_page.edit.done', { count: changed }));
          setCode(null);
          onDone();
        },
        onError: (failure) => setError(refusalMessage(failure)),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={t('write_back_page.edit.title', { count: ids.length })}
      data-testid="scans-edit-modal"
    >
      <Stack gap="md">
        <Select
          label={t('write_back_page.edit.code')}
          placeholder={codes.isPending ? t('write_back_page.edit.loading') : t('write_back_page.edit.placeholder')}
          data={(codes.data?.codes ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.label}` }))}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          searchable
          required
          nothingFoundMessage={t('fix_error.nothing_found')}
          error={error}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
          data-testid="scans-edit-code-select"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={submit} loading={edit.isPending} data-testid="scans-edit-save">
            {t('write_back_page.edit.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
