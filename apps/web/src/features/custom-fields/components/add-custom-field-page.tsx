import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { planHasCustomFields } from '@app/shared/custom-fields/schemas';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useSearchText } from '@/lib/search-param';
import { useSession } from '@/lib/session';
import { useCustomField } from '../api/get-custom-field';
import { useSections } from '../api/list-sections';
import { CustomFieldForm } from './custom-field-form';
import { PlanRequired } from './plan-required';

/**
 * `/add-custom-field`: adds a field, or changes one with `?id=`; `?section=` chooses the section
 * first. Saving returns to the list with the spec's "Created/Updated successfully" toast.
 */
export function AddCustomFieldPage() {
  const { t } = useTranslation('custom-fields');
  const session = useSession();
  const id = useSearchText('id');
  const editing = id !== null;
  return (
    <Stack gap="lg" maw={1180}>
      <div>
        <Title order={2}>{t(editing ? 'form.edit_title' : 'form.add_title')}</Title>
        <Text c="dimmed">{t('form.description')}</Text>
      </div>
      {session && !planHasCustomFields(session.entity.plan) ? (
        <PlanRequired session={session} />
      ) : (
        <FieldEditor id={id} />
      )}
    </Stack>
  );
}

function FieldEditor({ id }: { id: string | null }) {
  const { t } = useTranslation('custom-fields');
  const sectionParam = useSearchText('section');
  const sections = useSections();
  const field = useCustomField(id);

  if (sections.isError || field.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {t('form.load_failed')}
      </Alert>
    );
  }
  if (sections.isPending || (id !== null && field.isPending)) return <Skeleton h={420} radius="md" />;
  return (
    <CustomFieldForm
      // A new field or another field starts a fresh form.
      key={field.data?.id ?? 'new'}
      sections={sections.data}
      field={field.data}
      initialSectionId={sectionParam}
      onSaved={(outcome) => {
        notifySuccess(t(outcome === 'created' ? 'form.created' : 'form.updated'));
        navigateTo(paths.customFields);
      }}
    />
  );
}
