import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconBrandGoogle, IconPlugConnected } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEGRATION_LIMITS, type Directory } from '@app/shared/integrations/schemas';
import { ApiError } from '@/lib/api-client';
import { showFirstInvalidOfActiveForm } from '@/lib/first-error';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useCreateIntegration } from '../api/create-integration';
import { useGoogleAuthorize } from '../api/google-authorize';
import { useIntegrationNameStatus } from '../hooks/use-integration-name-status';
import {
  connectBody,
  connectErrors,
  emptyConnectValues,
  validateConnect,
  type ConnectValues,
} from '../utils/connect-form';
import { credentialFieldsOf } from '../utils/directories';
import { settingsHref } from '../utils/flow-pages';
import { CredentialInputs } from './credential-inputs';
import { DirectoryLabel } from './directory-logo';
import { NameStatusIcon } from './name-status-icon';
import { ScimTokenModal } from './scim-token-modal';

type DirectoryConnectFormProps = { directory: Directory; onChangeDirectory: () => void };

/** The statuses a refused connection is explained with on the form (others are the API client's). */
const SHOWN_ON_FORM = new Set([400, 409, 422]);

/**
 * Connecting one directory (spec §4 "create (authentication)"). Google: its consent page, where the
 * admin signs in (nothing typed here). SCIM: a name; the token and address the identity provider
 * needs are shown once. The others: a name and the directory's credentials, which the server checks
 * by connecting; wrong ones are said on the field the server names.
 */
export function DirectoryConnectForm({ directory, onChangeDirectory }: DirectoryConnectFormProps) {
  const { t } = useTranslation('integrations');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="directory-connect" data-directory={directory.code}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <DirectoryLabel code={directory.code} size="md" />
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={14} className="mirror-rtl" />}
            onClick={onChangeDirectory}
            data-testid="directory-change"
          >
            {t('connect.change_directory')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`connect.help.${directory.code}`)}
        </Text>
        {directory.consent ? <GoogleConsentStart /> : <CredentialsForm directory={directory} />}
      </Stack>
    </Card>
  );
}

function GoogleConsentStart() {
  const { t } = useTranslation('integrations');
  const authorize = useGoogleAuthorize();
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{t('google.start_body')}</Text>
      <Button
        leftSection={<IconBrandGoogle size={18} />}
        // Once the address is given the browser is leaving: the button stays busy until it has.
        loading={authorize.isPending || authorize.isSuccess}
        onClick={() => authorize.mutate(null)}
        data-testid="google-continue"
      >
        {t('google.continue')}
      </Button>
    </Stack>
  );
}

function CredentialsForm({ directory }: { directory: Directory }) {
  const { t } = useTranslation('integrations');
  const fields = useMemo(() => credentialFieldsOf(directory), [directory]);
  const create = useCreateIntegration();
  const [other, setOther] = useState<string | null>(null);
  const [scim, setScim] = useState<{ id: string; token: string; url: string } | null>(null);
  const form = useForm<ConnectValues>({
    initialValues: emptyConnectValues(fields),
    validate: (values) => {
      const errors = validateConnect(values, fields, t);
      if (!errors.name && nameStatus.message) errors.name = nameStatus.message;
      return errors;
    },
  });
  const nameStatus = useIntegrationNameStatus(form.values.name);

  const submit = form.onSubmit((values) => {
    setOther(null);
    create.mutate(connectBody(directory, values), {
      onSuccess: (created) => {
        if (created.scim_token && created.scim_url) {
          setScim({ id: created.integration.id, token: created.scim_token, url: created.scim_url });
          return;
        }
        notifySuccess(t('toasts.authenticated'));
        navigateTo(settingsHref(created.integration.id));
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || !SHOWN_ON_FORM.has(error.status)) return;
        const placed = connectErrors(error.fields, [...directory.config_keys, ...directory.secret_keys]);
        form.setErrors(placed.fields);
        const unplaced = placed.other ?? (Object.keys(placed.fields).length === 0 ? error.message : null);
        setOther(unplaced);
        if (Object.keys(placed.fields).length > 0) showFirstInvalidOfActiveForm();
      },
    });
  });

  const isScim = directory.code === 'scim';
  return (
    <form onSubmit={submit} noValidate data-testid="connect-form">
      <Stack gap="md">
        <TextInput
          label={t('name.label')}
          description={t('name.hint')}
          placeholder={t('name.placeholder')}
          required
          maxLength={INTEGRATION_LIMITS.nameMax}
          data-autofocus
          rightSection={<NameStatusIcon status={nameStatus.status} />}
          data-testid="integration-name-input"
          {...form.getInputProps('name')}
          error={form.errors.name ?? nameStatus.message}
        />
        <CredentialInputs fields={fields} inputProps={(path) => form.getInputProps(path)} disabled={create.isPending} />
        {other && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={t('connect.refused_title')}
            style={{ whiteSpace: 'pre-line' }}
            data-testid="connect-error"
          >
            {other}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={create.isPending}
            leftSection={<IconPlugConnected size={16} />}
            data-testid="connect-submit"
          >
            {isScim ? t('connect.create') : t('connect.submit')}
          </Button>
        </Group>
      </Stack>
      {scim && (
        <ScimTokenModal
          opened
          token={scim.token}
          url={scim.url}
          onDone={() => {
            notifySuccess(t('toasts.scim_created'));
            navigateTo(settingsHref(scim.id));
          }}
        />
      )}
    </form>
  );
}
