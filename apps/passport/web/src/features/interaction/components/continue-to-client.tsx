// Back to the application, at once: the person is signed in and nothing else is needed. Runs once per
// interaction (a second mount must not finish it twice); a failure offers the button again.
import { Button, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PageLoader } from '../../../components/page-loader';
import type { ApiError } from '../../../lib/api-error';
import { forgetOnce, once } from '../../../lib/once';
import { toApiError } from '../../../lib/use-request';
import { continueInteraction } from '../api/continue-interaction';

type ContinueToClientProps = {
  uid: string;
  clientName: string;
  /** The application requires two-step and it is off (409 two_step_required). */
  onTwoStepRequired: () => void;
};

export function ContinueToClient({ uid, clientName, onTwoStepRequired }: ContinueToClientProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<ApiError>();
  const key = `continue:${uid}:${attempt}`;

  useEffect(() => {
    let live = true;
    once(key, () => continueInteraction(uid)).then(
      (redirectTo) => window.location.assign(redirectTo),
      (caught: unknown) => {
        if (!live) return;
        const failure = toApiError(caught);
        if (failure.status === 409 && failure.code === 'two_step_required') onTwoStepRequired();
        else setError(failure);
      },
    );
    return () => {
      live = false;
    };
  }, [key, uid, onTwoStepRequired]);

  if (!error) return <PageLoader label={t('interaction.continuing', { client: clientName })} />;
  return (
    <Stack gap="md">
      <ErrorAlert error={error} />
      <Button
        size="md"
        onClick={() => {
          forgetOnce(key);
          setError(undefined);
          setAttempt(attempt + 1);
        }}
      >
        {t('interaction.continue', { client: clientName })}
      </Button>
    </Stack>
  );
}
