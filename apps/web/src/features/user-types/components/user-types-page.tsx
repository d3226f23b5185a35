import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import type { UserTypeNode } from '@app/shared/user-types/schemas';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useDeleteUserType } from '../api/delete-user-type';
import { useUserTypeTree } from '../api/get-user-type-tree';
import { EditUserTypeModal } from './edit-user-type-modal';
import { MoveUserTypeModal } from './move-user-type-modal';
import { flattenUserTypes } from './user-type-flatten';
import { UserTypeQrModal } from './user-type-qr-modal';
import { UserTypeRow, type UserTypeAction } from './user-type-row';

type Open = { action: 'edit' | 'move' | 'qr'; node: UserTypeNode } | null;

export function UserTypesPage() {
  const { t } = useTranslation('user-types');
  const session = useSession();
  const canEdit = isAllowed(session?.permissions, 'add_new_user_type');
  const canSeePermits = isAllowed(session?.permissions, 'user_settings');
  const tree = useUserTypeTree();
  const remove = useDeleteUserType();
  const [open, setOpen] = useState<Open>(null);
  const flat = flattenUserTypes(tree.data ?? []);

  const act = (node: UserTypeNode, action: UserTypeAction) => {
    if (action === 'add_child') return navigateTo(`${paths.addUserType}?parent=${node.id}`);
    if (action === 'visit_permits') return navigateTo(hrefFor(paths.userTypeVisitPermits, { id: node.id }));
    if (action === 'delete') {
      return modals.openConfirmModal({
        title: t('delete.title', { name: node.name }),
        children: <Text size="sm">{t('delete.body')}</Text>,
        labels: { confirm: t('delete.confirm'), cancel: t('common:actions.cancel') },
        confirmProps: { color: 'red', 'data-testid': 'user-type-delete-confirm' },
        onConfirm: () =>
          remove.mutate(node.id, { onSuccess: () => notifySuccess(t('delete.done', { name: node.name })) }),
      });
    }
    setOpen({ action, node });
  };

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
        </div>
        {canEdit && (
          <Button
            component={Link}
            to={paths.addUserType}
            leftSection={<IconPlus size={16} />}
            data-testid="user-type-add"
          >
            {t('add')}
          </Button>
        )}
      </Group>
      {tree.isPending && <Skeleton h={160} radius="md" />}
      {tree.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('load_failed')}
        </Alert>
      )}
      {tree.data?.length === 0 && (
        <Stack align="center" gap="xs" py="xl" data-testid="user-types-empty">
          <IconUsersGroup size={40} stroke={1.4} />
          <Text fw={600}>{t('empty.title')}</Text>
          <Text c="dimmed" size="sm">
            {t('empty.body')}
          </Text>
        </Stack>
      )}
      <Stack gap="xs" data-testid="user-types-tree">
        {flat.map(({ node, depth }) => (
          <UserTypeRow
            key={node.id}
            node={node}
            depth={depth}
            canEdit={canEdit}
            canSeePermits={canSeePermits}
            onAction={(action) => act(node, action)}
          />
        ))}
      </Stack>

      {open?.action === 'edit' && <EditUserTypeModal node={open.node} onClose={() => setOpen(null)} />}
      {open?.action === 'move' && <MoveUserTypeModal node={open.node} all={flat} onClose={() => setOpen(null)} />}
      {open?.action === 'qr' && <UserTypeQrModal node={open.node} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
