import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  Radio,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy, IconInfoCircle, IconKey, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Directory, Integration } from '@app/shared/integrations/schemas';
import { IMMEDIATE_SYNC_MINUTES, INTEGRATION_TIMINGS, SYNC_FREQUENCIES } from '@app/shared/integrations/status';
import { ApiError } from '@/lib/api-client';
import { showFirstInvalidOfActiveForm } from '@/lib/first-error';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useDirectoryOptions } from '../api/get-directory-options';
import { getRedirectType } from '../api/get-redirect-type';
import type { IntegrationArea } from '../api/list-integration-areas';
import type { SiteOption, UserTypeOption } from '../api/get-integration-choices';
import { useSaveIntegrationSettings } from '../api/save-integration-settings';
import { useLater } from '../hooks/use-later';
import { afterSave, pageAfterRedirect, syncStatusHref, viewHref } from '../utils/flow-pages';
import {
  MAPPING_ERROR,
  groupRowsOf,
  settingsBody,
  settingsErrors,
  settingsValuesOf,
  validateSettings,
  type SettingsValues,
} from '../utils/settings-form';
import { useDirectoryName } from './directory-logo';
import { GroupMappingTable } from './group-mapping-table';

type IntegrationSettingsFormProps = {
  integration: Integration;
  directory: Directory;
  sites: readonly SiteOption[];
  userTypes: readonly UserTypeOption[];
  areas: readonly IntegrationArea[];
};

/** A refusal explained on the form (the others the API client has reported). */
const SHOWN_ON_FORM = new Set([400, 409, 422]);

function Section({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The settings and mapping (spec §4), checked before saving by the spec's rules (§5: sites, and a
 * field or a group), which the server enforces again. Save: "Integration Settings Saved", then the
 * flow goes on where the server says if the integration has synced before. Save and sync: "Preparing
 * Data", then the sync's status once its run has had a moment to start (§9).
 */
export function IntegrationSettingsForm({
  integration,
  directory,
  sites,
  userTypes,
  areas,
}: IntegrationSettingsFormProps) {
  const { t } = useTranslation('integrations');
  const directoryName = useDirectoryName();
  const isScim = directory.code === 'scim';
  const options = useDirectoryOptions(integration.id, !isScim);
  const save = useSaveIntegrationSettings();
  const later = useLater();
  const [leaving, setLeaving] = useState(false);
  const [other, setOther] = useState<string | null>(null);
  const form = useForm<SettingsValues>({
    initialValues: settingsValuesOf(
      integration,
      directory.fields,
      sites.map((s) => s.id),
    ),
  });
  const values = form.values;
  const rows = groupRowsOf(options.data?.groups ?? [], integration.groups);
  const offeredFields = options.data?.fields ?? directory.fields;
  const editable = integration.editable;
  const busy = save.isPending || leaving;

  const siteAreas = areas.filter((area) => values.site_ids.includes(area.site_id));

  const changeSites = (siteIds: string[]) => {
    form.setFieldValue('site_ids', siteIds);
    // Areas of a site no longer chosen cannot send scans for this integration.
    const kept = new Set(areas.filter((a) => siteIds.includes(a.site_id)).map((a) => a.id));
    form.setFieldValue(
      'write_back_area_ids',
      values.write_back_area_ids.filter((id) => kept.has(id)),
    );
  };

  const follow = (runId: string) => {
    setLeaving(true);
    notifySuccess(t('toasts.preparing'));
    later(INTEGRATION_TIMINGS.saveAndSyncMs, () => navigateTo(syncStatusHref(integration.id, runId)));
  };

  const moveOn = async (saved: Integration, runId: string | null) => {
    const next = afterSave({ runId, integration: saved });
    if (next.kind === 'sync-status') return follow(next.runId);
    if (next.kind === 'view') return navigateTo(viewHref(saved));
    if (next.kind === 'stay') return form.resetDirty();
    setLeaving(true);
    try {
      const redirect = await getRedirectType(saved.id);
      navigateTo(pageAfterRedirect(redirect.type, saved));
    } catch {
      // Reported by the API client; the admin stays on the saved settings.
      setLeaving(false);
    }
  };

  const submit = (sync: boolean) => {
    setOther(null);
    const errors = validateSettings(values, rows, directory, t);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      showFirstInvalidOfActiveForm();
      return;
    }
    save.mutate(
      { id: integration.id, body: settingsBody(values, rows, directory, sync) },
      {
        onSuccess: ({ integration: saved, run_id }) => {
          if (sync && run_id) return follow(run_id);
          notifySuccess(t('toasts.settings_saved'));
          void moveOn(saved, run_id);
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || !SHOWN_ON_FORM.has(error.status)) return;
          const placed = settingsErrors(error.fields);
          form.setErrors(placed.fields);
          setOther(placed.other ?? (Object.keys(placed.fields).length === 0 ? error.message : null));
          if (Object.keys(placed.fields).length > 0) showFirstInvalidOfActiveForm();
        },
      },
    );
  };

  const userTypeOptions = userTypes.map((type) => ({ value: type.id, label: type.name }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(false);
      }}
      data-testid="integration-settings-form"
    >
      {/* An admin who cannot change the integration (not an admin of all its sites) sees it read-only. */}
      <fieldset disabled={!editable || busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          <Section
            title={t('settings.sites.title')}
            description={t('settings.sites.description')}
            testId="settings-sites"
          >
            <MultiSelect
              label={t('settings.sites.label')}
              placeholder={values.site_ids.length ? undefined : t('settings.sites.placeholder')}
              data={sites.map((site) => ({ value: site.id, label: site.name }))}
              required
              searchable
              clearable
              hidePickedOptions
              nothingFoundMessage={sites.length ? t('settings.sites.none_matching') : t('settings.sites.none')}
              comboboxProps={{ withinPortal: true }}
              data-testid="settings-site-ids"
              {...form.getInputProps('site_ids')}
              onChange={changeSites}
            />
          </Section>

          {isScim ? (
            <Section
              title={t('settings.scim.title')}
              description={t('settings.scim.description')}
              testId="settings-scim"
            >
              <Select
                label={t('settings.scim.default_user_type')}
                description={t('settings.scim.default_user_type_hint')}
                placeholder={t('settings.scim.choose_user_type')}
                data={userTypeOptions}
                required
                searchable
                nothingFoundMessage={t('settings.no_user_types_matching')}
                comboboxProps={{ withinPortal: true }}
                data-testid="settings-default-user-type"
                {...form.getInputProps('default_user_type_id')}
              />
            </Section>
          ) : (
            <Section
              title={t('settings.groups.title')}
              description={t('settings.groups.description', { directory: directoryName(directory.code) })}
              testId="settings-groups"
            >
              {options.isPending ? (
                <Skeleton h={160} radius="md" />
              ) : options.isError ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle size={18} />}
                  title={t('settings.groups.load_failed')}
                  data-testid="settings-groups-failed"
                >
                  <Stack gap="sm">
                    {options.error instanceof ApiError && <Text size="sm">{options.error.message}</Text>}
                    <Group gap="xs">
                      <Button
                        variant="light"
                        color="red"
                        size="xs"
                        leftSection={<IconRefresh size={14} />}
                        onClick={() => void options.refetch()}
                      >
                        {t('settings.groups.retry')}
                      </Button>
                      <Button
                        component={Link}
                        to={viewHref(integration, { reauth: true })}
                        variant="subtle"
                        color="red"
                        size="xs"
                        leftSection={<IconKey size={14} />}
                        data-testid="settings-reauthenticate"
                      >
                        {t('settings.groups.reauthenticate')}
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              ) : options.data.no_group_to_map && rows.length === 0 ? (
                <Alert
                  color="blue"
                  variant="light"
                  icon={<IconInfoCircle size={18} />}
                  title={t('settings.groups.none_title')}
                  data-testid="settings-no-group-to-map"
                >
                  {t('settings.groups.none_body', { directory: directoryName(directory.code) })}
                </Alert>
              ) : (
                <GroupMappingTable
                  rows={rows}
                  value={values.groups}
                  userTypes={userTypes}
                  disabled={!editable || busy}
                  onChange={(groupId, userTypeId) => {
                    form.setFieldValue('groups', { ...values.groups, [groupId]: userTypeId });
                    form.clearFieldError(MAPPING_ERROR);
                  }}
                />
              )}
            </Section>
          )}

          <Section
            title={t('settings.fields.title')}
            description={t('settings.fields.description')}
            testId="settings-fields"
          >
            <Checkbox.Group
              label={t('settings.fields.label')}
              value={values.fields}
              onChange={(next) => {
                form.setFieldValue(
                  'fields',
                  offeredFields.filter((f) => next.includes(f)),
                );
                form.clearFieldError(MAPPING_ERROR);
              }}
              error={form.errors[MAPPING_ERROR]}
              data-testid="settings-field-list"
            >
              <Group gap="lg" mt="xs">
                {offeredFields.map((field) => (
                  <Checkbox
                    key={field}
                    value={field}
                    label={t(`person_fields.${field}`)}
                    data-testid={`settings-field-${field}`}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          </Section>

          {!isScim && (
            <Section
              title={t('settings.frequency.title')}
              description={t('settings.frequency.description')}
              testId="settings-frequency"
            >
              <Radio.Group label={t('settings.frequency.label')} {...form.getInputProps('sync_frequency')}>
                <Group gap="xl" mt="xs" align="flex-start">
                  {SYNC_FREQUENCIES.map((frequency) => (
                    <Radio
                      key={frequency}
                      value={frequency}
                      label={t(`frequencies.${frequency}`)}
                      description={t(`frequency_hints.${frequency}`, { minutes: IMMEDIATE_SYNC_MINUTES })}
                      data-testid={`settings-frequency-${frequency}`}
                    />
                  ))}
                </Group>
              </Radio.Group>
            </Section>
          )}

          {directory.writes_back && (
            <Section
              title={t('settings.write_back.title')}
              description={t('settings.write_back.description', { directory: directoryName(directory.code) })}
              testId="settings-write-back"
            >
              <Switch
                label={t('settings.write_back.toggle', { directory: directoryName(directory.code) })}
                data-testid="settings-write-back-toggle"
                {...form.getInputProps('write_back', { type: 'checkbox' })}
              />
              {values.write_back && (
                <MultiSelect
                  label={t('settings.write_back.areas')}
                  description={t('settings.write_back.areas_hint')}
                  placeholder={
                    values.write_back_area_ids.length ? undefined : t('settings.write_back.areas_placeholder')
                  }
                  data={siteAreas.map((area) => ({ value: area.id, label: area.label, disabled: area.isDisabled }))}
                  searchable
                  clearable
                  hidePickedOptions
                  nothingFoundMessage={
                    siteAreas.length ? t('settings.write_back.none_matching') : t('settings.write_back.no_areas')
                  }
                  comboboxProps={{ withinPortal: true }}
                  data-testid="settings-write-back-areas"
                  {...form.getInputProps('write_back_area_ids')}
                />
              )}
            </Section>
          )}

          {other && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={t('settings.refused_title')}
              style={{ whiteSpace: 'pre-line' }}
              data-testid="settings-error"
            >
              {other}
            </Alert>
          )}

          {editable && (
            <Group justify="flex-end" gap="sm">
              <Button
                type="submit"
                variant={isScim ? 'filled' : 'default'}
                loading={busy && !save.variables?.body.sync}
                disabled={busy}
                leftSection={<IconDeviceFloppy size={16} />}
                data-testid="settings-save"
              >
                {t('settings.save')}
              </Button>
              {!isScim && (
                <Button
                  type="button"
                  loading={busy && !!save.variables?.body.sync}
                  disabled={busy}
                  leftSection={<IconRefresh size={16} />}
                  onClick={() => submit(true)}
                  data-testid="settings-save-sync"
                >
                  {t('settings.save_and_sync')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
