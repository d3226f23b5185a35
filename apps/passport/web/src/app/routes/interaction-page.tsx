// /interaction/:uid: an application (the company dashboard) sent the person here to sign in. Signed out,
// they sign in inline (links to create a passport or reset the password come back here); an application
// that requires two-step gets it set up inline; then the person goes straight back to the application.
import { Card, Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { ErrorAlert } from '../../components/error-alert';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { CancelInteraction } from '../../features/interaction/components/cancel-interaction';
import { ContinueToClient } from '../../features/interaction/components/continue-to-client';
import { useInteraction } from '../../features/interaction/use-interaction';
import { SignInForm } from '../../features/sign-in/components/sign-in-form';
import { TwoStepSetup } from '../../features/two-step/components/two-step-setup';
import { loadAccount } from '../../lib/account';
import { paths } from '../../lib/router';

export function InteractionPage({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const interaction = useInteraction(uid);
  const { reload } = interaction;
  // Two-step just turned on here, or the application answered that it still needs it (409).
  const [twoStepDone, setTwoStepDone] = useState(false);
  const [twoStepAsked, setTwoStepAsked] = useState(false);

  const signedIn = useCallback(async () => {
    await loadAccount();
    reload();
  }, [reload]);
  const twoStepRequired = useCallback(() => setTwoStepAsked(true), []);

  const info = interaction.data;
  if (!info && interaction.error) {
    return (
      <Page title={t('interaction.unavailable_title')}>
        <ErrorAlert error={interaction.error} />
        <AppLink href={paths.home}>{t('interaction.open_passport')}</AppLink>
      </Page>
    );
  }
  if (!info || (interaction.loading && !info.signed_in)) return <PageLoader />;

  const client = info.client_name;
  if (!info.signed_in) {
    return (
      <Page title={t('interaction.title', { client })} intro={t('interaction.intro', { client })}>
        <Stack gap="sm">
          <Card withBorder padding="lg">
            <SignInForm returnPath={paths.interaction(uid)} onSignedIn={signedIn} />
          </Card>
          <CancelInteraction uid={uid} />
        </Stack>
      </Page>
    );
  }

  const needsTwoStep = !twoStepDone && ((info.force_otp && !info.two_step_enabled) || twoStepAsked);
  if (needsTwoStep) {
    return (
      <Page title={t('interaction.two_step_title', { client })} intro={t('interaction.two_step_intro', { client })}>
        <Stack gap="sm">
          <Card withBorder padding="lg">
            <TwoStepSetup
              headingOrder={2}
              doneLabel={t('interaction.continue', { client })}
              onDone={() => {
                setTwoStepDone(true);
                setTwoStepAsked(false);
                void loadAccount();
              }}
            />
          </Card>
          <CancelInteraction uid={uid} />
        </Stack>
      </Page>
    );
  }

  return (
    <Page title={t('interaction.continuing_title', { client })}>
      <ContinueToClient uid={uid} clientName={client} onTwoStepRequired={twoStepRequired} />
      <CancelInteraction uid={uid} />
    </Page>
  );
}
