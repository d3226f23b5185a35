import { Alert, Button, Card, Group, Loader, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck, IconPlugConnected } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEGRATION_LIMITS } from '@app/shared/integrations/schemas';
import { BackLink } from '@/components/ui/back-link';
import { hrefFor, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { notifyError, notifySuccess } from '@/lib/notify';
import { isMissingRecord } from '@/lib/record-id';
import { useCreateIntegration } from '../api/create-integration';
import { useGoogleAuthorization, type GoogleAuthorization } from '../api/get-google-authorization';
import { useIntegration } from '../api/get-integration';
import { useReauthenticateIntegration } from '../api/reauthenticate-integration';
import { useIntegrationNameStatus } from '../hooks/use-integration-name-status';
import { nameProblem } from '../utils/connect-form';
import { settingsHref, viewHref } from '../utils/flow-pages';
import { googleReturnOf, suggestedGoogleName, type GoogleReturn } from '../utils/google-return';
import { DirectoryLabel, useDirectoryName } from './directory-logo';
import { IntegrationFlowSteps } from './integration-flow-steps';
import { NameStatusIcon } from './name-status-icon';

/** A refusal the API client leaves to the page (the others it already reported). */
const isShownHere = (error: unknown): error is ApiError =>
  error instanceof ApiError && [400, 409, 422].includes(error.status);

/**
 * `/googleAD/auth/:accessToken/:refreshToken/:encryptedEmail`, where Google's consent comes back
 * through the server (as /googleAD/auth/<authorization id>/<integration id or "new">/<account>). For
 * a new integration it asks the name and creates it; for an existing one it re-authenticates it and
 * opens its view. Spec §8: a create failure shows the server's message and returns to /integration.
 */
export function GoogleReturnPage() {
  const { t } = useTranslation('integrations');
  const params: { accessToken?: string; refreshToken?: string; encryptedEmail?: string } = useParams({
    strict: false,
  });
  const back = googleReturnOf(params);
  const invalid = back.kind === 'invalid';
  useEffect(() => {
    if (invalid) navigateTo(paths.notFound, { replace: true });
  }, [invalid]);
  const authorization = useGoogleAuthorization(back.kind === 'invalid' ? null : back.authorizationId);

  return (
    <Stack gap="lg" maw={760} data-testid="google-return-page">
      <Stack gap={4}>
        <BackLink to={paths.integration}>{t('back_to_list')}</BackLink>
        <Title order={2}>{back.kind === 'reauth' ? t('google.reauth_title') : t('google.title')}</Title>
      </Stack>
      {back.kind === 'create' && <IntegrationFlowSteps active="connect" />}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <DirectoryLabel code="googleAD" size="md" />
          <GoogleReturnBody back={back} authorization={authorization} />
        </Stack>
      </Card>
    </Stack>
  );
}

function GoogleReturnBody({
  back,
  authorization,
}: {
  back: GoogleReturn;
  authorization: ReturnType<typeof useGoogleAuthorization>;
}) {
  if (back.kind === 'invalid') return null;
  if (authorization.isError && isMissingRecord(authorization.error)) return <ConsentProblem kind="expired" />;
  if (authorization.isError) return <ConsentProblem kind="failed" />;
  if (!authorization.data) return <Skeleton h={120} radius="md" />;
  const consent = authorization.data;
  const forIntegration = back.kind === 'reauth' ? back.integrationId : null;
  if (!consent.ready) return <ConsentProblem kind="unfinished" />;
  if (consent.integration_id !== forIntegration) return <ConsentProblem kind="mismatch" />;
  const account = consent.account ?? back.account;
  return back.kind === 'create' ? (
    <CreateFromConsent consent={consent} account={account} />
  ) : (
    <ReauthFromConsent consent={consent} integrationId={back.integrationId} account={account} />
  );
}

/** A consent that cannot be used, said plainly, with the way to start again. */
function ConsentProblem({ kind }: { kind: 'expired' | 'failed' | 'unfinished' | 'mismatch' }) {
  const { t } = useTranslation('integrations');
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t(`google.problem.${kind}_title`)}
      data-testid="google-consent-problem"
      data-problem={kind}
    >
      <Stack gap="sm">
        <Text size="sm">{t(`google.problem.${kind}_body`)}</Text>
        <Group>
          <Button
            component={Link}
            to={hrefFor(paths.syncIntegration, {}, { directory: 'googleAD' })}
            variant="light"
            color="orange"
            size="xs"
          >
            {t('google.start_again')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function ConnectedAs({ account }: { account: string | null }) {
  const { t } = useTranslation('integrations');
  return (
    <Group gap="xs" wrap="nowrap" data-testid="google-account">
      <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
      <Text size="sm">
        {account ? (
          <>
            {t('google.connected_as')} <bdi dir="ltr">{account}</bdi>
          </>
        ) : (
          t('google.connected')
        )}
      </Text>
    </Group>
  );
}

function CreateFromConsent({ consent, account }: { consent: GoogleAuthorization; account: string | null }) {
  const { t } = useTranslation('integrations');
  const directoryName = useDirectoryName();
  const create = useCreateIntegration();
  const form = useForm({
    initialValues: { name: suggestedGoogleName(directoryName('googleAD'), account) },
    validate: {
      name: (value) => nameProblem(value, t) ?? nameStatus.message,
    },
  });
  const nameStatus = useIntegrationNameStatus(form.values.name);

  const submit = form.onSubmit(({ name }) =>
    create.mutate(
      { name: name.trim(), dir_code: 'googleAD', authorization_id: consent.id },
      {
        onSuccess: (created) => {
          notifySuccess(t('toasts.authenticated'));
          navigateTo(settingsHref(created.integration.id), { replace: true });
        },
        // The consent is used up by the attempt: the server's words, and back to the list to start again.
        onError: (error) => {
          if (isShownHere(error)) notifyError(error.message);
          navigateTo(paths.integration, { replace: true });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="google-create-form">
      <Stack gap="md">
        <ConnectedAs account={account} />
        <Text size="sm" c="dimmed">
          {t('google.name_body')}
        </Text>
        <TextInput
          label={t('name.label')}
          description={t('name.hint')}
          required
          maxLength={INTEGRATION_LIMITS.nameMax}
          data-autofocus
          rightSection={<NameStatusIcon status={nameStatus.status} />}
          data-testid="integration-name-input"
          {...form.getInputProps('name')}
          error={form.errors.name ?? nameStatus.message}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={create.isPending || create.isSuccess}
            leftSection={<IconPlugConnected size={16} />}
            data-testid="google-create"
          >
            {t('google.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReauthFromConsent({
  consent,
  integrationId,
  account,
}: {
  consent: GoogleAuthorization;
  integrationId: string;
  account: string | null;
}) {
  const { t } = useTranslation('integrations');
  const integration = useIntegration(integrationId);
  const reauth = useReauthenticateIntegration();
  const started = useRef(false);
  const current = integration.data;

  // Nothing to ask: the consent is used as soon as the integration it is for is known (once).
  useEffect(() => {
    if (!current || started.current) return;
    started.current = true;
    reauth.mutate(
      { id: current.id, body: { authorization_id: consent.id } },
      {
        onSuccess: (updated) => {
          notifySuccess(t('toasts.reauthenticated'));
          navigateTo(viewHref(updated), { replace: true });
        },
        // Spec §8: a refused re-authentication opens the view's re-authenticate dialog again.
        onError: (error) => {
          if (isShownHere(error)) notifyError(error.message);
          navigateTo(viewHref(current, { reauth: true }), { replace: true });
        },
      },
    );
  }, [current, consent.id, reauth, t]);

  return (
    <Stack gap="sm">
      <ConnectedAs account={account} />
      <Group gap="sm" wrap="nowrap" role="status" aria-live="polite" data-testid="google-reauth-progress">
        <Loader size="sm" aria-hidden />
        <Text size="sm">
          {current ? t('google.reauthenticating', { name: current.name }) : t('google.reading_integration')}
        </Text>
      </Group>
    </Stack>
  );
}
