import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconFaceId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSetVisitFaceConsent, useVisitFace } from '../api/visit-face';

const dateOf = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

/**
 * Face sign-in on the visitor's pass (decision 050): shown only while the company offers it. What is
 * stored is said before anything is asked; consent is a button the visitor presses, and withdrawing it
 * (whenever they hold the link) deletes their face ID at once.
 */
export function FaceConsentCard({ token, company }: { token: string; company: string }) {
  const { t, i18n } = useTranslation('pre-registration');
  const face = useVisitFace(token);
  const setConsent = useSetVisitFaceConsent(token);
  const state = face.data;
  if (!state?.offered) return null;
  const given = state.consent_given_at;
  return (
    <Alert
      variant="light"
      color="grape"
      radius="lg"
      icon={<IconFaceId size={22} />}
      title={t('face.title')}
      data-testid="face-consent"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('face.what', { company })}</Text>
        <Text size="sm">{t('face.withdraw_any_time')}</Text>
        {given ? (
          <>
            <Text size="sm" fw={600} data-testid="face-consent-given">
              {t('face.given', { date: dateOf(given, i18n.language) })}{' '}
              {state.face_id_since ? t('face.ready') : state.has_photo ? t('face.making') : t('face.no_photo')}
            </Text>
            <Button
              variant="default"
              size="sm"
              loading={setConsent.isPending}
              onClick={() => setConsent.mutate(false)}
              data-testid="face-consent-withdraw"
            >
              {t('face.withdraw')}
            </Button>
          </>
        ) : (
          <Group gap="sm">
            <Button
              size="sm"
              color="grape"
              loading={setConsent.isPending}
              onClick={() => setConsent.mutate(true)}
              data-testid="face-consent-give"
            >
              {t('face.give')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
