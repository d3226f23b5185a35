import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type CompanyHeadingProps = {
  /** The company's logo (public on the dashboard), or its initial when it has none. */
  logo: string | null;
  company: string;
  /** The line in bold: the company, or the place of the company. */
  title: string;
  /** What follows under it, each a dimmed line. */
  lines?: ReactNode[];
  /** At the end of the row: a status. */
  aside?: ReactNode;
};

/** The head of a company's card: its logo, a title and the lines under it, and a status at the end. */
export function CompanyHeading({ logo, company, title, lines = [], aside }: CompanyHeadingProps) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Avatar src={logo} alt="" radius="md" size={44} color="blue">
        {company.charAt(0).toUpperCase()}
      </Avatar>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600}>{title}</Text>
        {lines.map((line, i) => (
          <Text key={i} size="sm" c="dimmed">
            {line}
          </Text>
        ))}
      </Stack>
      {aside && <div style={{ flexShrink: 0 }}>{aside}</div>}
    </Group>
  );
}
