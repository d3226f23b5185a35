import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What a modal shows instead of its form when there is nothing to choose (no area to add or move to). */
export function NothingToChoose({
  message,
  testId,
  onClose,
}: {
  message: string;
  testId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md">
      <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid={testId}>
        {message}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('actions.close')}
        </Button>
      </Group>
    </Stack>
  );
}
