import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { HolderFace } from '@app/shared/people/faces';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { RetryAlert } from '../../../components/retry-alert';
import { notifySuccess } from '../../../lib/notify';
import { useAction, useRequest } from '../../../lib/use-request';
import { listHolderFace, setHolderFaceConsent } from '../api/holder-face';

type Company = HolderFace['companies'][number];

const dateOf = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

/**
 * Face sign-in in each company that offers it and knows the holder (decision 050): what is stored is
 * said first; consent is given or withdrawn per company, and withdrawing deletes the face ID there at once.
 * Nothing is shown where no company offers it.
 */
export function FaceSignInCard() {
  const { t, i18n } = useTranslation();
  const load = useCallback((signal: AbortSignal) => listHolderFace(signal), []);
  const { data, error, reload, setData } = useRequest('holder-face', load);
  const action = useAction(setHolderFaceConsent);

  if (error) return <RetryAlert error={error} onRetry={reload} />;
  if (!data || data.companies.length === 0) return null;

  const change = async (company: Company, give: boolean) => {
    const done = await action.run(company.company_id, give);
    if (!done.ok) return;
    setData(() => done.value);
    notifySuccess(t(give ? 'face.given_toast' : 'face.withdrawn_toast', { company: company.company_name }));
  };

  const stateOf = (c: Company) => {
    if (!c.consent_given_at) return t('face.not_given');
    const given = t('face.given', { date: dateOf(c.consent_given_at, i18n.language) });
    if (c.face_id_since) return `${given} ${t('face.ready')}`;
    return `${given} ${c.has_photo ? t('face.making') : t('face.no_photo')}`;
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="face-title" data-testid="face-sign-in">
      <Stack gap="sm">
        <Title order={2} size="h3" id="face-title">
          {t('face.title')}
        </Title>
        <Text size="sm">{t('face.what')}</Text>
        <Text size="sm">{t('face.withdraw_any_time')}</Text>
        {action.error && <ErrorAlert error={action.error} />}
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {data.companies.map((c) => (
            <li key={c.company_id} data-testid="face-company">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2}>
                  <Text fw={600}>
                    <bdi>{c.company_name}</bdi>
                  </Text>
                  <Text size="sm" data-testid="face-company-state">
                    {stateOf(c)}
                  </Text>
                </Stack>
                <Button
                  variant={c.consent_given_at ? 'default' : 'filled'}
                  loading={action.pending}
                  onClick={() => void change(c, !c.consent_given_at)}
                  data-testid={c.consent_given_at ? 'face-withdraw' : 'face-give'}
                >
                  {c.consent_given_at ? t('face.withdraw') : t('face.give')}
                </Button>
              </Group>
            </li>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
