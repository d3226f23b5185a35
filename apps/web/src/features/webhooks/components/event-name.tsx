import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isKnownMessageType } from '../utils/webhook-events';
import { LtrText } from './ltr-text';

/** An event in words, with its name as sent (`visit.signed_in`) under it for whoever writes the receiver. */
export function EventName({ event }: { event: string }) {
  const { t } = useTranslation('webhooks');
  return (
    <Stack gap={0} miw={150}>
      {isKnownMessageType(event) && (
        <Text size="sm" fw={500} data-testid="webhook-event-label">
          {t(`events.${event}.label`)}
        </Text>
      )}
      <LtrText size="xs" c="dimmed" mono data-testid="webhook-event-type">
        {event}
      </LtrText>
    </Stack>
  );
}
