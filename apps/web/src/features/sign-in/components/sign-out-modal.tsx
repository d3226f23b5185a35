import { Button, Group, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@app/shared/visits/schemas';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSignInPreviews } from '../api/preview-sign-in';
import { useSignOutVisits } from '../api/sign-out-visits';
import { failureMessage } from '../utils/visit-errors';
import { commonReasons, peopleByArea } from '../utils/visit-groups';
import { PeopleList } from './people-list';

type SignOutModalProps = { visits: Visit[]; opened: boolean; onClose: () => void; onDone?: () => void };

function SignOutBody({ visits, onClose, onDone }: Omit<SignOutModalProps, 'opened'>) {
  const { t } = useTranslation('sign-in');
  const signOut = useSignOutVisits();
  // The early sign-out reasons that apply now come with the preview of each area's people.
  const previews = useSignInPreviews(
    peopleByArea(visits).map((g) => ({ area_id: g.areaId, person_ids: g.personIds })),
    true,
  );
  const loading = previews.some((p) => p.isPending);
  const reasons = commonReasons(previews.flatMap((p) => (p.data ? [p.data] : [])));
  const [picked, setPicked] = useState<string | null | undefined>(undefined);
  const reasonId = picked === undefined ? reasons.preselected : picked;
  const [error, setError] = useState<string | undefined>();

  const confirm = () => {
    // Spec §4: with more than one reason, the person at the desk picks.
    if (reasons.options.length > 1 && !reasonId) return setError(t('flow.reason_required'));
    signOut.mutate(
      { visit_ids: visits.map((v) => v.id), reason_id: reasonId },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          onDone?.();
          onClose();
        },
        onError: (failure) => notifyError(failureMessage(failure, t('flow.failed'))),
      },
    );
  };

  return (
    <Stack gap="md" data-testid="sign-out-confirm">
      <Text size="sm">{t('sign_out.body', { count: visits.length })}</Text>
      <PeopleList names={visits.map((v) => `${v.person.full_name} · ${v.area.name}`)} />
      {loading ? (
        <Skeleton h={36} />
      ) : (
        reasons.options.length > 0 && (
          <Select
            label={t('reason.early_sign_out_label')}
            description={reasons.options.length > 1 ? t('reason.pick') : t('reason.preselected')}
            data={reasons.options.map((r) => ({
              value: r.id,
              label: r.attendance_code ? `${r.name} (${r.attendance_code})` : r.name,
            }))}
            value={reasonId}
            onChange={(value) => {
              setPicked(value);
              setError(undefined);
            }}
            required={reasons.options.length > 1}
            clearable
            error={error}
            comboboxProps={{ withinPortal: true }}
            data-testid="sign-out-reason"
          />
        )
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          color="orange"
          leftSection={<IconLogout size={16} />}
          onClick={confirm}
          loading={signOut.isPending}
          disabled={loading}
          data-testid="sign-out-confirm-button"
        >
          {t('sign_out.confirm', { count: visits.length })}
        </Button>
      </Group>
    </Stack>
  );
}

/** Signs out visits on site, after a confirmation, with an early sign-out reason when one applies. */
export function SignOutModal({ visits, opened, onClose, onDone }: SignOutModalProps) {
  const { t } = useTranslation('sign-in');
  return (
    <Modal opened={opened} onClose={onClose} title={t('sign_out.title', { count: visits.length })} centered>
      {opened && <SignOutBody visits={visits} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}
