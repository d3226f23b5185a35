import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ATTENDANCE_LIMITS, bulkAttendanceCodeBodySchema, type AttendanceReason } from '@app/shared/attendance/schemas';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useSetAttendanceCodes } from '../api/set-attendance-codes';

type SetCodeModalProps = {
  opened: boolean;
  reasons: AttendanceReason[];
  onClose: () => void;
  onDone: () => void;
};

/** Spec attendance_codes/bulk-update: one attendance code (or none, left blank) for the chosen reasons. */
export function SetCodeModal({ opened, reasons, onClose, onDone }: SetCodeModalProps) {
  const { t } = useTranslation('attendance');
  return (
    <Modal opened={opened} onClose={onClose} title={t('set_code.title')} centered>
      {/* Mounted on opening, so the form starts from the chosen reasons' shared code each time. */}
      {opened && <SetCodeForm reasons={reasons} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function SetCodeForm({ reasons, onClose, onDone }: Omit<SetCodeModalProps, 'opened'>) {
  const { t } = useTranslation('attendance');
  const setCodes = useSetAttendanceCodes();
  const codes = new Set(reasons.map((r) => r.attendance_code ?? ''));
  const form = useForm({
    initialValues: { attendance_code: codes.size === 1 ? [...codes][0]! : '' },
    validate: (values) =>
      zodFormErrors(
        bulkAttendanceCodeBodySchema,
        { reason_ids: reasons.map((r) => r.id), attendance_code: values.attendance_code },
        t,
      ),
  });

  const submit = form.onSubmit((values) =>
    setCodes.mutate(
      { reason_ids: reasons.map((r) => r.id), attendance_code: values.attendance_code },
      {
        onSuccess: ({ updated }) => {
          notifySuccess(t('toasts.codes_updated', { count: updated }));
          onDone();
        },
        onError: (error) => showServerErrors(form, error, 'attendance_code'),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t('set_code.body', { count: reasons.length, names: reasons.map((r) => r.name).join(', ') })}
        </Text>
        <TextInput
          label={t('form.attendance_code')}
          description={t('set_code.hint')}
          maxLength={ATTENDANCE_LIMITS.attendanceCodeMax}
          data-autofocus
          data-testid="set-code-input"
          {...form.getInputProps('attendance_code')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={setCodes.isPending} data-testid="set-code-save">
            {t('set_code.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
