import { Box, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BrandMark } from './brand-mark';
import classes from './status-page.module.css';

type StatusPageProps = {
  icon: Icon;
  color: string;
  title: string;
  description: ReactNode;
  code?: string;
  actions?: ReactNode;
  /** Outside the app layout: fills the window and shows the product's mark. */
  standalone?: boolean;
  testId: string;
};

/** The shared look of the app's status pages: not found, error, two-step required, link expired. */
export function StatusPage({
  icon: StatusIcon,
  color,
  title,
  description,
  code,
  actions,
  standalone,
  testId,
}: StatusPageProps) {
  const body = (
    <Stack align="center" gap="lg" maw={520} ta="center" data-testid={testId}>
      <Box pos="relative">
        {code && (
          <Text className={classes.code} aria-hidden="true">
            {code}
          </Text>
        )}
        <ThemeIcon size={84} radius={999} variant="light" color={color} className={classes.icon}>
          <StatusIcon size={44} stroke={1.5} />
        </ThemeIcon>
      </Box>
      <Stack gap={8} align="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        {typeof description === 'string' ? (
          <Text c="dimmed" size="md">
            {description}
          </Text>
        ) : (
          description
        )}
      </Stack>
      {actions && (
        <Group justify="center" gap="sm">
          {actions}
        </Group>
      )}
    </Stack>
  );

  if (!standalone) return <Center mih="60vh">{body}</Center>;
  return (
    <Box className={classes.screen}>
      <Box className={classes.mark}>
        <BrandMark />
      </Box>
      <Center mih="100dvh" p="md">
        {body}
      </Center>
    </Box>
  );
}
