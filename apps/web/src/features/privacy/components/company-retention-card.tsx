import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconClock, IconInfinity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PrivacyView } from '@app/shared/people/privacy';
import { showServerErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useClearCompanyRetention } from '../api/clear-company-retention';
import { useSetCompanyRetention } from '../api/set-company-retention';
import { scheduleTexts } from '../utils/retention';
import {
  retentionBody,
  retentionFormErrors,
  retentionFormValues,
  type RetentionFormValues,
} from '../utils/retention-form';
import { RetentionFields } from './retention-fields';

/**
 * The company default (spec §3 "Privacy settings"): the days every user type without its own follows,
 * when the nightly job runs, and "Keep for ever" to delete nothing by default.
 */
export function CompanyRetentionCard({ view }: { view: PrivacyView }) {
  const { t } = useTranslation('privacy');
  const save = useSetCompanyRetention();
  const clear = useClearCompanyRetention();
  const form = useForm<RetentionFormValues>({
    initialValues: retentionFormValues(view.company),
    validate: (values) => retentionFormErrors(values, t),
  });
  const { data_retention_days: data, scans_retention_days: scans } = view.company;
  const schedule = scheduleTexts(view, t);

  const submit = form.onSubmit((values) =>
    save.mutate(retentionBody(values), {
      onSuccess: (next) => {
        form.setValues(retentionFormValues(next.company));
        form.resetDirty(retentionFormValues(next.company));
        notifySuccess(t('toasts.updated'));
      },
      onError: (error) => showServerErrors(form, error),
    }),
  );

  const keepForever = () =>
    modals.openConfirmModal({
      title: t('company.forever_confirm.title'),
      children: <Text size="sm">{t('company.forever_confirm.body')}</Text>,
      labels: { confirm: t('company.forever_confirm.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red.8', 'data-testid': 'privacy-forever-confirm' },
      centered: true,
      onConfirm: () =>
        clear.mutate(undefined, {
          onSuccess: (next) => {
            form.setValues(retentionFormValues(next.company));
            form.resetDirty(retentionFormValues(next.company));
            form.clearErrors();
            notifySuccess(t('toasts.updated'));
          },
        }),
    });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="privacy-company">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
              <Title order={3} size="h4">
                {t('company.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('company.description')}
              </Text>
            </Stack>
            {(data === null || scans === null) && (
              <Badge
                variant="light"
                color="gray"
                leftSection={<IconInfinity size={14} />}
                data-testid="privacy-forever"
              >
                {t('types.forever')}
              </Badge>
            )}
          </Group>
          <Text size="sm" data-testid="privacy-company-status">
            {data !== null && scans !== null
              ? t('company.active_status', {
                  data: t('days', { count: data }),
                  scans: t('days', { count: scans }),
                })
              : t('company.forever_status')}
          </Text>
          <RetentionFields form={form} testId="privacy-company" />
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 260px', minWidth: 0 }}>
              <IconClock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <div>
                <Text size="sm" data-testid="privacy-schedule">
                  {schedule.schedule}
                </Text>
                <Text size="sm" c="dimmed" data-testid="privacy-next-run">
                  {schedule.next}
                </Text>
              </div>
            </Group>
            <Group gap="sm">
              {(data !== null || scans !== null) && (
                <Button
                  variant="default"
                  onClick={keepForever}
                  loading={clear.isPending}
                  data-testid="privacy-forever-open"
                >
                  {t('company.keep_forever')}
                </Button>
              )}
              <Button type="submit" loading={save.isPending} data-testid="privacy-company-save">
                {t('company.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
