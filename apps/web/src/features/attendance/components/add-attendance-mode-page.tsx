import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useSearchText } from '@/lib/search-param';
import { useAttendanceMode } from '../api/get-attendance-mode';
import { useSiteOptions } from '../api/list-site-options';
import { ModeForm } from './mode-form';

/**
 * `/add-attendance-mode`: adds a mode, or changes one with `?id=`. Saving returns to
 * `/attendance-modes` (spec "Navigation after actions") with the mode chosen.
 */
export function AddAttendanceModePage() {
  const { t } = useTranslation('attendance');
  const id = useSearchText('id');
  const sites = useSiteOptions();
  const mode = useAttendanceMode(id);

  let body;
  if (sites.isError || mode.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {t('form.load_failed')}
      </Alert>
    );
  } else if (sites.isPending || (id !== null && mode.isPending)) {
    body = <Skeleton h={460} radius="md" />;
  } else {
    body = (
      <ModeForm
        key={mode.data?.id ?? 'new'}
        mode={mode.data}
        sites={sites.data}
        onSaved={(saved, outcome) => {
          notifySuccess(t(outcome === 'created' ? 'toasts.created' : 'toasts.updated'));
          navigateTo(hrefFor(paths.attendanceModes, {}, { mode: saved.id }));
        }}
      />
    );
  }

  return (
    <Stack gap="lg" maw={1180}>
      <Stack gap={4}>
        <Title order={2}>{t(id ? 'form.edit_mode_title' : 'form.add_mode_title')}</Title>
        <Text c="dimmed">{t('form.mode_description')}</Text>
      </Stack>
      {body}
    </Stack>
  );
}
