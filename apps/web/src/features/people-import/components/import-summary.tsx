import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconColumnsOff, IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportTask } from '@app/shared/people/import';

type Stat = { id: string; label: string; value: number; colour?: string };

function StatBox({ stat }: { stat: Stat }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`import-count-${stat.id}`}>
      <Text size="xs" c="dimmed" fw={500}>
        {stat.label}
      </Text>
      <Text fw={700} size="xl" c={stat.value > 0 ? stat.colour : undefined} data-testid="import-count-value">
        {stat.value}
      </Text>
    </Paper>
  );
}

/**
 * A task's counts. Before the run: the rows, those ready to import, with problems and dropped, the
 * photos matched; the sheet's columns that were ignored and the zip's photos that matched no row.
 * After it: what it created, updated and skipped.
 */
export function ImportSummary({ task, after }: { task: ImportTask; after?: boolean }) {
  const { t } = useTranslation('people-import');
  const stats: Stat[] = after
    ? [
        { id: 'total', label: t('summary.total'), value: task.total_rows },
        { id: 'created', label: t('summary.created'), value: task.created_rows, colour: 'teal.8' },
        { id: 'updated', label: t('summary.updated'), value: task.updated_rows, colour: 'blue.8' },
        { id: 'skipped', label: t('summary.skipped'), value: task.skipped_rows, colour: 'orange.9' },
        { id: 'dropped', label: t('summary.dropped'), value: task.dropped_rows },
      ]
    : [
        { id: 'total', label: t('summary.total'), value: task.total_rows },
        { id: 'valid', label: t('summary.valid'), value: task.valid_rows, colour: 'teal.8' },
        { id: 'errors', label: t('summary.errors'), value: task.error_rows, colour: 'red.8' },
        { id: 'dropped', label: t('summary.dropped'), value: task.dropped_rows },
        { id: 'photos', label: t('summary.photos'), value: task.photos },
      ];
  return (
    <Stack gap="sm" data-testid="import-summary">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        {stats.map((stat) => (
          <StatBox key={stat.id} stat={stat} />
        ))}
      </SimpleGrid>
      {task.unknown_columns.length > 0 && (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconColumnsOff size={18} />}
          title={t('summary.unknown_columns', { count: task.unknown_columns.length })}
          data-testid="import-unknown-columns"
        >
          <Stack gap={6}>
            <Text size="sm">{t('summary.unknown_columns_body')}</Text>
            <Group gap={6}>
              {task.unknown_columns.map((name) => (
                <Badge key={name} variant="outline" color="gray" tt="none">
                  <bdi>{name}</bdi>
                </Badge>
              ))}
            </Group>
          </Stack>
        </Alert>
      )}
      {!after && task.unmatched_photos.length > 0 && (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconPhotoOff size={18} />}
          title={t('summary.unmatched_photos', { count: task.unmatched_photos.length })}
          data-testid="import-unmatched-photos"
        >
          <Stack gap={6}>
            <Text size="sm">{t('summary.unmatched_photos_body')}</Text>
            <Group gap={6}>
              {task.unmatched_photos.map((name) => (
                <Badge key={name} variant="outline" color="gray" tt="none">
                  <bdi dir="ltr">{name}</bdi>
                </Badge>
              ))}
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
