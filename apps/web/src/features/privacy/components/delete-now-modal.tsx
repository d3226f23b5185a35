import { Alert, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordBodySchema, type PrivacyScope, type PrivacyUserType } from '@app/shared/people/privacy';
import { PasswordConfirmFields } from '@/components/ui/password-confirm-fields';
import { oneFieldErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCheckPassword } from '../api/check-password';
import { useDeleteNow } from '../api/delete-now';
import { deletionSentences, deletionToast, SCOPE_PARTS } from '../utils/retention';

type DeleteNowModalProps = { type: PrivacyUserType; scope: PrivacyScope; onClose: () => void };

/**
 * "Delete now" for one user type: says exactly what will be deleted, asks for the admin's password and
 * checks it, then deletes, showing "Deleting…" for at least the spec's delay, and reports the counts.
 */
export function DeleteNowModal({ type, scope, onClose }: DeleteNowModalProps) {
  const { t } = useTranslation('privacy');
  const check = useCheckPassword();
  const run = useDeleteNow();
  const busy = check.isPending || run.isPending;
  // A refusal about something else than the password: the type's retention became "kept for ever".
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '' },
    validate: (values) => zodFormErrors(passwordBodySchema, values, t),
  });

  const showError = (error: unknown) => {
    const shown = oneFieldErrors(error, 'password');
    if (shown.field) form.setFieldError('password', shown.field);
    setRefusal(shown.other);
  };

  const submit = form.onSubmit(async ({ password }) => {
    setRefusal(null);
    try {
      await check.mutateAsync(password);
    } catch (error) {
      showError(error);
      return;
    }
    run.mutate(
      { typeId: type.id, body: { scope, password } },
      {
        onSuccess: (done) => {
          notifySuccess(deletionToast(type.name, scope, done, t));
          onClose();
        },
        onError: showError,
      },
    );
  });

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      title={t('delete_now.title', { name: type.name })}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md" data-testid="privacy-delete-now-modal">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            <Stack gap="xs">
              <Text size="sm">{t('delete_now.intro')}</Text>
              <List size="sm" spacing={4} data-testid="privacy-delete-now-summary">
                {deletionSentences(type, scope, t).map((sentence) => (
                  <List.Item key={sentence}>{sentence}</List.Item>
                ))}
              </List>
              {SCOPE_PARTS[scope].includes('data') && <Text size="sm">{t('delete_now.visits_stay')}</Text>}
              <Text size="sm" fw={600}>
                {t('delete_now.irreversible')}
              </Text>
            </Stack>
          </Alert>
          <PasswordConfirmFields
            inputProps={form.getInputProps('password')}
            label={t('delete_now.password')}
            hint={t('delete_now.password_hint')}
            refusal={refusal}
            busy={busy}
            confirmLabel={t(`delete_now.confirm.${scope}`)}
            onCancel={onClose}
            testId="privacy-delete-now"
          >
            {run.isPending && (
              <Group gap="xs" role="status" data-testid="privacy-deleting">
                <Loader size="xs" />
                <Text size="sm">{t('delete_now.deleting')}</Text>
              </Group>
            )}
          </PasswordConfirmFields>
        </Stack>
      </form>
    </Modal>
  );
}
