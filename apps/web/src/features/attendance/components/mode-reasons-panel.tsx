import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  EmptyState,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconClockPause, IconPencil, IconPlus, IconTags, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttendanceMode, AttendanceReason } from '@app/shared/attendance/schemas';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useDeleteAttendanceReason } from '../api/delete-attendance-reason';
import { daysSummary } from '../utils/days';
import { isWithinAllowance } from '../utils/reason-form';
import { confirmDeleteReason } from './delete-confirmations';
import { ScheduleTimeline } from './schedule-timeline';
import { SetCodeModal } from './set-code-modal';

type ModeReasonsPanelProps = { mode: AttendanceMode; canEditReasons: boolean };

/**
 * One mode's reasons: the schedule with each reason's range, and the list, where reasons are
 * edited, deleted, or given an attendance code together.
 */
export function ModeReasonsPanel({ mode, canEditReasons }: ModeReasonsPanelProps) {
  const { t, i18n } = useTranslation('attendance');
  const deleteReason = useDeleteAttendanceReason();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [codeOpen, setCodeOpen] = useState(false);
  // Reasons deleted meanwhile drop out of the selection.
  const chosen = mode.reasons.filter((r) => selected.has(r.id));
  const allChosen = chosen.length === mode.reasons.length && mode.reasons.length > 0;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const addReason = () => navigateTo(hrefFor(paths.addReason, {}, { mode: mode.id }));
  const editReason = (reason: AttendanceReason) => navigateTo(hrefFor(paths.addReason, {}, { id: reason.id }));
  const remove = (reason: AttendanceReason) =>
    confirmDeleteReason(reason, () =>
      deleteReason.mutate(reason.id, { onSuccess: () => notifySuccess(t('toasts.deleted')) }),
    );

  return (
    <Card withBorder radius="md" padding="lg" data-testid="mode-reasons-panel" data-mode-name={mode.name}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={4}>{t('panel.title', { name: mode.name })}</Title>
            <Text size="sm" c="dimmed">
              {t('panel.schedule', {
                days: daysSummary(mode.days, i18n.language),
                start: mode.start_time,
                end: mode.end_time,
              })}
              {' · '}
              {t('table.allowances_value', {
                late: mode.late_sign_in_minutes,
                early: mode.early_sign_out_minutes,
              })}
            </Text>
            <Text size="xs" c="dimmed" data-testid="panel-sites">
              {t('panel.sites', { names: mode.sites.map((s) => s.name).join(', ') })}
            </Text>
          </Stack>
          {canEditReasons && (
            <Group gap="xs">
              {chosen.length > 0 && (
                <Button
                  variant="light"
                  leftSection={<IconTags size={16} />}
                  onClick={() => setCodeOpen(true)}
                  data-testid="reasons-set-code"
                >
                  {t('panel.set_code', { count: chosen.length })}
                </Button>
              )}
              <Button leftSection={<IconPlus size={16} />} onClick={addReason} data-testid="panel-add-reason">
                {t('actions.add_reason')}
              </Button>
            </Group>
          )}
        </Group>

        <ScheduleTimeline {...mode} testId="mode-timeline" />

        {mode.reasons.length === 0 ? (
          <EmptyState
            icon={<IconClockPause size={28} />}
            title={t('panel.empty_title')}
            description={t('panel.empty_body')}
            py="md"
            data-testid="reasons-empty"
          />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" highlightOnHover data-testid="reasons-table">
              <Table.Thead>
                <Table.Tr>
                  {canEditReasons && (
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={t('panel.select_all')}
                        checked={allChosen}
                        indeterminate={chosen.length > 0 && !allChosen}
                        onChange={() => setSelected(allChosen ? new Set() : new Set(mode.reasons.map((r) => r.id)))}
                      />
                    </Table.Th>
                  )}
                  <Table.Th>{t('reason_table.name')}</Table.Th>
                  <Table.Th>{t('reason_table.type')}</Table.Th>
                  <Table.Th>{t('reason_table.range')}</Table.Th>
                  <Table.Th>{t('reason_table.code')}</Table.Th>
                  {canEditReasons && <Table.Th w={84} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mode.reasons.map((reason) => (
                  <Table.Tr key={reason.id} data-testid="reason-row" data-reason-name={reason.name}>
                    {canEditReasons && (
                      <Table.Td>
                        <Checkbox
                          aria-label={t('panel.select', { name: reason.name })}
                          checked={selected.has(reason.id)}
                          onChange={() => toggle(reason.id)}
                          data-testid="reason-select"
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={500}>
                          {reason.name}
                        </Text>
                        {isWithinAllowance(reason, mode) && (
                          <Tooltip label={t('panel.never_asked')} withArrow multiline maw={260}>
                            <Badge size="xs" variant="outline" color="gray">
                              {t('panel.never_asked_badge')}
                            </Badge>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={reason.type === 'late_sign_in' ? 'blue' : 'orange'}
                        style={{ textTransform: 'none' }}
                      >
                        {t(`types.${reason.type}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" span>
                        {reason.start_time}–{reason.end_time}
                      </Text>{' '}
                      <Text size="xs" c="dimmed" span>
                        {t('minutes', { count: reason.duration_minutes })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {reason.attendance_code ? (
                        <Badge variant="default" style={{ textTransform: 'none' }} data-testid="reason-code">
                          {reason.attendance_code}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed" data-testid="reason-code">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    {canEditReasons && (
                      <Table.Td>
                        <Group gap={2} justify="flex-end" wrap="nowrap">
                          <Tooltip label={t('actions.edit_reason')} withArrow>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('actions.edit_reason')}
                              onClick={() => editReason(reason)}
                              data-testid="reason-edit"
                            >
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('actions.delete_reason')} withArrow>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('actions.delete_reason')}
                              onClick={() => remove(reason)}
                              data-testid="reason-delete"
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <SetCodeModal
        opened={codeOpen}
        reasons={chosen}
        onClose={() => setCodeOpen(false)}
        onDone={() => {
          setCodeOpen(false);
          setSelected(new Set());
        }}
      />
    </Card>
  );
}
