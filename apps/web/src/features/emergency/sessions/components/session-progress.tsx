import { Group, Progress, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RollCounts } from '@app/shared/emergency/schemas';
import { accountedFor, accountedPercent } from '../utils/sessions-query';

/** The roll at a glance: present, out and missing as parts of one bar, and how many are accounted for. */
export function SessionProgress({ counts, size = 'lg' }: { counts: RollCounts; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation('emergency');
  const part = (n: number) => (counts.total === 0 ? 0 : (n * 100) / counts.total);
  return (
    <div>
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Text size={size === 'lg' ? 'sm' : 'xs'} fw={600} data-testid="session-accounted">
          {t(size === 'lg' ? 'counts.accounted' : 'counts.accounted_short', {
            accounted: accountedFor(counts),
            total: counts.total,
          })}
        </Text>
        <Text size={size === 'lg' ? 'sm' : 'xs'} c="dimmed">
          {accountedPercent(counts)}%
        </Text>
      </Group>
      <Progress.Root size={size === 'lg' ? 'lg' : 'sm'} aria-hidden>
        <Tooltip label={t('counts.present', { count: counts.present })}>
          <Progress.Section value={part(counts.present)} color="teal" />
        </Tooltip>
        <Tooltip label={t('counts.out', { count: counts.out })}>
          <Progress.Section value={part(counts.out)} color="gray" />
        </Tooltip>
        <Tooltip label={t('counts.missing', { count: counts.not_present })}>
          <Progress.Section value={part(counts.not_present)} color="red" />
        </Tooltip>
      </Progress.Root>
    </div>
  );
}
