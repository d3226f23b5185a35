import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ImportStepCardProps = {
  step: number;
  title: string;
  description: string;
  /** Done: its number becomes a check (and says so to screen readers). */
  done?: boolean;
  /** Optional steps say so beside their title. */
  optional?: boolean;
  testId: string;
  children?: ReactNode;
};

/** One numbered step of the import. */
export function ImportStepCard({ step, title, description, done, optional, testId, children }: ImportStepCardProps) {
  const { t } = useTranslation('people-import');
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId} data-done={done || undefined}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon
          size={32}
          radius="xl"
          variant={done ? 'filled' : 'light'}
          color={done ? 'teal' : undefined}
          aria-hidden
        >
          {done ? <IconCheck size={18} /> : <Text fw={700}>{step}</Text>}
        </ThemeIcon>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <Stack gap={2}>
            <Title order={3} size="h4">
              {t('steps.step', { step })} · {title}
              {optional && (
                <Text span c="dimmed" size="sm" fw={400} ms={8}>
                  {t('steps.optional')}
                </Text>
              )}
              {done && (
                <Text span c="teal.9" size="sm" fw={500} ms={8}>
                  {t('steps.done')}
                </Text>
              )}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
          {children}
        </Stack>
      </Group>
    </Card>
  );
}
