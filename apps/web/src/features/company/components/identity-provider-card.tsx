import { Alert, Button, Group, PasswordInput, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconLogin, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  companySignInCallbackUrl,
  identityProviderBodySchema,
  type IdentityProvider,
  type IdentityProviderBody,
} from '@app/shared/entity/identity-provider';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { usePublicConfig } from '@/lib/public-config';
import { useDeleteIdentityProvider } from '../api/delete-identity-provider';
import { useIdentityProvider } from '../api/get-identity-provider';
import { useSaveIdentityProvider } from '../api/save-identity-provider';
import { CopyableField } from './copyable-field';
import { SectionCard } from './section-card';

type FormValues = { issuer: string; client_id: string; client_secret: string; enabled: boolean };

const formValues = (settings: IdentityProvider | null): FormValues => ({
  issuer: settings?.issuer ?? '',
  client_id: settings?.client_id ?? '',
  // The stored secret is never sent back: left empty, it is kept.
  client_secret: '',
  enabled: settings?.enabled ?? true,
});

const toBody = (values: FormValues): IdentityProviderBody => ({
  issuer: values.issuer.trim(),
  client_id: values.client_id.trim(),
  enabled: values.enabled,
  ...(values.client_secret ? { client_secret: values.client_secret } : {}),
});

// Without a stored secret, one must be given.
const firstSaveSchema = identityProviderBodySchema.required({ client_secret: true });

function IdentityProviderForm({
  settings,
  redirectUri,
}: {
  settings: IdentityProvider | null;
  redirectUri: string | null;
}) {
  const { t } = useTranslation('company');
  const save = useSaveIdentityProvider();
  const remove = useDeleteIdentityProvider();
  const form = useForm<FormValues>({
    initialValues: formValues(settings),
    validate: (values) =>
      zodFormErrors(settings?.has_secret ? identityProviderBodySchema : firstSaveSchema, toBody(values), t),
  });

  const submit = form.onSubmit((values) =>
    save.mutate(toBody(values), {
      onSuccess: (saved) => {
        form.setInitialValues(formValues(saved));
        form.setValues(formValues(saved));
        notifySuccess(t('identity_provider.saved'));
      },
      onError: (error) => showServerErrors(form, error, 'issuer'),
    }),
  );

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('identity_provider.remove_title'),
      children: <Text size="sm">{t('identity_provider.remove_body')}</Text>,
      labels: { confirm: t('identity_provider.remove'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'identity-provider-remove-confirm' },
      onConfirm: () => remove.mutate(undefined, { onSuccess: () => notifySuccess(t('identity_provider.removed')) }),
    });

  return (
    <Stack gap="md">
      {redirectUri && (
        <Stack gap={4}>
          <CopyableField
            value={redirectUri}
            label={t('identity_provider.redirect_uri')}
            testId="identity-provider-redirect-uri"
          />
          <Text size="xs" c="dimmed">
            {t('identity_provider.redirect_uri_hint')}
          </Text>
        </Stack>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('identity_provider.issuer')}
            description={t('identity_provider.issuer_hint')}
            placeholder="https://login.example.com"
            maxLength={500}
            dir="ltr"
            required
            autoComplete="off"
            data-testid="identity-provider-issuer"
            {...form.getInputProps('issuer')}
          />
          <TextInput
            label={t('identity_provider.client_id')}
            maxLength={255}
            dir="ltr"
            required
            autoComplete="off"
            data-testid="identity-provider-client-id"
            {...form.getInputProps('client_id')}
          />
          <PasswordInput
            label={t('identity_provider.client_secret')}
            description={settings?.has_secret ? t('identity_provider.secret_keep') : undefined}
            maxLength={1000}
            dir="ltr"
            required={!settings?.has_secret}
            autoComplete="new-password"
            data-testid="identity-provider-client-secret"
            {...form.getInputProps('client_secret')}
          />
          <Switch
            label={t('identity_provider.enabled')}
            description={t('identity_provider.enabled_hint')}
            data-testid="identity-provider-enabled"
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm">
            {settings && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={remove.isPending}
                onClick={confirmRemove}
                data-testid="identity-provider-remove"
              >
                {t('identity_provider.remove')}
              </Button>
            )}
            <Button
              type="submit"
              loading={save.isPending}
              disabled={settings !== null && !form.isDirty()}
              data-testid="identity-provider-save"
            >
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** The company's own OpenID Connect provider for its staff's dashboard sign-in. */
export function IdentityProviderCard() {
  const { t } = useTranslation('company');
  const settings = useIdentityProvider();
  const config = usePublicConfig();
  // Known before anything is saved, so it can be registered at the provider first.
  const redirectUri = settings.data?.redirect_uri ?? (config ? companySignInCallbackUrl(config.app_url) : null);

  return (
    <SectionCard
      id="identity-provider"
      icon={<IconLogin size={20} />}
      title={t('identity_provider.title')}
      description={t('identity_provider.description')}
    >
      {settings.isPending ? (
        <Skeleton height={260} radius="md" data-testid="identity-provider-loading" />
      ) : settings.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title={t('identity_provider.load_failed')}
        >
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void settings.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        // A new form when a provider is added or removed: its fields start from what is stored.
        <IdentityProviderForm
          key={settings.data ? 'stored' : 'none'}
          settings={settings.data}
          redirectUri={redirectUri}
        />
      )}
    </SectionCard>
  );
}
