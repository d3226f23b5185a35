import { Stack, Text, Title } from '@mantine/core';
import type { HolderVisit } from '@app/shared/passport/holder';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { useRequest } from '../../../lib/use-request';
import { listVisits } from '../api/list-visits';
import { VisitCard } from './visit-card';

type SectionProps = { title: string; visits: HolderVisit[]; empty: string; testId: string };

function Section({ title, visits, empty, testId }: SectionProps) {
  return (
    <Stack gap="sm" component="section" data-testid={testId}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {visits.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {visits.map((visit) => (
            <li key={visit.id}>
              <VisitCard visit={visit} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The holder's visits across companies: what is coming, then what happened. */
export function VisitsList() {
  const { t } = useTranslation();
  const load = useCallback((signal: AbortSignal) => listVisits(signal), []);
  const { data, error, reload } = useRequest('visits', load);

  if (error) return <RetryAlert error={error} onRetry={reload} />;
  if (!data) return <PageLoader />;
  return (
    <Stack gap="xl">
      <Section
        title={t('visits.upcoming')}
        visits={data.upcoming}
        empty={t('visits.no_upcoming')}
        testId="visits-upcoming"
      />
      <Section title={t('visits.recent')} visits={data.recent} empty={t('visits.no_recent')} testId="visits-recent" />
    </Stack>
  );
}
