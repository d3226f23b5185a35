import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useCreateJourney } from '../api/save-journey';
import { JourneyForm } from './journey-form';
import { useApplyLogo } from './use-apply-logo';

/** Adds a journey; its flow builder opens next (spec §2 "Journey created: /add/journey/flow/{id}"). */
export function AddJourneyPage() {
  const { t } = useTranslation('journeys');
  const create = useCreateJourney();
  const logo = useApplyLogo();

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={2}>{t('add_title')}</Title>
        <Text c="dimmed">{t('add_description')}</Text>
      </div>
      <Card withBorder radius="md" p="lg">
        <JourneyForm
          pending={create.isPending || logo.pending}
          submitLabel={t('form.create')}
          onSubmit={async (values, change) => {
            const journey = await create.mutateAsync(values);
            await logo.apply(journey.id, change);
            notifySuccess(t('created', { name: journey.name }));
            navigateTo(hrefFor(paths.addJourneyFlow, { id: journey.id }));
          }}
        />
      </Card>
    </Stack>
  );
}
