import { NumberInput, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PRIVACY } from '@app/shared/people/privacy';
import type { RetentionFormValues } from '../utils/retention-form';

type RetentionFieldsProps = {
  form: UseFormReturnType<RetentionFormValues>;
  disabled?: boolean;
  /** Prefix of the inputs' data-testids: `<id>-data`, `<id>-scans`. */
  testId: string;
};

/**
 * The two retention days, side by side on a wide screen. What is typed stays as typed (the theme's
 * number inputs do not clamp); the form's check says what is wrong instead.
 */
export function RetentionFields({ form, disabled, testId }: RetentionFieldsProps) {
  const { t } = useTranslation('privacy');
  const common = {
    min: 1,
    max: PRIVACY.maxDays,
    required: true,
    disabled,
  } as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <NumberInput
        {...common}
        label={t('form.data')}
        description={t('company.data_hint')}
        data-testid={`${testId}-data`}
        {...form.getInputProps('data_retention_days')}
      />
      <NumberInput
        {...common}
        label={t('form.scans')}
        description={t('company.scans_hint')}
        data-testid={`${testId}-scans`}
        {...form.getInputProps('scans_retention_days')}
      />
    </SimpleGrid>
  );
}
