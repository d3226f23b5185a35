import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type FlowSectionProps = {
  icon: ReactNode;
  title: string;
  description: string;
  /** A message about the whole section (e.g. the server refused its list). */
  error?: ReactNode;
  testId: string;
  children: ReactNode;
};

/** One step of the flow editor: a card with its title, what it is for, and its controls. */
export function FlowSection({ icon, title, description, error, testId, children }: FlowSectionProps) {
  return (
    <Card withBorder radius="md" p="lg" data-testid={testId}>
      <Group gap="sm" wrap="nowrap" align="flex-start" mb="md">
        <ThemeIcon variant="light" size={34} radius="md">
          {icon}
        </ThemeIcon>
        <div>
          <Title order={4}>{title}</Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
      <Stack gap="sm">
        {children}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
