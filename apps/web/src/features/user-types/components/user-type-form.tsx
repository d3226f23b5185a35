import { Button, Checkbox, Group, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@app/shared/constants';
import type { UserTypeHost } from '@app/shared/people/schemas';
import {
  PROFILE_FIELDS,
  REGISTRATION_METHODS,
  userTypeBodySchema,
  type UserType,
} from '@app/shared/user-types/schemas';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import type { UserTypeInput } from '../api/create-user-type';
import { HostsPicker } from './hosts-picker';

export type UserTypeFormValues = Required<Omit<UserTypeInput, 'parent_id'>> & { parent_id: string | null };

export const emptyUserType: UserTypeFormValues = {
  name: '',
  parent_id: null,
  registration_method: 'registration_allowed',
  grace_period_minutes: LIMITS.gracePeriodMinMinutes,
  mandatory_profile_data: [],
  can_switch_own_type: false,
  auto_approve_visits: false,
  visits_need_permit: false,
};

export const userTypeValues = (type: UserType): UserTypeFormValues => ({
  name: type.name,
  parent_id: type.parent_id,
  registration_method: type.registration_method,
  grace_period_minutes: type.grace_period_minutes,
  mandatory_profile_data: type.mandatory_profile_data,
  can_switch_own_type: type.can_switch_own_type,
  auto_approve_visits: type.auto_approve_visits,
  visits_need_permit: type.visits_need_permit,
});

type UserTypeFormProps = {
  initial: UserTypeFormValues;
  /** The type's hosts when the form opens (none for a new type). */
  initialHosts?: UserTypeHost[];
  /** Parent choices; omitted when the form edits a type (moving has its own action). */
  parents?: { value: string; label: string }[];
  pending: boolean;
  /** `hosts` is null when the hosts were left as they were. */
  onSubmit: (values: UserTypeFormValues, hosts: string[] | null) => Promise<unknown>;
};

const sameIds = (a: UserTypeHost[], b: UserTypeHost[]) =>
  a.length === b.length && a.every((host) => b.some((other) => other.id === host.id));

/** One form for adding and changing a user type, validated by the same schema as the server. */
export function UserTypeForm({ initial, initialHosts = [], parents, pending, onSubmit }: UserTypeFormProps) {
  const { t } = useTranslation('user-types');
  // Hosts are saved by their own call after the type itself, so they are not part of the type's values.
  const [hosts, setHosts] = useState<UserTypeHost[]>(initialHosts);
  const form = useForm<UserTypeFormValues>({
    initialValues: initial,
    validate: (values) => zodFormErrors(userTypeBodySchema, values, t),
  });

  const submit = form.onSubmit((values) => {
    onSubmit(values, sameIds(hosts, initialHosts) ? null : hosts.map((host) => host.id)).catch((error: unknown) =>
      showServerErrors(form, error, 'name'),
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          required
          maxLength={50}
          data-autofocus
          data-testid="user-type-name"
          {...form.getInputProps('name')}
        />
        {parents && (
          <Select
            label={t('form.parent')}
            placeholder={t('form.no_parent')}
            data={parents}
            clearable
            searchable
            data-testid="user-type-parent"
            {...form.getInputProps('parent_id')}
          />
        )}
        <Select
          label={t('form.registration_method')}
          data={REGISTRATION_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
          allowDeselect={false}
          required
          data-testid="user-type-method"
          {...form.getInputProps('registration_method')}
        />
        <NumberInput
          label={t('form.grace_period')}
          description={t('form.grace_period_hint', { min: LIMITS.gracePeriodMinMinutes })}
          min={LIMITS.gracePeriodMinMinutes}
          max={7 * 24 * 60}
          allowDecimal={false}
          allowNegative={false}
          required
          data-testid="user-type-grace"
          {...form.getInputProps('grace_period_minutes')}
        />
        <Checkbox.Group label={t('form.mandatory_profile_data')} {...form.getInputProps('mandatory_profile_data')}>
          <Group mt="xs" gap="md">
            {PROFILE_FIELDS.map((field) => (
              <Checkbox
                key={field}
                value={field}
                label={t(`profile.${field}`)}
                data-testid={`user-type-profile-${field}`}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Switch
          label={t('form.can_switch_own_type')}
          data-testid="user-type-can-switch"
          {...form.getInputProps('can_switch_own_type', { type: 'checkbox' })}
        />
        <Switch
          label={t('form.auto_approve')}
          data-testid="user-type-auto-approve"
          {...form.getInputProps('auto_approve_visits', { type: 'checkbox' })}
        />
        <Switch
          label={t('form.needs_permit')}
          description={t('form.needs_permit_hint')}
          data-testid="user-type-needs-permit"
          {...form.getInputProps('visits_need_permit', { type: 'checkbox' })}
        />
        <HostsPicker
          value={hosts}
          onChange={(next) => {
            setHosts(next);
            form.clearFieldError('person_ids');
          }}
          error={form.errors.person_ids as string | undefined}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} data-testid="user-type-save">
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
