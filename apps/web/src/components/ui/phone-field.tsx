import { Grid, NativeSelect, Select, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PERSON_LIMITS } from '@app/shared/people/schemas';
import { callingCodeOptions, digitsOnly } from '@/lib/country-codes';

export type PhoneFieldTexts = {
  code: string;
  codePlaceholder: string;
  phone: string;
  phonePlaceholder: string;
  nothingFound: string;
};

export type PhoneFieldProps = {
  code: string;
  phone: string;
  onCode: (code: string) => void;
  onPhone: (phone: string) => void;
  codeError?: ReactNode;
  phoneError?: ReactNode;
  required?: boolean;
  /** The words of the screen that uses it, in its own namespace. */
  texts: PhoneFieldTexts;
  /** Beside the number, e.g. whether it is already taken. */
  rightSection?: ReactNode;
  /** data-testid of the country-code select and of the number input. */
  codeTestId: string;
  phoneTestId: string;
};

/**
 * Spec §5 "Phone: digits only ... Country code required": a country-code select and a number input
 * that keeps only digits, so typing letters does nothing.
 */
export function PhoneField(props: PhoneFieldProps) {
  const { i18n } = useTranslation();
  // On a touch screen the phone's own picker: a searchable list there scrolled the field away under
  // the on-screen keyboard and its options out of sight.
  const touch = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
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
        {touch ? (
          <NativeSelect
            label={props.texts.code}
            data={[{ value: '', label: props.texts.codePlaceholder }, ...options]}
            value={props.code}
            onChange={(event) => props.onCode(event.currentTarget.value)}
            error={props.codeError}
            required={props.required}
            data-testid={props.codeTestId}
          />
        ) : (
          <Select
            label={props.texts.code}
            placeholder={props.texts.codePlaceholder}
            data={options}
            value={props.code || null}
            onChange={(value) => props.onCode(value ?? '')}
            searchable
            clearable
            // Picking the chosen code again keeps it (the clear button empties it).
            allowDeselect={false}
            nothingFoundMessage={props.texts.nothingFound}
            error={props.codeError}
            required={props.required}
            data-testid={props.codeTestId}
          />
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 7 }}>
        <TextInput
          label={props.texts.phone}
          placeholder={props.texts.phonePlaceholder}
          value={props.phone}
          onChange={(event) => props.onPhone(digitsOnly(event.currentTarget.value).slice(0, PERSON_LIMITS.phoneMax))}
          inputMode="numeric"
          autoComplete="tel-national"
          dir="ltr"
          maxLength={PERSON_LIMITS.phoneMax}
          required={props.required}
          error={props.phoneError}
          rightSection={props.rightSection}
          data-testid={props.phoneTestId}
        />
      </Grid.Col>
    </Grid>
  );
}
