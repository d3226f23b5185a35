import { ActionIcon, Badge, Group, Menu, Paper, Text } from '@mantine/core';
import {
  IconArrowsMove,
  IconCalendarCheck,
  IconDots,
  IconPencil,
  IconPlus,
  IconQrcode,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserTypeNode } from '@app/shared/user-types/schemas';

export type UserTypeAction = 'edit' | 'add_child' | 'move' | 'qr' | 'delete' | 'visit_permits';

type UserTypeRowProps = {
  node: UserTypeNode;
  depth: number;
  canEdit: boolean;
  /** The type's visit permits page is a settings page. */
  canSeePermits: boolean;
  onAction: (action: UserTypeAction) => void;
};

export function UserTypeRow({ node, depth, canEdit, canSeePermits, onAction }: UserTypeRowProps) {
  const { t } = useTranslation('user-types');
  return (
    <Paper withBorder radius="md" p="sm" ms={depth * 28} data-testid="user-type-row" data-name={node.name}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconUsersGroup size={18} stroke={1.6} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end" dir="auto">
              {node.name}
            </Text>
            <Group gap={6}>
              <Badge size="xs" variant="light">
                {t(`methods.${node.registration_method}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('row.grace', { minutes: node.grace_period_minutes })}
              </Text>
              {node.auto_approve_visits && (
                <Badge size="xs" variant="light" color="teal">
                  {t('row.auto_approve')}
                </Badge>
              )}
              {node.visits_need_permit && (
                <Badge size="xs" variant="light" color="orange" data-testid="user-type-needs-permit-badge">
                  {t('row.needs_permit')}
                </Badge>
              )}
            </Group>
          </div>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('row.actions_for', { name: node.name })}
              data-testid="user-type-actions"
            >
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconQrcode size={16} />} onClick={() => onAction('qr')} data-testid="user-type-qr">
              {t('row.qr')}
            </Menu.Item>
            {canSeePermits && (
              <Menu.Item
                leftSection={<IconCalendarCheck size={16} />}
                onClick={() => onAction('visit_permits')}
                data-testid="user-type-visit-permits"
              >
                {t('visit-permits:links.user_type')}
              </Menu.Item>
            )}
            {canEdit && (
              <>
                <Menu.Item
                  leftSection={<IconPencil size={16} />}
                  onClick={() => onAction('edit')}
                  data-testid="user-type-edit"
                >
                  {t('row.edit')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconPlus size={16} />}
                  onClick={() => onAction('add_child')}
                  data-testid="user-type-add-child"
                >
                  {t('row.add_child')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconArrowsMove size={16} />}
                  onClick={() => onAction('move')}
                  data-testid="user-type-move"
                >
                  {t('row.move')}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => onAction('delete')}
                  data-testid="user-type-delete"
                >
                  {t('row.delete')}
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
}
