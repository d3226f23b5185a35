import { Fieldset, Grid, NumberInput, type NumberInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CAPACITY_LIMITS } from '@app/shared/capacity/levels';

type PlaceLimitInputsProps = {
  capacity: GetInputPropsReturnType;
  dailyLimit: GetInputPropsReturnType;
  /** Why the place takes no capacity (a check-in-only area): its input is off and says this instead. */
  capacityOff?: string;
  /** One under the other (a narrow dialog), rather than side by side on a wide enough screen. */
  stacked?: boolean;
  testIdPrefix: 'site' | 'area';
};

// What was typed stays as typed (no clamping on blur: the theme's default), decimals and signs let
// through, so a wrong value is said to be wrong by its field's message rather than silently changed.
// The hints sit under the inputs, so two inputs side by side stay level whatever their hints' lengths.
const LIMIT_INPUT: NumberInputProps = {
  min: CAPACITY_LIMITS.min,
  max: CAPACITY_LIMITS.max,
  step: 1,
  inputWrapperOrder: ['label', 'input', 'description', 'error'],
};

/** A place's two optional limits, empty meaning none, each with what it counts. */
export function PlaceLimitInputs({ capacity, dailyLimit, capacityOff, stacked, testIdPrefix }: PlaceLimitInputsProps) {
  const { t } = useTranslation('sites');
  const span = stacked ? 12 : { base: 12, xs: 6 };
  return (
    <Fieldset legend={t('limits.legend')} variant="filled" radius="md" data-testid={`${testIdPrefix}-limits`}>
      <Grid gap="sm">
        <Grid.Col span={span}>
          <NumberInput
            {...LIMIT_INPUT}
            label={t('limits.capacity')}
            description={capacityOff ?? t('limits.capacity_hint')}
            data-testid={`${testIdPrefix}-capacity`}
            {...capacity}
            // Off, it shows no number: the area keeps none.
            {...(capacityOff ? { disabled: true, value: '', error: undefined } : {})}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <NumberInput
            {...LIMIT_INPUT}
            label={t('limits.daily')}
            description={t('limits.daily_hint')}
            data-testid={`${testIdPrefix}-daily-limit`}
            {...dailyLimit}
          />
        </Grid.Col>
      </Grid>
    </Fieldset>
  );
}
