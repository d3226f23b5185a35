import { Modal, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExpectedVisitOptions } from '@app/shared/expected-visits/form-options';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { notifySuccess } from '@/lib/notify';
import { useExpectedVisit } from '../api/get-expected-visit';
import { useUpdateExpectedVisit } from '../api/update-expected-visit';
import { expectedVisitValues } from '../utils/expected-visit-form';
import { ExpectedVisitForm } from './expected-visit-form';

type EditExpectedVisitModalProps = {
  /** The visit to change; null keeps the modal closed. */
  visitId: string | null;
  options: ExpectedVisitOptions;
  onClose: () => void;
};

/** Changes an expected visit with the add form (every field, spec PUT edit-expected-visit). */
export function EditExpectedVisitModal({ visitId, options, onClose }: EditExpectedVisitModalProps) {
  const { t } = useTranslation('expected-visits');
  const visit = useExpectedVisit(visitId);
  const update = useUpdateExpectedVisit();

  return (
    <Modal opened={visitId !== null} onClose={onClose} title={t('edit.title')} size="xl" centered>
      {visit.isError ? (
        <LoadFailedAlert title={t('edit.load_failed')} onRetry={() => void visit.refetch()} />
      ) : !visit.data || visit.data.id !== visitId ? (
        <Stack gap="md">
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : (
        <ExpectedVisitForm
          // A new form for each visit, so its first values are the right ones.
          key={visit.data.id}
          initial={expectedVisitValues(visit.data)}
          visitId={visit.data.id}
          options={{ ...options, timezone: visit.data.timezone }}
          pending={update.isPending}
          submitLabel={t('form.save')}
          onCancel={onClose}
          onSubmit={async (body) => {
            const res = await update.mutateAsync({ id: visit.data.id, body });
            notifySuccess(res.message);
            onClose();
          }}
          testId="expected-visit-edit-form"
        />
      )}
    </Modal>
  );
}
