import { Button, Group, PasswordInput, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type PasswordConfirmFieldsProps = {
  /** The form's `getInputProps('password')`. */
  inputProps: GetInputPropsReturnType;
  label: string;
  hint: string;
  /** A refusal about something else than the password (shown above the buttons). */
  refusal: string | null;
  busy: boolean;
  confirmLabel: string;
  onCancel: () => void;
  /** Prefix of the test ids: `-password`, `-error`, `-confirm`. */
  testId: string;
  /** Shown between the refusal and the buttons (a progress line). */
  children?: ReactNode;
};

/**
 * The end of a dialog that does something that cannot be undone: the admin's own password, what was
 * refused, Cancel and the red confirmation (the privacy manager's Delete now, a person's erasure).
 */
export function PasswordConfirmFields({
  inputProps,
  label,
  hint,
  refusal,
  busy,
  confirmLabel,
  onCancel,
  testId,
  children,
}: PasswordConfirmFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={label}
        description={hint}
        autoComplete="current-password"
        required
        data-autofocus
        disabled={busy}
        data-testid={`${testId}-password`}
        {...inputProps}
      />
      {refusal && (
        <Text size="sm" c="red.8" role="alert" data-testid={`${testId}-error`}>
          {refusal}
        </Text>
      )}
      {children}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" color="red.8" loading={busy} data-testid={`${testId}-confirm`}>
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
}
