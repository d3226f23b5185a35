import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type EventModalBodyProps = {
  icon: Icon;
  color: string;
  message: ReactNode;
  children?: ReactNode;
  onOkay: () => void;
  okayLabel?: string;
};

/** The common body of the modals real-time events open: an icon, the message, details and one Okay button. */
export function EventModalBody({ icon: EventIcon, color, message, children, onOkay, okayLabel }: EventModalBodyProps) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="xl" variant="light" color={color} style={{ flexShrink: 0 }}>
          <EventIcon size={24} />
        </ThemeIcon>
        <Text size="sm" pt={4}>
          {message}
        </Text>
      </Group>
      {children}
      <Group justify="flex-end">
        <Button onClick={onOkay} data-testid="event-modal-okay" data-autofocus>
          {okayLabel ?? t('actions.okay')}
        </Button>
      </Group>
    </Stack>
  );
}
