// The inputs several forms ask for, with the app's standard props: a password, an email address, a name.
import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../lib/api-error';

type PasswordFieldProps = {
  /** `fields.password` when left out. */
  label?: string;
  /** A new password (with the length hint and the browser's offer to make one up), or the saved one. */
  kind: 'new' | 'current';
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
};

export function PasswordField({ label, kind, value, onChange, error, autoFocus }: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={label ?? t('fields.password')}
      description={kind === 'new' ? t('fields.password_hint') : undefined}
      autoComplete={kind === 'new' ? 'new-password' : 'current-password'}
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      autoFocus={autoFocus}
    />
  );
}

type EmailFieldProps = {
  /** `fields.email` when left out. */
  label?: string;
  /** `username` where it signs in (the browser offers the saved passport), `email` otherwise. */
  autoComplete?: 'email' | 'username';
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

export function EmailField({ label, autoComplete = 'email', required, value, onChange, error }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label ?? t('fields.email')}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      required={required}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

type Names = { first_name: string; last_name: string };

const NAMES = [
  { name: 'first_name', label: 'fields.first_name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'fields.last_name', autoComplete: 'family-name' },
] as const;

/** First and last name side by side (one above the other on a phone). */
export function NameFields({
  values,
  onChange,
  errors,
}: {
  values: Names;
  onChange: (name: keyof Names, value: string) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      {NAMES.map(({ name, label, autoComplete }) => (
        <TextInput
          key={name}
          label={t(label)}
          autoComplete={autoComplete}
          required
          value={values[name]}
          onChange={(event) => onChange(name, event.currentTarget.value)}
          error={errors[name]}
        />
      ))}
    </SimpleGrid>
  );
}
