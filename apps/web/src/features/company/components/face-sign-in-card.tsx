import { Button, Group, NumberInput, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFaceId } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaceSettings } from '@app/shared/people/faces';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { showServerErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useFaceSettings, useUpdateFaceSettings } from '@/lib/face-settings';
import { SectionCard } from './section-card';

/** The same bounds as the server's (packages/shared/src/people/faces.ts). */
const THRESHOLD = { min: 0.21, max: 0.6 };
const GAP = { min: 0, max: 0.3 };

function FaceSignInForm({ settings }: { settings: FaceSettings }) {
  const { t } = useTranslation('company');
  const update = useUpdateFaceSettings();
  const form = useForm<FaceSettings>({
    initialValues: settings,
    validate: {
      match_threshold: (v) =>
        typeof v !== 'number' || v < THRESHOLD.min || v > THRESHOLD.max ? t('face.threshold_range') : null,
      min_gap: (v) => (typeof v !== 'number' || v < GAP.min || v > GAP.max ? t('face.gap_range') : null),
    },
  });
  // Another admin's change, fetched again, replaces the form while it is untouched.
  useEffect(() => {
    if (!form.isDirty()) {
      form.setInitialValues(settings);
      form.setValues(settings);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings]);

  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        form.setInitialValues(saved);
        form.setValues(saved);
        notifySuccess(t('face.saved'));
      },
      onError: (error) => showServerErrors(form, error, 'enabled'),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('face.stored')}</Text>
        <Switch
          label={t('face.enabled')}
          description={t('face.enabled_hint')}
          data-testid="face-sign-in-toggle"
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput
            label={t('face.threshold')}
            description={t('face.threshold_hint')}
            min={THRESHOLD.min}
            max={THRESHOLD.max}
            step={0.01}
            decimalScale={2}
            clampBehavior="none"
            data-testid="face-threshold"
            {...form.getInputProps('match_threshold')}
          />
          <NumberInput
            label={t('face.gap')}
            description={t('face.gap_hint')}
            min={GAP.min}
            max={GAP.max}
            step={0.01}
            decimalScale={2}
            clampBehavior="none"
            data-testid="face-gap"
            {...form.getInputProps('min_gap')}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()} data-testid="face-sign-in-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Face sign-in at the kiosks (decision 050): off until an admin turns it on, and what it stores. */
export function FaceSignInCard() {
  const { t } = useTranslation('company');
  const settings = useFaceSettings();
  return (
    <SectionCard icon={<IconFaceId size={20} />} title={t('face.title')} description={t('face.description')}>
      {settings.isError ? (
        <LoadFailedAlert title={t('face.load_failed')} onRetry={() => void settings.refetch()} />
      ) : settings.data ? (
        <FaceSignInForm settings={settings.data} />
      ) : (
        <Skeleton height={120} radius="md" data-testid="face-sign-in-loading" />
      )}
    </SectionCard>
  );
}
