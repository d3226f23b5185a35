import { Grid, Loader, Select, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PERSON_LIMITS } from '@app/shared/people/schemas';
import type { UniqueStatus } from '../hooks/use-unique-status';
import { callingCodeOptions, digitsOnly } from '../utils/country-codes';

type PhoneFieldProps = {
  code: string;
  phone: string;
  onCode: (code: string) => void;
  onPhone: (phone: string) => void;
  codeError?: string;
  phoneError?: string;
  required?: boolean;
  unique: UniqueStatus;
};

/**
 * Spec §5 "Phone: digits only ... Country code required": a country-code select and a number input
 * that keeps only digits, so typing letters does nothing.
 */
export function PhoneField(props: PhoneFieldProps) {
  const { t, i18n } = useTranslation('users');
  const options = useMemo(() => {
    const list = callingCodeOptions(i18n.language);
    // A code stored before (or by an import) that the list does not know still shows.
    if (props.code && !list.some((o) => o.value === props.code))
      list.unshift({ value: props.code, code: props.code, label: `+${props.code}` });
    return list;
  }, [i18n.language, props.code]);

  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, xs: 5 }}>
        <Select
          label={t('form.phone_code')}
          placeholder={t('form.phone_code_placeholder')}
          data={options}
          value={props.code || null}
          onChange={(value) => props.onCode(value ?? '')}
          searchable
          clearable
          nothingFoundMessage={t('filters.nothing_found')}
          error={props.codeError}
          required={props.required}
          data-testid="person-phone-code"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 7 }}>
        <TextInput
          label={t('form.phone')}
          placeholder={t('form.phone_placeholder')}
          value={props.phone}
          onChange={(event) => props.onPhone(digitsOnly(event.currentTarget.value).slice(0, PERSON_LIMITS.phoneMax))}
          inputMode="numeric"
          autoComplete="tel-national"
          dir="ltr"
          maxLength={PERSON_LIMITS.phoneMax}
          required={props.required}
          error={props.phoneError ?? props.unique.message ?? undefined}
          rightSection={<UniqueMark status={props.unique} />}
          data-testid="person-phone"
        />
      </Grid.Col>
    </Grid>
  );
}

/** A spinner while the value is checked, a tick once it is free. */
export function UniqueMark({ status }: { status: UniqueStatus }) {
  const { t } = useTranslation('users');
  if (status.state === 'checking') return <Loader size={14} aria-label={t('form.checking')} />;
  if (status.state === 'available')
    return <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-label={t('form.available')} />;
  return null;
}
