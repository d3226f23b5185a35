import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserTypeNode } from '@app/shared/user-types/schemas';
import { ApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useMoveUserType } from '../api/move-user-type';
import { subtreeIds, type FlatUserType } from './user-type-flatten';

const TOP = '__top__';

type MoveUserTypeModalProps = { node: UserTypeNode; all: FlatUserType[]; onClose: () => void };

/** Moves a type under another parent or to the top; its own branch is not offered. */
export function MoveUserTypeModal({ node, all, onClose }: MoveUserTypeModalProps) {
  const { t } = useTranslation('user-types');
  const move = useMoveUserType();
  const blocked = subtreeIds(node);
  const [target, setTarget] = useState<string>(node.parent_id ?? TOP);
  const [error, setError] = useState<string | null>(null);
  const options = [
    { value: TOP, label: t('move.top') },
    ...all
      .filter(({ node: n }) => !blocked.has(n.id))
      .map(({ node: n, depth }) => ({ value: n.id, label: `${'— '.repeat(depth)}${n.name}` })),
  ];

  const save = () =>
    move.mutate(
      { id: node.id, parentId: target === TOP ? null : target },
      {
        onSuccess: () => {
          notifySuccess(t('move.done', { name: node.name }));
          onClose();
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : null),
      },
    );

  return (
    <Modal opened onClose={onClose} title={t('move.title', { name: node.name })} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('move.description')}
        </Text>
        <Select
          data={options}
          value={target}
          onChange={(v) => setTarget(v ?? TOP)}
          allowDeselect={false}
          error={error}
          data-testid="user-type-move-target"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            loading={move.isPending}
            onClick={save}
            disabled={target === (node.parent_id ?? TOP)}
            data-testid="user-type-move-save"
          >
            {t('move.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
