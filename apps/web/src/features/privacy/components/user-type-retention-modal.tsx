import { Button, Group, Modal, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivacyUserType, Retention } from '@app/shared/people/privacy';
import { showServerErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useClearUserTypeRetention } from '../api/clear-user-type-retention';
import { useSetUserTypeRetention } from '../api/set-user-type-retention';
import {
  retentionBody,
  retentionFormErrors,
  retentionFormValues,
  type RetentionFormValues,
} from '../utils/retention-form';
import { RetentionFields } from './retention-fields';

type UserTypeRetentionModalProps = {
  type: PrivacyUserType;
  /** The company default, told beside "Follow the company default". */
  company: Retention;
  onClose: () => void;
};

/** A user type's own retention, or "Follow the company default" (its own is removed). */
export function UserTypeRetentionModal({ type, company, onClose }: UserTypeRetentionModalProps) {
  const { t } = useTranslation('privacy');
  return (
    <Modal opened onClose={onClose} title={t('edit.title', { name: type.name })} size="lg" centered>
      <UserTypeRetentionForm type={type} company={company} onClose={onClose} />
    </Modal>
  );
}

function UserTypeRetentionForm({ type, company, onClose }: UserTypeRetentionModalProps) {
  const { t } = useTranslation('privacy');
  const save = useSetUserTypeRetention();
  const clear = useClearUserTypeRetention();
  const [follow, setFollow] = useState(!type.custom);
  // A type that follows the default starts from the default's days, ready to be changed.
  const form = useForm<RetentionFormValues>({
    initialValues: retentionFormValues(type.custom ? type.own : type.effective),
    validate: (values) => (follow ? {} : retentionFormErrors(values, t)),
  });
  const done = () => {
    notifySuccess(t('toasts.updated'));
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (follow) {
      if (!type.custom) return onClose();
      return clear.mutate(type.id, { onSuccess: done });
    }
    save.mutate(
      { id: type.id, body: retentionBody(values) },
      { onSuccess: done, onError: (error) => showServerErrors(form, error) },
    );
  });

  const { data_retention_days: data, scans_retention_days: scans } = company;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" data-testid="privacy-type-form">
        <Switch
          checked={follow}
          onChange={(event) => {
            setFollow(event.currentTarget.checked);
            form.clearErrors();
          }}
          label={t('edit.follow_default')}
          description={
            data !== null && scans !== null
              ? t('edit.default_days', { data: t('days', { count: data }), scans: t('days', { count: scans }) })
              : t('edit.default_forever')
          }
          data-testid="privacy-type-follow"
        />
        <RetentionFields form={form} disabled={follow} testId="privacy-type-input" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending || clear.isPending} data-testid="privacy-type-save">
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
