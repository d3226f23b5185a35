import { Checkbox, NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { COMPLIANCE_LIMITS, VACCINE_PROTOCOLS } from '@app/shared/compliances/schemas';
import type { ComplianceFormValues } from '../utils/compliance-form';

const L = COMPLIANCE_LIMITS;

/** The vaccines a vaccine / PCR compliance accepts, and whether (and for how long) a negative test counts. */
export function VaccineEditor({ form }: { form: UseFormReturnType<ComplianceFormValues> }) {
  const { t } = useTranslation('compliances');
  const acceptPcr = form.values.content.accept_negative_pcr;
  return (
    <Stack gap="md">
      <Checkbox.Group
        label={t('vaccine.protocols')}
        description={t('vaccine.protocols_hint')}
        data-testid="vaccine-protocols"
        {...form.getInputProps('content.protocols')}
        onChange={(value) => {
          form.setFieldValue('content.protocols', value as ComplianceFormValues['content']['protocols']);
          form.clearFieldError('content.protocols');
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
          {VACCINE_PROTOCOLS.map((protocol) => (
            <Checkbox
              key={protocol}
              value={protocol}
              label={t(`vaccine.protocol_names.${protocol}`)}
              data-testid={`vaccine-protocol-${protocol}`}
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Switch
        label={t('vaccine.accept_negative_pcr')}
        description={t('vaccine.accept_negative_pcr_hint')}
        data-testid="vaccine-accept-pcr"
        {...form.getInputProps('content.accept_negative_pcr', { type: 'checkbox' })}
        onChange={(event) => {
          form.setFieldValue('content.accept_negative_pcr', event.currentTarget.checked);
          form.clearFieldError('content.protocols');
        }}
      />
      {acceptPcr && (
        <NumberInput
          label={t('vaccine.pcr_valid_days')}
          description={t('vaccine.pcr_valid_days_hint', { max: L.pcrValidDaysMax })}
          required
          min={L.pcrValidDaysMin}
          max={L.pcrValidDaysMax}
          allowDecimal={false}
          allowNegative={false}
          maw={220}
          data-testid="vaccine-pcr-days"
          {...form.getInputProps('content.pcr_valid_days')}
        />
      )}
    </Stack>
  );
}
