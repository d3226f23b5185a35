import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconChecks } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KIOSK_REVIEW_LIMITS, type KioskReview } from '@app/shared/kiosks/reviews';
import { formatLocalReading } from '@/lib/dates';
import { oneFieldErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useResolveKioskReview } from '../api/resolve-kiosk-review';
import { noteError, placeOf } from '../utils/kiosk-reviews-page';

/** A fact of the review: its label, and its value under it. */
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

function ResolveForm({ review, onClose }: { review: KioskReview; onClose: () => void }) {
  const { t } = useTranslation('kiosk-reviews');
  const resolve = useResolveKioskReview();
  // A refusal about something else than the note: resolved meanwhile by someone else, or out of reach.
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    initialValues: { note: '' },
    validate: { note: (value) => noteError(value, t) },
  });
  const place = placeOf(review);

  const submit = form.onSubmit(({ note }) => {
    setRefusal(null);
    resolve.mutate(
      { id: review.id, body: { note: note.trim() } },
      {
        onSuccess: () => {
          notifySuccess(t('resolve.done', { name: review.person.name }));
          onClose();
        },
        onError: (error) => {
          const shown = oneFieldErrors(error, 'note');
          if (shown.field) form.setFieldError('note', shown.field);
          setRefusal(shown.other);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="kiosk-review-resolve-form">
      <Stack gap="md">
        <Text size="sm">{t(`resolve.intro.${review.action}`)}</Text>
        <Stack gap="xs" p="sm" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 8 }}>
          <Group gap="xl" align="flex-start" wrap="wrap">
            <Fact label={t('table.person')}>
              <bdi>{review.person.name}</bdi>
            </Fact>
            <Fact label={t('table.when')}>
              <span dir="ltr">{formatLocalReading(review.occurred_local)}</span>
            </Fact>
            <Fact label={t('table.kiosk')}>
              <bdi>{place ? `${review.kiosk.name} · ${place}` : review.kiosk.name}</bdi>
            </Fact>
          </Group>
          <Fact label={t('table.reason')}>
            {review.reasons.length === 0
              ? t('no_reason')
              : review.reasons.map((reason) => <div key={`${reason.field}:${reason.code}`}>{reason.message}</div>)}
          </Fact>
        </Stack>
        <Textarea
          label={t('resolve.note')}
          description={t('resolve.note_hint')}
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={KIOSK_REVIEW_LIMITS.noteMax}
          data-autofocus
          data-testid="kiosk-review-note-input"
          {...form.getInputProps('note')}
        />
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="kiosk-review-refusal">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={resolve.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            leftSection={<IconChecks size={16} />}
            loading={resolve.isPending}
            data-testid="kiosk-review-resolve-confirm"
          >
            {t('resolve.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Resolves one open review with a note saying what was done about it; the list refreshes on success. */
export function ResolveReviewModal({ review, onClose }: { review: KioskReview | null; onClose: () => void }) {
  const { t } = useTranslation('kiosk-reviews');
  return (
    <Modal
      opened={review !== null}
      onClose={onClose}
      title={review ? t('resolve.title', { name: review.person.name }) : t('resolve.action')}
      size="lg"
      centered
    >
      {/* Mounted on opening, so each review starts from an empty note. */}
      {review && <ResolveForm key={review.id} review={review} onClose={onClose} />}
    </Modal>
  );
}
