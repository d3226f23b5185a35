import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SectionCardProps = { id?: string; icon: ReactNode; title: string; description?: string; children: ReactNode };

export function SectionCard({ id, icon, title, description, children }: SectionCardProps) {
  return (
    <Card
      id={id}
      withBorder
      radius="md"
      padding="lg"
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 16px)' }}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md">
            {icon}
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={4}>{title}</Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
