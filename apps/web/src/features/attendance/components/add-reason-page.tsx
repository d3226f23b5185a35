import { Alert, Button, Card, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useSearchText } from '@/lib/search-param';
import { useSession } from '@/lib/session';
import { useAttendanceMode } from '../api/get-attendance-mode';
import { useAttendanceReason } from '../api/get-attendance-reason';
import { useAttendanceModes } from '../api/list-attendance-modes';
import { ReasonForm } from './reason-form';

// The mode picker lists every mode the admin may see: companies have a handful, not thousands.
const ALL_MODES = { page: 1, limit: 500, sortField: 'name', orderBy: 'asc' } as const;

/**
 * `/add-reason`: adds a reason to the mode of `?mode=` (or one chosen here), or changes the reason of
 * `?id=`. Saving returns to `/attendance-modes` (spec "Navigation after actions") with the mode chosen.
 */
export function AddReasonPage() {
  const { t } = useTranslation('attendance');
  const id = useSearchText('id');
  const modeParam = useSearchText('mode');
  const reason = useAttendanceReason(id);
  const modeId = id ? (reason.data?.attendance_mode_id ?? null) : modeParam;
  const mode = useAttendanceMode(modeId);

  let body;
  if (reason.isError || mode.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {t('form.load_failed')}
      </Alert>
    );
  } else if (!id && !modeParam) {
    body = <ChooseMode />;
  } else if ((id !== null && reason.isPending) || mode.isPending) {
    body = <Skeleton h={460} radius="md" />;
  } else {
    body = (
      <ReasonForm
        key={`${mode.data.id}:${reason.data?.id ?? 'new'}`}
        mode={mode.data}
        reason={reason.data}
        onSaved={(outcome) => {
          notifySuccess(t(outcome === 'created' ? 'toasts.created' : 'toasts.updated'));
          navigateTo(hrefFor(paths.attendanceModes, {}, { mode: mode.data.id }));
        }}
      />
    );
  }

  return (
    <Stack gap="lg" maw={1180}>
      <Stack gap={4}>
        <Title order={2}>{t(id ? 'form.edit_reason_title' : 'form.add_reason_title')}</Title>
        <Text c="dimmed">{t('form.reason_description')}</Text>
      </Stack>
      {body}
    </Stack>
  );
}

/** Without a mode in the address the page asks for one first. */
function ChooseMode() {
  const { t } = useTranslation('attendance');
  const canAddMode = isAllowed(useSession()?.permissions, 'add_attendance_mode');
  const modes = useAttendanceModes(ALL_MODES);
  if (modes.isPending) return <Skeleton h={120} radius="md" />;
  if (modes.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {t('form.load_failed')}
      </Alert>
    );
  }
  return (
    <Card withBorder radius="md" p="lg" maw={520}>
      {modes.data.data.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('form.no_modes')}</Text>
          {canAddMode && (
            <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => navigateTo(paths.addAttendanceMode)}>
              {t('actions.add_mode')}
            </Button>
          )}
        </Stack>
      ) : (
        <Select
          label={t('form.mode')}
          description={t('form.mode_hint')}
          placeholder={t('form.mode_placeholder')}
          data={modes.data.data.map((m) => ({ value: m.id, label: `${m.name} (${m.start_time}–${m.end_time})` }))}
          searchable
          data-testid="reason-mode"
          onChange={(value) => value && navigateTo(hrefFor(paths.addReason, {}, { mode: value }), { replace: true })}
        />
      )}
    </Card>
  );
}
