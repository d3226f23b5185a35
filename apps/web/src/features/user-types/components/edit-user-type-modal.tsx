import { Alert, Modal, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserTypeNode } from '@app/shared/user-types/schemas';
import { notifySuccess } from '@/lib/notify';
import { useUserTypeHosts } from '../api/get-user-type-hosts';
import { useSetUserTypeHosts } from '../api/set-user-type-hosts';
import { useUpdateUserType } from '../api/update-user-type';
import { UserTypeForm, userTypeValues } from './user-type-form';

/** Changes a user type and its hosts; the hosts are loaded before the form opens. */
export function EditUserTypeModal({ node, onClose }: { node: UserTypeNode; onClose: () => void }) {
  const { t } = useTranslation('user-types');
  const hosts = useUserTypeHosts(node.id);
  const update = useUpdateUserType();
  const setHosts = useSetUserTypeHosts();

  return (
    <Modal opened onClose={onClose} title={t('edit.title', { name: node.name })} size="lg" centered>
      {hosts.isPending && (
        <Stack gap="md">
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={120} />
        </Stack>
      )}
      {hosts.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('load_failed')}
        </Alert>
      )}
      {hosts.data && (
        <UserTypeForm
          initial={userTypeValues(node)}
          initialHosts={hosts.data}
          pending={update.isPending || setHosts.isPending}
          onSubmit={async ({ parent_id: _parent, ...body }, hostIds) => {
            await update.mutateAsync({ id: node.id, body });
            if (hostIds) await setHosts.mutateAsync({ id: node.id, personIds: hostIds });
            notifySuccess(t('edit.done'));
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
