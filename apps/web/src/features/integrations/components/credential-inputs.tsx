import { PasswordInput, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { INTEGRATION_LIMITS } from '@app/shared/integrations/schemas';
import { isKnownCredentialKey, type CredentialField } from '../utils/directories';

type CredentialInputsProps = {
  fields: readonly CredentialField[];
  /** What the form gives each input: Mantine's `form.getInputProps(path)`, the path `credentials.<key>`. */
  inputProps: (path: string) => GetInputPropsReturnType;
  /** Re-authenticating: a secret left empty keeps the stored one, so it is not required. */
  keepSecrets?: boolean;
  disabled?: boolean;
};

/**
 * A directory's credential fields (spec §3 "Config by directory"), each labelled and explained; the
 * secrets are password inputs never filled by the browser. Values are typed left to right in every
 * language (ids, addresses, tokens).
 */
export function CredentialInputs({ fields, inputProps, keepSecrets, disabled }: CredentialInputsProps) {
  const { t } = useTranslation('integrations');
  return fields.map((field) => {
    const known = isKnownCredentialKey(field.key);
    const common = {
      label: known ? t(`credentials.${field.key}.label`) : field.key,
      description:
        field.secret && keepSecrets
          ? t('credentials.keep_secret')
          : known
            ? t(`credentials.${field.key}.hint`)
            : undefined,
      required: !(field.secret && keepSecrets),
      maxLength: INTEGRATION_LIMITS.configValueMax,
      autoComplete: field.autoComplete,
      spellCheck: false,
      disabled,
      dir: 'ltr' as const,
      'data-testid': `credential-${field.key}`,
      ...inputProps(`credentials.${field.key}`),
    };
    return field.secret ? (
      <PasswordInput
        key={field.key}
        {...common}
        visibilityToggleButtonProps={{ 'aria-label': t('credentials.toggle_visibility', { label: common.label }) }}
      />
    ) : (
      <TextInput
        key={field.key}
        type={field.url ? 'url' : 'text'}
        inputMode={field.url ? 'url' : undefined}
        {...common}
      />
    );
  });
}
