import { Alert, Button, Group, List, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TempUser } from '@app/shared/integrations/schemas';
import { PERSON_LIMITS } from '@app/shared/people/schemas';
import { PhoneField } from '@/components/ui/phone-field';
import { ApiError } from '@/lib/api-client';
import { focusFirstInvalid } from '@/lib/first-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFixTempUserError } from '../api/fix-temp-user-error';
import { useUserTypeOptions } from '../api/get-integration-choices';
import {
  fixErrorBody,
  fixErrorValues,
  problemsOf,
  refusalOf,
  tempUserName,
  type FixErrorValues,
  type FixField,
} from '../utils/fix-error';
import { fixOutcome } from '../utils/fix-result';

type FixErrorModalProps = { integrationId: string; user: TempUser; onClose: () => void };

/** A record with errors to correct (spec §3 fix-error): its values, each with the problem the server found. */
export function FixErrorModal(props: FixErrorModalProps) {
  const { t } = useTranslation('integrations');
  return (
    <Modal
      opened
      onClose={props.onClose}
      size="lg"
      centered
      title={t('fix_error.title', { name: tempUserName(props.user) })}
      data-testid="fix-error-modal"
    >
      <FixErrorForm {...props} />
    </Modal>
  );
}

function FixErrorForm({ integrationId, user: initial, onClose }: FixErrorModalProps) {
  const { t } = useTranslation('integrations');
  const fix = useFixTempUserError();
  const userTypes = useUserTypeOptions();
  const [values, setValues] = useState<FixErrorValues>(() => fixErrorValues(initial));
  // The problems are the server's latest judgement of the record; a refusal, its answer to the last save.
  const [problems, setProblems] = useState(() => problemsOf(initial.problems));
  const [refused, setRefused] = useState<ReturnType<typeof refusalOf> | null>(null);
  const set = (field: keyof FixErrorValues) => (value: string | null) =>
    setValues((current) => ({ ...current, [field]: value ?? '' }));

  const typeOptions = useMemo(() => {
    const list = (userTypes.data ?? []).map((type) => ({ value: type.id, label: type.name }));
    // The record's own type stays choosable while the list loads (or if it is not one of the caller's).
    if (initial.user_type_id && !list.some((o) => o.value === initial.user_type_id))
      list.unshift({ value: initial.user_type_id, label: initial.user_type_name ?? initial.user_type_id });
    return list;
  }, [userTypes.data, initial.user_type_id, initial.user_type_name]);

  const errorOf = (field: FixField) => refused?.fields[field] ?? problems.fields[field];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setRefused(null);
    fix.mutate(
      { id: integrationId, tempId: initial.id, body: fixErrorBody(values) },
      {
        onSuccess: (result) => {
          const outcome = fixOutcome(result, 'error');
          if (outcome.tone === 'success') notifySuccess(outcome.message);
          else notifyError(outcome.message);
          if (outcome.left) {
            onClose();
            return;
          }
          // Still wrong: the form shows what the server found now.
          if (result.user) setProblems(problemsOf(result.user.problems));
          requestAnimationFrame(() => focusFirstInvalid(form));
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          setRefused(refusalOf(error.fields, error.message));
          requestAnimationFrame(() => focusFirstInvalid(form));
        },
      },
    );
  };

  const other = [...problems.other, ...(refused?.other ? [refused.other] : [])];
  return (
    <form onSubmit={submit} noValidate data-testid="fix-error-form">
      <Stack gap="md">
        {other.length > 0 && (
          <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            <List size="sm" spacing={2}>
              {other.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('temp_users.columns.first_name')}
            required
            value={values.first_name}
            onChange={(event) => set('first_name')(event.currentTarget.value)}
            error={errorOf('first_name')}
            maxLength={PERSON_LIMITS.nameMax}
            autoComplete="off"
            data-autofocus
            data-testid="fix-first-name"
          />
          <TextInput
            label={t('temp_users.columns.last_name')}
            required
            value={values.last_name}
            onChange={(event) => set('last_name')(event.currentTarget.value)}
            error={errorOf('last_name')}
            maxLength={PERSON_LIMITS.nameMax}
            autoComplete="off"
            data-testid="fix-last-name"
          />
        </SimpleGrid>
        <TextInput
          label={t('temp_users.columns.email')}
          type="email"
          dir="ltr"
          value={values.email}
          onChange={(event) => set('email')(event.currentTarget.value)}
          error={errorOf('email')}
          maxLength={PERSON_LIMITS.emailMax}
          autoComplete="off"
          data-testid="fix-email"
        />
        <PhoneField
          code={values.phone_code}
          phone={values.phone}
          onCode={set('phone_code')}
          onPhone={set('phone')}
          codeError={errorOf('phone_code')}
          phoneError={errorOf('phone')}
          texts={{
            code: t('fix_error.phone_code'),
            codePlaceholder: t('fix_error.phone_code_placeholder'),
            phone: t('temp_users.columns.phone'),
            phonePlaceholder: t('fix_error.phone_placeholder'),
            nothingFound: t('fix_error.nothing_found'),
          }}
          codeTestId="fix-phone-code"
          phoneTestId="fix-phone"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('temp_users.columns.id_number')}
            dir="ltr"
            value={values.id_number}
            onChange={(event) => set('id_number')(event.currentTarget.value)}
            error={errorOf('id_number')}
            maxLength={PERSON_LIMITS.idNumberMax}
            autoComplete="off"
            data-testid="fix-id-number"
          />
          <Select
            label={t('temp_users.columns.user_type_id')}
            placeholder={t('fix_error.user_type_placeholder')}
            required
            data={typeOptions}
            value={values.user_type_id}
            onChange={(value) => setValues((current) => ({ ...current, user_type_id: value }))}
            searchable
            nothingFoundMessage={t('fix_error.nothing_found')}
            error={errorOf('user_type_id')}
            comboboxProps={{ withinPortal: true }}
            data-testid="fix-user-type"
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={fix.isPending} data-testid="fix-error-save">
            {t('fix_error.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
