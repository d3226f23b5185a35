import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconClipboardList, IconInfoCircle } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { navigateTo } from '@/lib/navigation';
import { notifyError, notifySuccess } from '@/lib/notify';
import { isRecordId } from '@/lib/record-id';
import { useEditAttendanceCodes } from '../api/edit-attendance-codes';
import { useAttendanceCodes } from '../api/get-attendance-codes';
import { useIntegration } from '../api/get-integration';
import { viewHref } from '../utils/flow-pages';
import { refusalMessage } from '../utils/refusal';
import { HrefLink } from './href-link';
import { SelectPageCheckbox, SelectRowCheckbox } from './selection-checkbox';

/** The choice that clears the code of the reasons selected. */
const NO_CODE = '__none__';

/**
 * Spec §2 /attendance-codes/:integId/:integName (Wonde): the company's attendance reasons with the
 * Wonde code each is written back with; several selected take one code, or none (spec §3
 * attendance-code edit: ids, attendanceCodeId).
 */
export function AttendanceCodesPage() {
  const params: { integId?: string; integName?: string } = useParams({ strict: false });
  const valid = isRecordId(params.integId);
  // A malformed id names nothing: the not-found page, as for a malformed `$id` (lib/record-id).
  useEffect(() => {
    if (!valid) navigateTo(paths.notFound, { replace: true });
  }, [valid]);
  if (!valid) return null;
  return <CodesContent integrationId={params.integId!.toLowerCase()} nameInPath={params.integName ?? ''} />;
}

function CodesContent({ integrationId, nameInPath }: { integrationId: string; nameInPath: string }) {
  const { t } = useTranslation('integrations');
  const integration = useIntegration(integrationId).data;
  const name = integration?.name ?? nameInPath;
  useDocumentTitle(`${t('attendance_codes_page.title')} · ${name}`);
  const wonde = integration ? integration.dir_code === 'wonde' : true;
  const codes = useAttendanceCodes(integrationId, wonde);
  const edit = useEditAttendanceCodes();
  const [selected, setSelected] = useState<string[]>([]);
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = codes.data;
  const editable = integration?.editable ?? false;
  const none = t('attendance_codes_page.no_code');

  const apply = () => {
    if (!code) {
      setError(t('attendance_codes_page.code_required'));
      return;
    }
    setError(null);
    const count = selected.length;
    edit.mutate(
      { id: integrationId, body: { ids: selected, attendanceCodeId: code === NO_CODE ? null : code } },
      {
        onSuccess: () => {
          notifySuccess(
            code === NO_CODE
              ? t('attendance_codes_page.cleared', { count })
              : t('attendance_codes_page.updated', { count }),
          );
          setSelected([]);
          setCode(null);
        },
        onError: (failure) => {
          const message = refusalMessage(failure);
          if (message) notifyError(message);
        },
      },
    );
  };

  return (
    <Stack gap="lg" data-testid="attendance-codes-page">
      <Stack gap={4}>
        <HrefLink back href={viewHref({ id: integrationId, name })} testId="attendance-codes-back">
          {t('temp_users.back_to_view', { name })}
        </HrefLink>
        <Title order={2}>{t('attendance_codes_page.title')}</Title>
        <Text c="dimmed">{t('attendance_codes_page.description')}</Text>
        <Text size="sm" fw={600}>
          <bdi>{name}</bdi>
        </Text>
      </Stack>

      {!wonde && (
        <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid="attendance-codes-not-wonde">
          {t('attendance_codes_page.not_wonde')}
        </Alert>
      )}

      {wonde && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            {selected.length > 0 && editable && (
              <Group
                gap="sm"
                p="xs"
                align="flex-end"
                wrap="wrap"
                bg="var(--mantine-primary-color-light)"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                data-testid="attendance-codes-selection"
              >
                <Text size="sm" fw={600} role="status" style={{ alignSelf: 'center' }}>
                  {t('attendance_codes_page.selected', { count: selected.length })}
                </Text>
                <Select
                  label={t('attendance_codes_page.code')}
                  placeholder={t('attendance_codes_page.code_placeholder')}
                  data={[
                    { value: NO_CODE, label: none },
                    ...(data?.codes ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.label}` })),
                  ]}
                  value={code}
                  onChange={(value) => {
                    setCode(value);
                    setError(null);
                  }}
                  searchable
                  error={error}
                  w={280}
                  size="xs"
                  data-testid="attendance-codes-select"
                />
                <Button size="xs" onClick={apply} loading={edit.isPending} data-testid="attendance-codes-apply">
                  {t('attendance_codes_page.apply')}
                </Button>
                <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
                  {t('write_back_page.clear_selection')}
                </Button>
              </Group>
            )}

            {codes.isError && (
              <Alert color="red" variant="light" title={t('attendance_codes_page.load_failed')}>
                <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void codes.refetch()}>
                  {t('common:retry')}
                </Button>
              </Alert>
            )}
            {!data && !codes.isError && (
              <Center py="xl">
                <Loader role="status" aria-label={t('attendance_codes_page.loading')} />
              </Center>
            )}
            {data && data.reasons.length === 0 && (
              <EmptyState
                icon={<IconClipboardList size={28} />}
                title={t('attendance_codes_page.empty_title')}
                description={t('attendance_codes_page.empty_body')}
                py="xl"
                data-testid="attendance-codes-empty"
              />
            )}
            {data && data.reasons.length > 0 && (
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing="xs" highlightOnHover data-testid="attendance-codes-table">
                  <Table.Thead>
                    <Table.Tr>
                      {editable && (
                        <Table.Th w={40}>
                          <SelectPageCheckbox
                            selected={selected}
                            pageIds={data.reasons.map((reason) => reason.id)}
                            onChange={setSelected}
                            label={t('attendance_codes_page.select_all')}
                            testId="attendance-codes-select-all"
                          />
                        </Table.Th>
                      )}
                      <Table.Th>{t('attendance_codes_page.columns.reason')}</Table.Th>
                      <Table.Th>{t('attendance_codes_page.columns.type')}</Table.Th>
                      <Table.Th>{t('attendance_codes_page.columns.mode')}</Table.Th>
                      <Table.Th>{t('attendance_codes_page.columns.code')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.reasons.map((reason) => (
                      <Table.Tr key={reason.id} data-testid="attendance-reason">
                        {editable && (
                          <Table.Td>
                            <SelectRowCheckbox
                              id={reason.id}
                              selected={selected}
                              onChange={setSelected}
                              label={t('attendance_codes_page.select_row', { name: reason.name })}
                              testId="attendance-reason-select"
                            />
                          </Table.Td>
                        )}
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            <bdi>{reason.name}</bdi>
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {t(`attendance_codes_page.types.${reason.type}`, { defaultValue: reason.type })}
                        </Table.Td>
                        <Table.Td>
                          <bdi>{reason.mode_name}</bdi>
                        </Table.Td>
                        <Table.Td data-testid="attendance-reason-code">
                          {reason.code_id ? (
                            <Badge variant="light" tt="none">
                              {reason.code_label ?? reason.code_id}
                            </Badge>
                          ) : (
                            <Text size="sm" c="dimmed">
                              {none}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
