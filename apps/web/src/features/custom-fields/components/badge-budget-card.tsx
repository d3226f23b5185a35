import { Card, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BadgeBudget } from '../utils/field-form';

/** Spec §5: at most four custom fields print on a badge; how many places are taken. */
export function BadgeBudgetCard({ budget }: { budget: BadgeBudget }) {
  const { t } = useTranslation('custom-fields');
  const full = budget.used >= budget.max;
  return (
    <Card withBorder radius="md" p="md" data-testid="custom-fields-badge-budget">
      <Group wrap="nowrap" gap="md" align="center">
        <ThemeIcon size={40} radius="md" variant="light" color={full ? 'orange' : 'blue'}>
          <IconId size={22} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1 }}>
          <Group justify="space-between" gap="xs">
            <Text fw={600}>{t('badge.title')}</Text>
            <Text fw={600} data-testid="custom-fields-badge-usage">
              {t('badge.usage', { used: budget.used, max: budget.max })}
            </Text>
          </Group>
          <Progress
            value={(budget.used / budget.max) * 100}
            color={full ? 'orange' : 'blue'}
            size="sm"
            aria-label={t('badge.usage', { used: budget.used, max: budget.max })}
          />
          <Text size="sm" c="dimmed">
            {full ? t('badge.full', { max: budget.max }) : t('badge.hint', { max: budget.max })}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
