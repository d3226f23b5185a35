import { Alert, Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFaceId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FaceState } from '@app/shared/people/faces';
import { formatDateTime } from '@/lib/dates';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { usePersonFace, usePersonFaceAction } from '../api/person-face';

type Translate = (key: string, vars?: Record<string, string>) => string;

/** How the consent was given; a paper form says who recorded it (the signed-in admin, or another one). */
function consentLine(state: FaceState, t: Translate, userId: string | undefined) {
  const { consent } = state;
  if (!consent) return t('face.no_consent');
  const date = formatDateTime(consent.given_at);
  if (consent.source !== 'paper' || !consent.recorded_by) return t(`face.consent_${consent.source}`, { date });
  return t(consent.recorded_by === userId ? 'face.consent_paper_you' : 'face.consent_paper_admin', { date });
}

/**
 * Face sign-in in the person's drawer (decision 050), shown while the company has it on: the consent
 * (given by the person, from the passport, or a signed paper form an admin recorded), the face ID made
 * from the profile photo, and why the last attempt made none.
 */
export function PersonFace({ personId, hasPhoto }: { personId: string; hasPhoto: boolean }) {
  const { t } = useTranslation('users');
  const face = usePersonFace(personId, hasPhoto);
  const act = usePersonFaceAction(personId);
  const userId = useSession()?.user.user_id;
  const state = face.data;
  if (!state?.offered) return null;

  const recordConsent = () =>
    modals.openConfirmModal({
      title: t('face.record_title'),
      children: <Text size="sm">{t('face.record_body')}</Text>,
      labels: { confirm: t('face.record_confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { 'data-testid': 'person-face-record-confirm' },
      onConfirm: () => act.mutate('record_consent', { onSuccess: () => notifySuccess(t('face.recorded')) }),
    });
  const withdraw = () =>
    modals.openConfirmModal({
      title: t('face.withdraw_title'),
      children: <Text size="sm">{t('face.withdraw_body')}</Text>,
      labels: { confirm: t('face.withdraw_confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'person-face-withdraw-confirm' },
      onConfirm: () => act.mutate('withdraw_consent', { onSuccess: () => notifySuccess(t('face.withdrawn')) }),
    });
  const generate = () => act.mutate('generate', { onSuccess: () => notifySuccess(t('face.generated')) });

  return (
    <Stack gap="sm" mt="lg" data-testid="person-face">
      <Divider label={t('face.title')} labelPosition="left" />
      <Group gap="xs" wrap="wrap">
        <IconFaceId size={18} aria-hidden />
        <Text size="sm" data-testid="person-face-consent">
          {consentLine(state, t, userId)}
        </Text>
      </Group>
      <Badge
        variant="light"
        color={state.face_id_since ? 'teal' : 'gray'}
        tt="none"
        data-testid="person-face-id"
        style={{ alignSelf: 'flex-start' }}
      >
        {state.face_id_since ? t('face.id_since', { date: formatDateTime(state.face_id_since) }) : t('face.no_id')}
      </Badge>
      {state.last_error && (
        <Alert color="orange" variant="light" data-testid="person-face-error">
          {state.last_error.message}
        </Alert>
      )}
      <Group gap="sm" wrap="wrap">
        {state.consent ? (
          <>
            <Button
              size="compact-sm"
              onClick={generate}
              loading={act.isPending && act.variables === 'generate'}
              disabled={!hasPhoto}
              data-testid="person-face-generate"
            >
              {t('face.generate')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={withdraw} data-testid="person-face-withdraw">
              {t('face.withdraw')}
            </Button>
          </>
        ) : (
          <Button size="compact-sm" variant="light" onClick={recordConsent} data-testid="person-face-record">
            {t('face.record')}
          </Button>
        )}
      </Group>
      {state.consent && !hasPhoto && (
        <Text size="xs" c="dimmed">
          {t('face.needs_photo')}
        </Text>
      )}
    </Stack>
  );
}
