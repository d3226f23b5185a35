import { Card, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconArrowUpRight, type Icon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { RoutePath } from '@/config/paths';
import classes from './dashboard-home.module.css';

export type AreaLink = { id: string; path: RoutePath; icon: Icon; disabled: boolean; newTab: boolean };

/** A part of the product the person may open: its menu name, what it is for, and a link to it. */
export function AreaCard({ item, description }: { item: AreaLink; description: string }) {
  const { t } = useTranslation('layout');
  const content = (
    <Card withBorder padding="lg" className={classes.area} data-disabled={item.disabled || undefined} h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light" color={item.disabled ? 'gray' : 'indigo'}>
          <item.icon size={24} stroke={1.6} />
        </ThemeIcon>
        {!item.disabled && <IconArrowUpRight size={18} className={classes.arrow} />}
      </Group>
      <Text fw={650} mt="md">
        {t(`menu.${item.id}`)}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {description}
      </Text>
    </Card>
  );
  if (item.disabled) return <div aria-disabled>{content}</div>;
  if (item.newTab) {
    return (
      <UnstyledButton
        component="a"
        href={item.path}
        target="_blank"
        rel="noopener noreferrer"
        className={classes.areaLink}
        data-testid={`home-area-${item.id}`}
      >
        {content}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton
      renderRoot={(props) => <Link to={item.path} {...props} />}
      className={classes.areaLink}
      data-testid={`home-area-${item.id}`}
    >
      {content}
    </UnstyledButton>
  );
}
