import { Button, Fieldset, Grid, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Site } from '@app/shared/sites/schemas';
import { ApiError } from '@/lib/api-client';
import { serverFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCreateSite } from '../api/create-site';
import { useUpdateSite } from '../api/update-site';
import { limitRange } from '../utils/place-limits';
import { DEFAULT_ZOOM, flattenLocationErrors, siteBody, siteFormValues, validateSiteForm } from '../utils/site-form';
import { GeofencePreview } from './geofence-preview';
import { PlaceLimitInputs } from './place-limit-inputs';

export type SiteModalState = { mode: 'add' } | { mode: 'edit'; site: Site } | null;

const asNumber = (value: number | string) => (value === '' || Number.isNaN(Number(value)) ? undefined : Number(value));

function SiteForm({ site, onClose }: { site: Site | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('sites');
  const create = useCreateSite();
  const update = useUpdateSite();
  const saving = create.isPending || update.isPending;
  const form = useForm({
    initialValues: siteFormValues(site),
    validate: (values) => validateSiteForm(values, t, limitRange(i18n.language)),
  });

  const onError = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    form.setErrors(flattenLocationErrors(serverFormErrors(error.fields)));
    if (error.status === 409 && !error.fields.name) form.setFieldError('name', error.message);
  };

  const submit = form.onSubmit((values) => {
    const body = siteBody(values);
    if (site) {
      update.mutate(
        { id: site.id, ...body },
        {
          onSuccess: () => {
            notifySuccess(t('toasts.site_updated'));
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          notifySuccess(t('toasts.site_added'));
          onClose();
        },
        onError,
      });
    }
  });

  const zoom = asNumber(form.values.zoom) ?? DEFAULT_ZOOM;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('site_form.name')}
          placeholder={t('site_form.name_placeholder')}
          required
          maxLength={50}
          data-autofocus
          data-testid="site-name"
          {...form.getInputProps('name')}
        />
        <PlaceLimitInputs
          capacity={form.getInputProps('capacity')}
          dailyLimit={form.getInputProps('daily_visitor_limit')}
          testIdPrefix="site"
        />
        <Fieldset legend={t('site_form.location')} variant="filled" radius="md">
          <Stack gap="sm">
            <Text size="xs" c="dimmed">
              {t('site_form.location_hint')}
            </Text>
            <TextInput
              label={t('site_form.location_name')}
              placeholder={t('site_form.location_name_placeholder')}
              maxLength={200}
              data-testid="site-location-name"
              {...form.getInputProps('location_name')}
            />
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <NumberInput
                  label={t('site_form.latitude')}
                  placeholder="51.5074"
                  min={-90}
                  max={90}
                  decimalScale={6}
                  step={0.0001}
                  dir="ltr"
                  data-testid="site-latitude"
                  {...form.getInputProps('latitude')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <NumberInput
                  label={t('site_form.longitude')}
                  placeholder="-0.1278"
                  min={-180}
                  max={180}
                  decimalScale={6}
                  step={0.0001}
                  dir="ltr"
                  data-testid="site-longitude"
                  {...form.getInputProps('longitude')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <NumberInput
                  label={t('site_form.radius')}
                  description={t('site_form.radius_hint')}
                  placeholder="100"
                  min={10}
                  max={100_000}
                  allowDecimal={false}
                  step={10}
                  data-testid="site-radius"
                  {...form.getInputProps('radius')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <NumberInput
                  label={t('site_form.zoom')}
                  description={t('site_form.zoom_hint')}
                  min={1}
                  max={22}
                  allowDecimal={false}
                  data-testid="site-zoom"
                  {...form.getInputProps('zoom')}
                />
              </Grid.Col>
            </Grid>
            <GeofencePreview
              latitude={asNumber(form.values.latitude)}
              longitude={asNumber(form.values.longitude)}
              radius={asNumber(form.values.radius)}
              zoom={zoom}
              onZoomChange={(value) => form.setFieldValue('zoom', value)}
            />
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={site !== null && !form.isDirty()} data-testid="site-save">
            {site ? t('actions.save') : t('actions.add_site')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SiteFormModal({ state, onClose }: { state: SiteModalState; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const site = state?.mode === 'edit' ? state.site : null;
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={site ? t('site_form.edit_title', { name: site.name }) : t('site_form.add_title')}
      size="lg"
      centered
    >
      {state && <SiteForm key={site?.id ?? 'new'} site={site} onClose={onClose} />}
    </Modal>
  );
}
