import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSearchText } from '@/lib/search-param';
import { useCreateUserType } from '../api/create-user-type';
import { useUserTypeTree } from '../api/get-user-type-tree';
import { useSetUserTypeHosts } from '../api/set-user-type-hosts';
import { flattenUserTypes } from './user-type-flatten';
import { emptyUserType, UserTypeForm } from './user-type-form';

/** Adds a user type; afterwards the list opens (spec §2 "User type created: /user-types"). */
export function AddUserTypePage() {
  const { t } = useTranslation('user-types');
  const tree = useUserTypeTree();
  const create = useCreateUserType();
  const setHosts = useSetUserTypeHosts();
  const parent = useSearchText('parent');
  const parents = flattenUserTypes(tree.data ?? []).map(({ node, depth }) => ({
    value: node.id,
    label: `${'— '.repeat(depth)}${node.name}`,
  }));

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={2}>{t('add_title')}</Title>
        <Text c="dimmed">{t('add_description')}</Text>
      </div>
      <Card withBorder radius="md" p="lg">
        {tree.isPending ? null : (
          <UserTypeForm
            initial={{ ...emptyUserType, parent_id: parents.some((p) => p.value === parent) ? parent : null }}
            parents={parents}
            pending={create.isPending || setHosts.isPending}
            onSubmit={async (values, hosts) => {
              const created = await create.mutateAsync(values);
              if (hosts?.length) {
                // The type exists now: a refusal of its hosts is reported, and the list opens anyway.
                await setHosts.mutateAsync({ id: created.id, personIds: hosts }).catch((error: unknown) => {
                  if (error instanceof ApiError) notifyError(t('hosts.save_failed', { message: error.message }));
                });
              }
              notifySuccess(t('created'));
              navigateTo(paths.userTypes);
            }}
          />
        )}
      </Card>
    </Stack>
  );
}
