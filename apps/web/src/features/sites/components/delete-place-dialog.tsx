// Deleting a site or an area: asked to confirm when it can go; when kiosks or doors still hold it, the
// dialog says what to do first and offers no Delete that could only be refused.
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';
import type { ReactNode } from 'react';

type DeletePlace = {
  title: string;
  /** "Delete Reception? This cannot be undone." */
  body: string;
  /** What is deleted with it (a site's areas). */
  consequence?: string;
  /** What must go first (kiosks, doors); any makes the place undeletable for now. */
  blockers: string[];
  /** "Reception cannot be deleted yet.", said above the blockers. */
  blocked: string;
  confirmLabel: string;
  /** data-testid prefix: `<testId>-confirm`, or `<testId>-close` when it cannot be deleted. */
  testId: string;
  onConfirm: () => void;
};

const line = (text: string, testId?: string): ReactNode => (
  <Text key={text} size="sm" c="red" fw={500} data-testid={testId}>
    {text}
  </Text>
);

export function openDeletePlace(place: DeletePlace) {
  const { title, body, consequence, blockers, blocked, confirmLabel, testId, onConfirm } = place;
  if (blockers.length > 0) {
    const id = modals.open({
      title,
      children: (
        <Stack gap="md" data-testid={`${testId}-blocked`}>
          <Stack gap="xs">
            <Text size="sm">{blocked}</Text>
            {blockers.map((text) => line(text, `${testId}-blocker`))}
          </Stack>
          <Group justify="flex-end">
            <Button onClick={() => modals.close(id)} data-testid={`${testId}-close`}>
              {i18next.t('common:actions.close')}
            </Button>
          </Group>
        </Stack>
      ),
    });
    return;
  }
  modals.openConfirmModal({
    title,
    children: (
      <Stack gap="xs">
        <Text size="sm">{body}</Text>
        {consequence && line(consequence)}
      </Stack>
    ),
    labels: { confirm: confirmLabel, cancel: i18next.t('common:actions.cancel') },
    confirmProps: { color: 'red', 'data-testid': `${testId}-confirm` },
    onConfirm,
  });
}
