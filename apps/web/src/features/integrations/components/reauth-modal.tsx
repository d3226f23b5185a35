import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBrandGoogle, IconKey } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Directory, Integration } from '@app/shared/integrations/schemas';
import { ApiError } from '@/lib/api-client';
import { showFirstInvalidOfActiveForm } from '@/lib/first-error';
import { notifySuccess } from '@/lib/notify';
import { useGoogleAuthorize } from '../api/google-authorize';
import { useDirectories } from '../api/list-directories';
import { useReauthenticateIntegration } from '../api/reauthenticate-integration';
import { connectErrors, credentialPath } from '../utils/connect-form';
import { credentialFieldsOf } from '../utils/directories';
import { refusalMessage } from '../utils/refusal';
import { reauthBodyOf, reauthFieldsOf } from '../utils/view-rules';
import { CredentialInputs } from './credential-inputs';
import { useDirectoryName } from './directory-logo';

type ReauthModalProps = { integration: Integration; opened: boolean; onClose: () => void };

/**
 * Re-authenticate (spec §3 reAuth, §8 "Re-authenticated Successfully."): the directory's credentials
 * again (those shown again prefilled, a secret left empty kept), or Google's consent for Google
 * Workspace. Opened from the view, or by itself when the credentials were refused.
 */
export function ReauthModal({ integration, opened, onClose }: ReauthModalProps) {
  const { t } = useTranslation('integrations');
  const directoryName = useDirectoryName();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      centered
      title={t('reauth_dialog.title', { directory: directoryName(integration.dir_code) })}
      data-testid="reauth-modal"
    >
      {integration.dir_code === 'googleAD' ? (
        <GoogleReauth integration={integration} onClose={onClose} />
      ) : (
        <CredentialsReauth integration={integration} onClose={onClose} />
      )}
    </Modal>
  );
}

/** The reason the dialog opened, when it opened because the credentials no longer work. */
function Refused({ integration }: { integration: Integration }) {
  const { t } = useTranslation('integrations');
  if (integration.status !== 'authentication_failed' && integration.status !== 'invalid') return null;
  return (
    <Alert variant="light" color="red" icon={<IconKey size={18} />} data-testid="reauth-reason">
      {t(`reauth_dialog.reason.${integration.status}`)}
    </Alert>
  );
}

function GoogleReauth({ integration, onClose }: { integration: Integration; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const authorize = useGoogleAuthorize();
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Refused integration={integration} />
      <Text size="sm">{t('reauth_dialog.google_body', { account: integration.account ?? '' })}</Text>
      {refused && (
        <Alert variant="light" color="red" role="alert">
          {refused}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          leftSection={<IconBrandGoogle size={16} />}
          // The browser leaves for Google's page: the button stays busy until it has gone.
          loading={authorize.isPending || authorize.isSuccess}
          onClick={() => {
            setRefused(null);
            authorize.mutate(integration.id, { onError: (error) => setRefused(refusalMessage(error)) });
          }}
          data-testid="reauth-google"
        >
          {t('google.continue')}
        </Button>
      </Group>
    </Stack>
  );
}

type ReauthValues = { credentials: Record<string, string> };

function CredentialsReauth({ integration, onClose }: { integration: Integration; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const directories = useDirectories();
  const directory = directories.data?.find((d) => d.code === integration.dir_code);
  if (!directory) {
    return directories.isError ? (
      <Alert variant="light" color="red">
        {t('reauth_dialog.load_failed')}
      </Alert>
    ) : (
      <Text size="sm" c="dimmed">
        {t('reauth_dialog.loading')}
      </Text>
    );
  }
  return <CredentialsForm integration={integration} directory={directory} onClose={onClose} />;
}

function CredentialsForm({
  integration,
  directory,
  onClose,
}: {
  integration: Integration;
  directory: Directory;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const reauth = useReauthenticateIntegration();
  const fields = useMemo(() => reauthFieldsOf(directory, integration), [directory, integration]);
  const inputs = useMemo(() => credentialFieldsOf(directory), [directory]);
  const [other, setOther] = useState<string | null>(null);
  const form = useForm<ReauthValues>({
    initialValues: {
      credentials: Object.fromEntries([
        ...fields.config.map(({ key, initial }): [string, string] => [key, initial]),
        ...fields.secrets.map(({ key }): [string, string] => [key, '']),
      ]),
    },
    validate: (values) => {
      const built = reauthBodyOf(fields, values.credentials);
      if (!('missing' in built)) return {};
      return { [credentialPath(built.missing)]: t('reauth_dialog.required') };
    },
  });

  const submit = form.onSubmit((values) => {
    const built = reauthBodyOf(fields, values.credentials);
    if ('missing' in built) return;
    setOther(null);
    reauth.mutate(
      { id: integration.id, body: built.body },
      {
        onSuccess: () => {
          notifySuccess(t('toasts.reauthenticated'));
          onClose();
        },
        onError: (error) => {
          // 400 and 422 are said here (the API client toasts the rest): under the credential they name, else above the buttons.
          if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 422)) return;
          const placed = connectErrors(error.fields, [...directory.config_keys, ...directory.secret_keys]);
          form.setErrors(placed.fields);
          setOther(placed.other ?? (Object.keys(placed.fields).length === 0 ? error.message : null));
          if (Object.keys(placed.fields).length > 0) showFirstInvalidOfActiveForm();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="reauth-form">
      <Stack gap="md">
        <Refused integration={integration} />
        <Text size="sm">{t('reauth_dialog.body')}</Text>
        <CredentialInputs
          fields={inputs}
          inputProps={(path) => ({ ...form.getInputProps(path) })}
          keepSecrets
          disabled={reauth.isPending}
        />
        {other && (
          <Alert
            variant="light"
            color="red"
            role="alert"
            data-testid="reauth-refused"
            style={{ whiteSpace: 'pre-line' }}
          >
            {other}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={reauth.isPending} data-testid="reauth-save">
            {t('reauth_dialog.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
