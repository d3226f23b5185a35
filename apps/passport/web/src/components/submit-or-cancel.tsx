import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type SubmitOrCancelProps = {
  /** What the submit button does. */
  label: string;
  /** The submit button's color (`red.9` for what cannot be taken back); the theme's when left out. */
  color?: string;
  pending: boolean;
  onCancel: () => void;
};

/** The buttons of a form opened in place: send it, or close it unsent. */
export function SubmitOrCancel({ label, color, pending, onCancel }: SubmitOrCancelProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Button type="submit" color={color} loading={pending}>
        {label}
      </Button>
      <Button variant="subtle" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </Group>
  );
}
