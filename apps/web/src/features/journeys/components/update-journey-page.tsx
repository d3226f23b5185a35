import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useJourney } from '../api/get-journey';
import { useUpdateJourney } from '../api/save-journey';
import { JourneyFlowsCard } from './journey-flows-card';
import { JourneyForm } from './journey-form';
import { JourneyKiosksCard } from './journey-kiosks-card';
import { useApplyLogo } from './use-apply-logo';
import { BackLink } from '@/components/ui/back-link';
import { useNotFoundIfMissing } from '@/lib/record-id';

/**
 * A journey, its flows per user type and the kiosks that run it. Saving the journey goes back to the
 * list (spec §2 "Journey updated: /journeys"); flows and kiosks change in place.
 */
export function UpdateJourneyPage() {
  const { t } = useTranslation('journeys');
  const { id } = useParams({ strict: false });
  const journey = useJourney(id);
  useNotFoundIfMissing(journey.error);
  const update = useUpdateJourney();
  const logo = useApplyLogo();
  const canEdit = isAllowed(useSession()?.permissions, 'edit_journey');

  return (
    <Stack gap="lg" maw={1040}>
      <div>
        <BackLink to={paths.journeys}>{t('back')}</BackLink>
        <Title order={2} mt={4} data-testid="journey-title">
          {journey.data?.name ?? t('edit_title')}
        </Title>
        <Text c="dimmed">{t('edit_description')}</Text>
      </div>
      {journey.isPending && <Skeleton h={320} radius="md" />}
      {journey.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('load_failed')}
        </Alert>
      )}
      {journey.data && (
        <>
          <JourneyFlowsCard journey={journey.data} />
          <Card withBorder radius="md" p="lg">
            <Title order={4} mb="md">
              {t('details')}
            </Title>
            {canEdit ? (
              <JourneyForm
                key={journey.data.id}
                journey={journey.data}
                pending={update.isPending || logo.pending}
                submitLabel={t('form.save')}
                onSubmit={async (values, change) => {
                  const saved = await update.mutateAsync({ id: journey.data.id, body: values });
                  await logo.apply(saved.id, change);
                  notifySuccess(t('updated', { name: saved.name }));
                  navigateTo(paths.journeys);
                }}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {journey.data.description || t('no_description')}
              </Text>
            )}
          </Card>
          <JourneyKiosksCard journey={journey.data} canEdit={canEdit} />
        </>
      )}
    </Stack>
  );
}
