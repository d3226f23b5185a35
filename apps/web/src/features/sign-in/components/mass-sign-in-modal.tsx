import { Badge, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaGroup } from '../utils/visit-groups';
import { SignInFlow } from './sign-in-flow';

type MassSignInModalProps = {
  /** The people to sign in, by area: each area's flow runs in turn. */
  groups: AreaGroup[];
  opened: boolean;
  onClose: () => void;
  onDone?: () => void;
  title: string;
};

function MassSignInContent({ groups, onClose, onDone }: Omit<MassSignInModalProps, 'opened' | 'title'>) {
  const { t } = useTranslation('sign-in');
  const [index, setIndex] = useState(0);
  const group = groups[index];
  if (!group) return null;
  const last = index === groups.length - 1;
  return (
    <Stack gap="md">
      {groups.length > 1 && (
        <Group gap="xs" data-testid="mass-sign-in-step">
          <Badge variant="light" tt="none">
            {t('mass.step', { current: index + 1, total: groups.length })}
          </Badge>
          <Text size="sm" fw={500}>
            {group.place}
          </Text>
        </Group>
      )}
      <SignInFlow
        key={group.areaId}
        areaId={group.areaId}
        personIds={group.people.map((p) => p.id)}
        expectedVisitIds={group.people.flatMap((p) => (p.expected_visit_id ? [p.expected_visit_id] : []))}
        cancelLabel={last ? undefined : t('mass.skip_area')}
        onCancel={() => (last ? onClose() : setIndex(index + 1))}
        onDone={() => {
          onDone?.();
          if (last) onClose();
          else setIndex(index + 1);
        }}
      />
    </Stack>
  );
}

/** Signs people in again at their areas, running each area's flow for all of its people together. */
export function MassSignInModal({ groups, opened, onClose, onDone, title }: MassSignInModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
      data-testid="mass-sign-in-modal"
    >
      {opened && <MassSignInContent groups={groups} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}
