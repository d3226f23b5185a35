import { Loader } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PhoneField as BasePhoneField } from '@/components/ui/phone-field';
import type { UniqueStatus } from '../hooks/use-unique-status';

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

/** The person form's phone: the shared phone field, with whether the number is already taken. */
export function PhoneField({ unique, phoneError, ...props }: PhoneFieldProps) {
  const { t } = useTranslation('users');
  return (
    <BasePhoneField
      {...props}
      phoneError={phoneError ?? unique.message ?? undefined}
      rightSection={<UniqueMark status={unique} />}
      texts={{
        code: t('form.phone_code'),
        codePlaceholder: t('form.phone_code_placeholder'),
        phone: t('form.phone'),
        phonePlaceholder: t('form.phone_placeholder'),
        nothingFound: t('filters.nothing_found'),
      }}
      codeTestId="person-phone-code"
      phoneTestId="person-phone"
    />
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
