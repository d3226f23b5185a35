import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toLocalDateTime } from '@app/shared/announcements/times';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useCreateExpectedVisit } from '../api/create-expected-visit';
import { useExpectedVisitOptions } from '../api/get-expected-visit-options';
import { newExpectedVisitValues } from '../utils/expected-visit-form';
import { ExpectedVisitForm } from './expected-visit-form';
import { ExpectedVisitsGrid } from './expected-visits-grid';

/**
 * /add-expected-visitors (spec §2, the top bar's Add Visits): expect a visitor at a site's area at a time
 * on the company's clock. The visitor is emailed the confirmation link; "Created successfully" and the
 * dashboard follow (spec §2 "A successful visit addition goes to the dashboard root"). Below, the
 * upcoming expected visits with their edit, delete and approval actions.
 */
export function AddExpectedVisitorsPage() {
  const { t } = useTranslation('expected-visits');
  const options = useExpectedVisitOptions();
  const create = useCreateExpectedVisit();

  return (
    <Stack gap="lg" data-testid="add-expected-visitors-page">
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </div>
      <Card withBorder radius="md" p="lg">
        {options.isError ? (
          <LoadFailedAlert title={t('form.load_failed')} onRetry={() => void options.refetch()} />
        ) : !options.data ? (
          <Stack gap="md">
            <Skeleton height={36} />
            <Skeleton height={36} />
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : (
          <ExpectedVisitForm
            initial={newExpectedVisitValues(toLocalDateTime(new Date(), options.data.timezone))}
            visitId={null}
            options={options.data}
            pending={create.isPending}
            submitLabel={t('form.submit')}
            onSubmit={async (body) => {
              const res = await create.mutateAsync(body);
              notifySuccess(res.message);
              navigateTo(paths.home);
            }}
            testId="expected-visit-add-form"
          />
        )}
      </Card>

      <Stack gap="sm">
        <div>
          <Title order={3}>{t('list.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('list.description')}
          </Text>
        </div>
        {options.data && <ExpectedVisitsGrid options={options.data} />}
      </Stack>
    </Stack>
  );
}
