import { Alert, Button, Divider, Fieldset, Grid, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListedCustomField } from '@app/shared/custom-fields/schemas';
import { PERSON_LIMITS, type AssignableRole, type Person } from '@app/shared/people/schemas';
import { CustomFieldInput } from '@/components/custom-fields/custom-field-input';
import { ApiError, joinErrorMessages } from '@/lib/api-client';
import { serverFormErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { roleName } from '@/lib/role-name';
import { useCreatePerson } from '../api/create-person';
import { useDeletePersonPhoto } from '../api/delete-person-photo';
import { useSiteTree } from '../api/get-site-tree';
import { useUserTypeTree } from '../api/get-user-type-tree';
import { useUpdatePerson } from '../api/update-person';
import { useUploadPersonPhoto } from '../api/upload-person-photo';
import { useUniqueStatus } from '../hooks/use-unique-status';
import {
  mandatoryProfileData,
  personBody,
  personFormValues,
  validatePersonForm,
  type PersonFormValues,
} from '../utils/person-form';
import { siteOptions, userTypeOptions } from '../utils/tree-options';
import { DepartmentField } from './department-field';
import { LabelField } from './label-field';
import { OptionMultiSelect } from './option-multi-select';
import { PhoneField, UniqueMark } from './phone-field';
import { NO_PHOTO_CHANGE, PhotoField, type PhotoChoice } from './photo-field';

// The country code used last on this browser starts the next new person's phone.
const PHONE_CODE_KEY = 'users.phone_code';

type PersonFormProps = {
  person: Person | null;
  /** The roles the admin may give. */
  roles: readonly AssignableRole[];
  /** The company's profile custom fields; null on a plan without custom fields. */
  fields: readonly ListedCustomField[] | null;
  onSaved: () => void;
  onCancel: () => void;
};

/** Fields grouped by their section, in the order the company set. */
function bySection(fields: readonly ListedCustomField[]) {
  const sections = new Map<string, { name: string; fields: ListedCustomField[] }>();
  for (const field of fields) {
    const section = sections.get(field.section_id) ?? { name: field.section_name, fields: [] };
    section.fields.push(field);
    sections.set(field.section_id, section);
  }
  return [...sections.entries()].map(([id, section]) => ({ id, ...section }));
}

const labelKey = (label: string) => label.trim().replace(/\s+/gu, ' ').toLocaleLowerCase();

export function PersonForm({ person, roles, fields, onSaved, onCancel }: PersonFormProps) {
  const { t } = useTranslation('users');
  // A custom field named like one of the form's own fields (a "Company" made before such names were
  // refused) is told apart by a suffix, so the form never shows two fields with one label.
  const builtInLabels = new Set(
    [
      t('form.first_name'),
      t('form.last_name'),
      t('form.email'),
      t('form.phone'),
      t('form.id_number'),
      t('form.company_name'),
      t('form.sites'),
      t('form.user_types'),
    ].map(labelKey),
  );
  const siteTree = useSiteTree();
  const typeTree = useUserTypeTree();
  const create = useCreatePerson();
  const update = useUpdatePerson();
  const upload = useUploadPersonPhoto();
  const removePhoto = useDeletePersonPhoto();

  // Set once the person exists: a photo refused after creating them is retried as an edit.
  const [saved, setSaved] = useState<Person | null>(person);
  const [photo, setPhoto] = useState<PhotoChoice>(NO_PHOTO_CHANGE);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const form = useForm<PersonFormValues>({
    initialValues: personFormValues(person, fields ?? [], {
      phoneCode: localStorage.getItem(PHONE_CODE_KEY) ?? '',
      // A new person starts with the usual role (the drawer opens the form once roles are loaded).
      roleId: roles.find((r) => r.key === 'employee')?.id ?? roles[0]?.id ?? null,
    }),
  });
  const values = form.values;

  const mandatory = useMemo(
    () => mandatoryProfileData(typeTree.data ?? [], values.user_type_ids),
    [typeTree.data, values.user_type_ids],
  );
  const hasPhoto = photo.file !== null || (!photo.remove && saved?.photo_url != null);

  const excludeId = saved?.id;
  const emailStatus = useUniqueStatus('email', values.email, { excludeId, original: saved?.email });
  const phoneStatus = useUniqueStatus('phone', values.phone, {
    excludeId,
    phoneCode: values.phone_code,
    original: saved?.phone,
    originalCode: saved?.phone_code,
  });
  const idStatus = useUniqueStatus('id_number', values.id_number, { excludeId, original: saved?.id_number });
  const taken = [emailStatus, phoneStatus, idStatus].some((s) => s.state === 'taken');

  const lockedSites = (saved?.sites ?? []).filter((s) => !s.accessible);
  const roleOptions = useMemo(() => {
    const list = roles.map((r) => ({ value: r.id, label: roleName(r, t) }));
    // A role the admin may not give still shows as the person's current one.
    if (saved && !list.some((r) => r.value === saved.role.id))
      list.push({ value: saved.role.id, label: roleName(saved.role, t) });
    return list;
  }, [roles, saved, t]);

  const showServerErrors = (failure: unknown) => {
    if (!(failure instanceof ApiError)) return;
    form.setErrors(serverFormErrors(failure.fields));
    if (failure.fields.photo) setPhotoError(failure.fields.photo.join(' '));
    // Spec §8: a refused create or update lists every message of the errors object.
    notifyError(joinErrorMessages(failure.fields) || failure.message);
  };

  const savePhoto = async (id: string): Promise<boolean> => {
    try {
      if (photo.file) await upload.mutateAsync({ id, file: photo.file });
      else if (photo.remove) await removePhoto.mutateAsync(id);
      setPhoto(NO_PHOTO_CHANGE);
      return true;
    } catch (failure) {
      if (failure instanceof ApiError) setPhotoError(failure.fields.photo?.join(' ') ?? failure.message);
      return false;
    }
  };

  const save = async (formValues: PersonFormValues) => {
    const errors = validatePersonForm(formValues, { fields, mandatory, hasPhoto }, t);
    setPhotoError(errors.photo);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0 || taken) return;
    const body = personBody(formValues, fields);
    setSaving(true);
    try {
      if (formValues.phone_code) localStorage.setItem(PHONE_CODE_KEY, formValues.phone_code);
      if (!saved) {
        const created = await create.mutateAsync(body);
        setSaved(created);
        notifySuccess(t('toasts.user_created'));
        if (!(await savePhoto(created.id))) return;
      } else {
        // A new photo goes first: the new user types may require one.
        if (photo.file && !(await savePhoto(saved.id))) return;
        const updated = await update.mutateAsync({ id: saved.id, ...body });
        setSaved(updated);
        if (photo.remove && !(await savePhoto(saved.id))) return;
        notifySuccess(t('toasts.user_updated'));
      }
      onSaved();
    } catch (failure) {
      showServerErrors(failure);
    } finally {
      setSaving(false);
    }
  };
  const submit = form.onSubmit((formValues) => void save(formValues));

  const text = (name: 'first_name' | 'last_name' | 'id_number' | 'company_name', max: number, extra = {}) => ({
    ...form.getInputProps(name),
    maxLength: max,
    'data-testid': `person-${name.replaceAll('_', '-')}`,
    ...extra,
  });

  return (
    <form onSubmit={submit} noValidate data-testid="person-form">
      <Stack gap="md">
        {saved && !person && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
            {t('form.created_photo_failed')}
          </Alert>
        )}
        <PhotoField
          name={`${values.first_name} ${values.last_name}`.trim()}
          current={saved?.photo_url ?? null}
          value={photo}
          onChange={(choice) => {
            setPhoto(choice);
            setPhotoError(undefined);
          }}
          error={photoError}
          required={mandatory.has('photo')}
        />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('form.first_name')}
              required
              data-autofocus
              {...text('first_name', PERSON_LIMITS.nameMax)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('form.last_name')} required {...text('last_name', PERSON_LIMITS.nameMax)} />
          </Grid.Col>
        </Grid>
        <TextInput
          label={t('form.email')}
          type="email"
          autoComplete="off"
          dir="ltr"
          maxLength={PERSON_LIMITS.emailMax}
          required={mandatory.has('email')}
          {...form.getInputProps('email')}
          error={form.errors.email ?? emailStatus.message ?? undefined}
          rightSection={<UniqueMark status={emailStatus} />}
          data-testid="person-email"
        />
        <PhoneField
          code={values.phone_code}
          phone={values.phone}
          onCode={(code) => form.setFieldValue('phone_code', code)}
          onPhone={(phone) => form.setFieldValue('phone', phone)}
          codeError={form.errors.phone_code as string | undefined}
          phoneError={form.errors.phone as string | undefined}
          required={mandatory.has('phone')}
          unique={phoneStatus}
        />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('form.id_number')}
              required={mandatory.has('id_number')}
              dir="ltr"
              {...text('id_number', PERSON_LIMITS.idNumberMax)}
              error={form.errors.id_number ?? idStatus.message ?? undefined}
              rightSection={<UniqueMark status={idStatus} />}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('form.company_name')}
              required={mandatory.has('company_name')}
              {...text('company_name', PERSON_LIMITS.companyNameMax)}
            />
          </Grid.Col>
        </Grid>

        <Divider label={t('form.access_section')} labelPosition="left" />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('form.role')}
              required
              data={roleOptions}
              value={values.role_id}
              onChange={(value) => form.setFieldValue('role_id', value)}
              error={form.errors.role_id}
              allowDeselect={false}
              disabled={saved?.is_default || saved?.is_self}
              description={saved?.is_default || saved?.is_self ? t('form.role_locked') : undefined}
              data-testid="person-role"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DepartmentField
              value={values.department_id}
              onChange={(id) => form.setFieldValue('department_id', id)}
              error={form.errors.department_id as string | undefined}
            />
          </Grid.Col>
        </Grid>
        <OptionMultiSelect
          label={t('form.sites')}
          placeholder={values.site_ids.length === 0 ? t('form.sites_placeholder') : undefined}
          required
          options={siteOptions(siteTree.data ?? [])}
          value={values.site_ids}
          onChange={(ids) => form.setFieldValue('site_ids', ids)}
          error={form.errors.site_ids}
          nothingFoundMessage={t('filters.nothing_found')}
          locked={{
            values: lockedSites.map((s) => s.id),
            reason: t('form.site_locked'),
            labels: Object.fromEntries(lockedSites.map((s) => [s.id, s.name])),
          }}
          data-testid="person-sites"
        />
        <OptionMultiSelect
          label={t('form.user_types')}
          placeholder={values.user_type_ids.length === 0 ? t('form.user_types_placeholder') : undefined}
          required
          options={userTypeOptions(typeTree.data ?? [])}
          value={values.user_type_ids}
          onChange={(ids) => form.setFieldValue('user_type_ids', ids)}
          error={form.errors.user_type_ids}
          nothingFoundMessage={t('filters.nothing_found')}
          data-testid="person-user-types"
        />
        <LabelField
          label={t('form.labels')}
          value={values.label_ids}
          onChange={(ids) => form.setFieldValue('label_ids', ids)}
          error={form.errors.label_ids as string | undefined}
          testId="person-labels"
        />

        {fields && fields.length > 0 && (
          <>
            <Divider label={t('form.custom_section')} labelPosition="left" />
            {bySection(fields).map((section) => (
              <Fieldset key={section.id} legend={section.name} radius="md" data-testid="person-custom-section">
                <Stack gap="sm">
                  {section.fields.map((field) => (
                    <CustomFieldInput
                      key={field.id}
                      field={field}
                      value={values.custom_fields[field.id] ?? null}
                      onChange={(value) => form.setFieldValue(`custom_fields.${field.id}`, value)}
                      error={form.errors[`custom_fields.${field.id}`]}
                      testId={`person-custom-${field.id}`}
                      label={
                        builtInLabels.has(labelKey(field.name)) ? (
                          <bdi>{t('form.custom_field_label', { name: field.name })}</bdi>
                        ) : undefined
                      }
                    />
                  ))}
                </Stack>
              </Fieldset>
            ))}
          </>
        )}
        {fields === null && (
          <Text size="xs" c="dimmed">
            {t('form.custom_plan')}
          </Text>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="person-save">
            {saved ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
