import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { IntegrationRun } from '@app/shared/integrations/schemas';

/** The counts the spec's sync status shows, in the order an admin reads them. */
const COUNTS = ['read', 'created', 'updated', 'archived', 'errors', 'duplicates'] as const;
type Count = (typeof COUNTS)[number];

const COLORS: Partial<Record<Count, string>> = { errors: 'red', duplicates: 'orange' };

/** What a run has done so far: people read, created, updated, archived, and the errors and duplicates found. */
export function RunCounts({ run }: { run: Pick<IntegrationRun, Count> }) {
  const { t } = useTranslation('integrations');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" data-testid="run-counts">
      {COUNTS.map((count) => (
        <Paper key={count} withBorder radius="md" p="sm" data-testid={`run-count-${count}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(`sync.counts.${count}`)}
          </Text>
          <Text size="xl" fw={700} c={run[count] > 0 ? COLORS[count] : undefined}>
            {run[count]}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
