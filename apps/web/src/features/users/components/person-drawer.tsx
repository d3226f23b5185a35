import { Alert, Center, Drawer, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { planHasCustomFields } from '@app/shared/custom-fields/schemas';
import { useSession } from '@/lib/session';
import { usePerson } from '../api/get-person';
import { useAssignableRoles } from '../api/list-assignable-roles';
import { useProfileCustomFields } from '../api/list-profile-custom-fields';
import { useSiteTree } from '../api/get-site-tree';
import { useUserTypeTree } from '../api/get-user-type-tree';
import { PersonDataExport } from './person-data-export';
import { PersonDocuments } from './person-documents';
import { PersonErasure } from './person-erasure';
import { PersonFace } from './person-face';
import { PersonForm } from './person-form';

export type PersonDrawerState = { mode: 'add' } | { mode: 'edit'; id: string; name: string } | null;

/** Adding or editing a person, beside the grid; it opens once everything the form offers has loaded. */
export function PersonDrawer({ state, onClose }: { state: PersonDrawerState; onClose: () => void }) {
  const { t } = useTranslation('users');
  const plan = useSession()?.entity.plan ?? 1;
  const withFields = planHasCustomFields(plan);
  const editId = state?.mode === 'edit' ? state.id : null;
  const person = usePerson(editId);
  const roles = useAssignableRoles();
  const sites = useSiteTree();
  const types = useUserTypeTree();
  const fields = useProfileCustomFields(state !== null && withFields);

  const loading =
    (editId !== null && person.isPending) ||
    roles.isPending ||
    sites.isPending ||
    types.isPending ||
    (withFields && fields.isPending);
  const failed = (editId !== null && person.isError) || roles.isError || (withFields && fields.isError);

  return (
    <Drawer
      opened={state !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={state?.mode === 'edit' ? t('form.edit_title', { name: state.name }) : t('form.add_title')}
      data-testid="person-drawer"
    >
      {state &&
        (failed ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="person-load-failed">
            {editId !== null && person.isError ? t('form.gone') : t('form.load_failed')}
          </Alert>
        ) : loading ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : (
          <>
            <PersonForm
              key={editId ?? 'new'}
              person={editId ? (person.data ?? null) : null}
              roles={roles.data ?? []}
              fields={withFields ? (fields.data ?? []) : null}
              onSaved={onClose}
              onCancel={onClose}
            />
            {/* Documents are the person's own records, kept apart from the details form's Save. */}
            {editId && <PersonDocuments key={editId} personId={editId} />}
            {editId && person.data && (
              <PersonFace
                key={`${editId}-${person.data.photo_url ?? ''}`}
                personId={editId}
                hasPhoto={Boolean(person.data.photo_url)}
              />
            )}
            {editId && <PersonDataExport personId={editId} />}
            {editId && person.data && <PersonErasure person={person.data} onErased={onClose} />}
          </>
        ))}
    </Drawer>
  );
}
