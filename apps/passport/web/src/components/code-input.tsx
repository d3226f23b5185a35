import { Input, PinInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

type CodeInputProps = {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
  disabled?: boolean;
};

/**
 * A six-digit code from an authenticator app: six boxes read as one labelled group, each box named by its
 * place, the phone's number pad, and the code offered by the phone's keyboard when it arrives (one-time-code).
 */
export function CodeInput({
  label,
  description,
  value,
  onChange,
  onComplete,
  error,
  autoFocus,
  disabled,
}: CodeInputProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      labelElement="div"
      role="group"
      aria-labelledby={`${id}-label`}
      labelProps={{ id: `${id}-label` }}
      errorProps={{ id: `${id}-error` }}
    >
      <PinInput
        id={id}
        mt={6}
        // Digits read left to right in every language: the first digit goes in the first box on the left.
        dir="ltr"
        length={6}
        type="number"
        inputMode="numeric"
        oneTimeCode
        placeholder=""
        size="md"
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={Boolean(error)}
        autoFocus={autoFocus}
        disabled={disabled}
        getInputProps={(index) => ({
          'aria-label': t('code.digit', { n: index + 1, total: 6 }),
          'aria-describedby': error ? `${id}-error` : undefined,
        })}
      />
    </Input.Wrapper>
  );
}
