import { Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonSearchSelect, type PersonOption } from '@/components/people-picker/people-picker';
import { useSiteTree } from '../api/get-site-tree';
import { areaOptions } from '../utils/visit-groups';
import { AreaSelect } from './area-select';
import { SignInFlow } from './sign-in-flow';

type Step = { kind: 'choose' } | { kind: 'flow'; personId: string; areaId: string };

function QuickSignInContent({ onClose, onDone }: { onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation('sign-in');
  const tree = useSiteTree();
  const [person, setPerson] = useState<PersonOption | null>(null);
  const [areaId, setAreaId] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [errors, setErrors] = useState<{ person?: string; area?: string }>({});
  // A company with a single area has nothing to choose.
  const areas = areaOptions(tree.data ?? []).flatMap((g) => g.items.filter((a) => !a.disabled));
  const area = areaId ?? (areas.length === 1 ? areas[0]!.value : null);

  if (step.kind === 'flow') {
    return (
      <SignInFlow
        // A new run of the flow is a new form (and a new idempotency key).
        key={`${step.personId}:${step.areaId}`}
        areaId={step.areaId}
        personIds={[step.personId]}
        cancelLabel={t('quick.back')}
        onCancel={() => setStep({ kind: 'choose' })}
        onDone={() => {
          onDone?.();
          onClose();
        }}
      />
    );
  }

  const next = () => {
    const missing = {
      person: person ? undefined : t('quick.person_required'),
      area: area ? undefined : t('quick.area_required'),
    };
    setErrors(missing);
    if (person && area) setStep({ kind: 'flow', personId: person.id, areaId: area });
  };

  return (
    <Stack gap="md" data-testid="quick-sign-in-choose">
      <Text size="sm" c="dimmed">
        {t('quick.intro')}
      </Text>
      <Stack gap={4}>
        <PersonSearchSelect
          label={t('quick.person')}
          description={t('quick.person_hint')}
          source="sign-in"
          value={person}
          onChange={(value) => {
            setPerson(value);
            setErrors((e) => ({ ...e, person: undefined }));
          }}
          testId="quick-sign-in-person"
        />
        {errors.person && (
          <Text size="xs" c="red.7" data-testid="quick-sign-in-person-error">
            {errors.person}
          </Text>
        )}
      </Stack>
      <AreaSelect
        value={area}
        onChange={(value) => {
          setAreaId(value);
          setErrors((e) => ({ ...e, area: undefined }));
        }}
        error={errors.area}
        testId="quick-sign-in-area"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          rightSection={<IconArrowRight size={16} className="mirror-rtl" />}
          onClick={next}
          data-testid="quick-sign-in-next"
        >
          {t('quick.next')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The dashboard's quick sign-in: a person and an area, then the person's flow. */
export function QuickSignInModal({
  opened,
  onClose,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation('sign-in');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('quick.title')}
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
      data-testid="quick-sign-in-modal"
    >
      {opened && <QuickSignInContent onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}
