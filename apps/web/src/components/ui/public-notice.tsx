import { Paper, Stack, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The card a public page shows a visitor in place of a form: what happened (a pass, an enrolled card,
 * a link that cannot be used) under a large round icon, centred, with what to do next below.
 */
export function PublicNotice({
  icon: NoticeIcon,
  color,
  title,
  titleSize = 'h2',
  titleTestId,
  testId,
  children,
}: {
  icon: Icon;
  color: MantineColor;
  title: ReactNode;
  titleSize?: 'h2' | 'h3';
  titleTestId?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid={testId}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={76} radius={999} variant="light" color={color}>
          <NoticeIcon size={42} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size={titleSize} data-testid={titleTestId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
