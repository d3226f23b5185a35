import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PERSON_LIMITS } from '@app/shared/people/schemas';
import { PhoneField } from '@/components/ui/phone-field';

type TextName = 'first_name' | 'last_name' | 'email' | 'company_name';

/** What the fields need of the form they are part of (the self-registration or the confirmation form). */
type VisitorForm = {
  values: { phone_code: string; phone: string };
  errors: Record<string, ReactNode>;
  getInputProps: (path: TextName) => GetInputPropsReturnType;
  setFieldValue: (path: 'phone_code' | 'phone', value: string) => void;
};

type VisitorFieldsProps = { form: VisitorForm; companyRequired: boolean };

/** Who the visitor is: name, company, email and phone with its country code (spec §3 Pre-registration state). */
export function VisitorFields({ form, companyRequired }: VisitorFieldsProps) {
  const { t } = useTranslation('pre-registration');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label={t('visitor.first_name')}
          required
          maxLength={PERSON_LIMITS.nameMax}
          autoComplete="given-name"
          data-testid="pre-registration-first-name"
          {...form.getInputProps('first_name')}
        />
        <TextInput
          label={t('visitor.last_name')}
          required
          maxLength={PERSON_LIMITS.nameMax}
          autoComplete="family-name"
          data-testid="pre-registration-last-name"
          {...form.getInputProps('last_name')}
        />
      </SimpleGrid>
      <TextInput
        label={t('visitor.company_name')}
        placeholder={t('visitor.company_placeholder')}
        required={companyRequired}
        maxLength={PERSON_LIMITS.companyNameMax}
        autoComplete="organization"
        data-testid="pre-registration-company"
        {...form.getInputProps('company_name')}
      />
      <TextInput
        label={t('visitor.email')}
        placeholder="name@example.com"
        required
        type="email"
        inputMode="email"
        dir="ltr"
        maxLength={PERSON_LIMITS.emailMax}
        autoComplete="email"
        data-testid="pre-registration-email"
        {...form.getInputProps('email')}
      />
      <PhoneField
        code={form.values.phone_code}
        phone={form.values.phone}
        onCode={(code) => form.setFieldValue('phone_code', code)}
        onPhone={(phone) => form.setFieldValue('phone', phone)}
        codeError={form.errors.phone_code as string | undefined}
        phoneError={form.errors.phone as string | undefined}
        required
        texts={{
          code: t('visitor.phone_code'),
          codePlaceholder: t('visitor.phone_code_placeholder'),
          phone: t('visitor.phone'),
          phonePlaceholder: t('visitor.phone_placeholder'),
          nothingFound: t('visitor.nothing_found'),
        }}
        codeTestId="pre-registration-phone-code"
        phoneTestId="pre-registration-phone"
      />
    </Stack>
  );
}
