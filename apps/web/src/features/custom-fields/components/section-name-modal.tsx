import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CUSTOM_FIELD_LIMITS, sectionBodySchema, type Section } from '@app/shared/custom-fields/schemas';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCreateSection } from '../api/create-section';
import { useUserTypeOptions } from '../api/list-user-types';
import { useUpdateSection } from '../api/update-section';
import { useSectionNameStatus } from '../hooks/use-section-name-status';
import { SectionNameStatusIcon } from './section-name-status-icon';

type SectionNameModalProps = {
  /** The section being renamed; none to add one. */
  section?: Section;
  onClose: () => void;
};

/**
 * Adds or renames a section; the name is checked while it is typed (spec §7 /sections/unique). The
 * user types say whose public forms ask its profile fields (none chosen: every type's).
 */
export function SectionNameModal({ section, onClose }: SectionNameModalProps) {
  const { t } = useTranslation('custom-fields');
  const create = useCreateSection();
  const update = useUpdateSection();
  const types = useUserTypeOptions();
  const form = useForm({
    initialValues: { name: section?.value ?? '', user_type_ids: section?.user_type_ids ?? [] },
    validate: (values) => zodFormErrors(sectionBodySchema, values, t),
  });
  const name = useSectionNameStatus(form.values.name, { excludeId: section?.id, current: section?.value });
  const takenMessage = name.status === 'taken' ? name.message : null;

  const submit = form.onSubmit((values) => {
    if (takenMessage) return;
    const saved = section ? update.mutateAsync({ id: section.id, body: values }) : create.mutateAsync(values);
    saved
      .then(() => {
        notifySuccess(t(section ? 'section.updated' : 'section.created'));
        onClose();
      })
      .catch((error: unknown) => showServerErrors(form, error, 'name'));
  });

  return (
    <Modal opened onClose={onClose} title={t(section ? 'section.rename_title' : 'section.add_title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('section.name')}
            description={t('section.name_hint')}
            required
            data-autofocus
            maxLength={CUSTOM_FIELD_LIMITS.sectionNameMax}
            rightSection={<SectionNameStatusIcon status={name.status} />}
            data-testid="section-name"
            {...form.getInputProps('name')}
            error={form.errors.name ?? takenMessage}
          />
          <MultiSelect
            label={t('section.user_types')}
            description={t('section.user_types_hint')}
            placeholder={form.values.user_type_ids.length ? undefined : t('section.user_types_all')}
            data={types.data ?? []}
            searchable
            clearable
            nothingFoundMessage={t('section.user_types_none')}
            comboboxProps={{ withinPortal: true }}
            data-testid="section-user-types"
            {...form.getInputProps('user_type_ids')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              disabled={name.status === 'taken'}
              data-testid="section-save"
            >
              {t('section.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
