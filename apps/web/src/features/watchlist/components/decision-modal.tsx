import { Alert, Button, Group, Modal, Stack, Text, Textarea, type ButtonProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { screeningDecisionBodySchema, type Screening } from '@app/shared/watchlist/schemas';
import { formatLocalReading } from '@/lib/dates';
import { oneFieldErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useDecideScreening } from '../api/decide-screening';
import { bidiIsolate, reasonPhrases } from '../utils/match-phrases';
import type { ScreeningDecision } from '../utils/screening-decisions';

const CONFIRM: Record<ScreeningDecision, ButtonProps['color']> = {
  approve: 'teal.9',
  reject: 'red.9',
  not_a_match: undefined,
};

/** A fact of the screening: its label, and its value under it. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function DecisionForm({
  screening,
  decision,
  onClose,
}: {
  screening: Screening;
  decision: ScreeningDecision;
  onClose: () => void;
}) {
  const { t } = useTranslation('watchlist');
  const decide = useDecideScreening();
  // A refusal about something else than the reason: decided meanwhile by someone else, the entry removed.
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    initialValues: { reason: '' },
    validate: (values) => zodFormErrors(screeningDecisionBodySchema, { decision, reason: values.reason }, t),
  });
  const name = screening.subject.name;

  const submit = form.onSubmit(({ reason }) => {
    setRefusal(null);
    decide.mutate(
      { id: screening.id, body: { decision, reason } },
      {
        onSuccess: () => {
          notifySuccess(t(`decision.done.${decision}`, { name }));
          onClose();
        },
        onError: (error) => {
          const shown = oneFieldErrors(error, 'reason');
          if (shown.field) form.setFieldError('reason', shown.field);
          setRefusal(shown.other);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="screening-decision-form">
      <Stack gap="md">
        <Text size="sm">{t(`decision.intro.${decision}`, { name, entry: screening.entry.full_name })}</Text>
        <Stack gap="xs" p="sm" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 8 }}>
          <Group gap="xl" align="flex-start" wrap="wrap">
            <Fact label={t('screenings.columns.person')}>
              <bdi>{name}</bdi>
            </Fact>
            <Fact label={t('screenings.columns.entry')}>
              <bdi>{screening.entry.full_name}</bdi>
            </Fact>
            <Fact label={t('screenings.columns.when')}>
              <span dir="ltr">{formatLocalReading(screening.at.local)}</span>
            </Fact>
          </Group>
          <Fact label={t('screenings.columns.match')}>
            {reasonPhrases(screening.reasons, t, bidiIsolate).map((phrase, i) => (
              <div key={i}>{phrase}</div>
            ))}
          </Fact>
        </Stack>
        <Textarea
          label={t('decision.reason')}
          description={t('decision.reason_hint')}
          required
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
          // A reason typed in either script reads in its own direction.
          styles={{ input: { unicodeBidi: 'plaintext' } }}
          data-testid="screening-decision-reason-input"
          {...form.getInputProps('reason')}
        />
        {refusal && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            data-testid="screening-decision-refusal"
          >
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={decide.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            color={CONFIRM[decision]}
            loading={decide.isPending}
            data-testid="screening-decision-confirm"
          >
            {t(`decision.confirm.${decision}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks why, then records an admin's decision on a screening; the list is read again once it is saved. */
export function DecisionModal({
  screening,
  decision,
  onClose,
}: {
  screening: Screening | null;
  decision: ScreeningDecision | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('watchlist');
  const open = screening !== null && decision !== null;
  return (
    <Modal
      opened={open}
      onClose={onClose}
      title={open ? t(`decision.title.${decision}`, { name: screening.subject.name }) : ''}
      size="lg"
      centered
    >
      {/* Mounted on opening, so each decision starts from an empty reason. */}
      {open && (
        <DecisionForm key={`${screening.id}-${decision}`} screening={screening} decision={decision} onClose={onClose} />
      )}
    </Modal>
  );
}
