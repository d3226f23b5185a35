import { Alert, Card, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMatch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hrefFor, paths } from '@/config/paths';
import { useFlow } from '../api/flows';
import { useJourney } from '../api/get-journey';
import { useJourneys } from '../api/list-journeys';
import { FlowEditorForm } from './flow-editor-form';
import { BackLink } from '@/components/ui/back-link';
import { useNotFoundIfMissing } from '@/lib/record-id';

/** /add-flow: the journey the new flow belongs to is chosen first. */
function JourneyChooser({ onChoose }: { onChoose: (id: string) => void }) {
  const { t } = useTranslation('journeys');
  const journeys = useJourneys({ page: 1, limit: 500, sortField: 'name', orderBy: 'asc' });
  return (
    <Card withBorder radius="md" p="lg">
      <Select
        label={t('editor.journey')}
        description={t('editor.journey_hint')}
        placeholder={t('editor.journey_placeholder')}
        data={(journeys.data?.data ?? []).map((j) => ({ value: j.id, label: j.name }))}
        searchable
        onChange={(id) => id && onChoose(id)}
        nothingFoundMessage={t('editor.journey_none')}
        comboboxProps={{ withinPortal: true }}
        data-testid="flow-journey"
      />
    </Card>
  );
}

/**
 * The one flow editor of the spec's three routes: /add-flow (choose the journey), /add/journey/flow/:id
 * (a journey's new flow) and /update/journey/flow/:id (a flow).
 */
export function FlowEditorPage() {
  const { t } = useTranslation('journeys');
  // This page's own route and its id, not the address: after a save the address moves to the journey
  // before this page leaves, and its id read as a journey's would ask for a journey that is a flow.
  const { id, editing } = useMatch({
    strict: false,
    select: (m) => ({
      id: (m.params as { id?: string }).id,
      editing: m.fullPath === paths.updateJourneyFlow,
    }),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const flow = useFlow(editing ? id : undefined);
  const journeyId = editing ? flow.data?.journey_id : (id ?? chosen ?? undefined);
  const journey = useJourney(journeyId);
  useNotFoundIfMissing(flow.error, journey.error);
  const loading = (editing && flow.isPending) || (Boolean(journeyId) && journey.isPending);
  const failed = flow.isError || journey.isError;

  return (
    <Stack gap="lg" maw={1040}>
      <div>
        {journeyId && (
          <BackLink to={hrefFor(paths.updateJourney, { id: journeyId })}>{journey.data?.name ?? t('back')}</BackLink>
        )}
        <Title order={2} mt={4} data-testid="flow-editor-title">
          {editing
            ? t('editor.edit_title', { name: flow.data?.user_type.name ?? '' })
            : journey.data
              ? t('editor.add_title_for', { journey: journey.data.name })
              : t('editor.add_title')}
        </Title>
        <Text c="dimmed">{t('editor.description')}</Text>
      </div>
      {!editing && !id && !chosen && <JourneyChooser onChoose={setChosen} />}
      {loading && <Skeleton h={420} radius="md" />}
      {failed && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('editor.load_failed')}
        </Alert>
      )}
      {journey.data && (!editing || flow.data) && (
        <FlowEditorForm key={`${journey.data.id}:${flow.data?.id ?? 'new'}`} journey={journey.data} flow={flow.data} />
      )}
    </Stack>
  );
}
