import {
  Alert,
  Button,
  Card,
  Fieldset,
  Grid,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMPLIANCE_FORMATS,
  COMPLIANCE_FREQUENCIES,
  COMPLIANCE_LIMITS,
  type AgreementFile,
  type Compliance,
  type ComplianceCanEdit,
} from '@app/shared/compliances/schemas';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { serverFormErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useCreateCompliance } from '../api/create-compliance';
import { useUpdateCompliance } from '../api/update-compliance';
import { agreementFileUrl } from '../api/upload-agreement-file';
import {
  complianceBody,
  complianceFormErrors,
  complianceFormValues,
  emptyComplianceForm,
  type ComplianceFormValues,
} from '../utils/compliance-form';
import { AgreementEditor } from './agreement-editor';
import { ComplianceFormatIcon, FORMAT_COLORS } from './compliance-format-icon';
import { CompliancePreview } from './compliance-preview';
import { QuestionEditor } from './question-editor';
import { VaccineEditor } from './vaccine-editor';

const L = COMPLIANCE_LIMITS;

export type SavedOutcome = { kind: 'created' } | { kind: 'updated'; version: number; previous: number };

type ComplianceFormProps = {
  /** The compliance being changed, with whether it has been answered; none to create one. */
  compliance?: Compliance;
  canEdit?: ComplianceCanEdit;
  onSaved: (outcome: SavedOutcome) => void;
};

/**
 * Creates or changes a compliance: name, format and what it asks, how often, and how it is sent
 * online. Checked with the server's own schema first; a preview shows it as people will answer it.
 */
export function ComplianceForm({ compliance, canEdit, onSaved }: ComplianceFormProps) {
  const { t } = useTranslation('compliances');
  const create = useCreateCompliance();
  const update = useUpdateCompliance();
  const form = useForm<ComplianceFormValues>({
    initialValues: compliance ? complianceFormValues(compliance) : emptyComplianceForm(),
    validate: (values) => complianceFormErrors(values, t),
  });

  // Files chosen on this page are shown from the browser; saved ones from the server.
  const [localFiles, setLocalFiles] = useState<Record<string, string>>({});
  const localRef = useRef(localFiles);
  useEffect(() => {
    localRef.current = localFiles;
  });
  // The browser's copies of chosen files are let go when the page closes.
  useEffect(() => () => Object.values(localRef.current).forEach((url) => URL.revokeObjectURL(url)), []);
  const fileUrl = (file: AgreementFile) => {
    if (localFiles[file.id]) return localFiles[file.id]!;
    const saved = compliance?.format === 'agreement' ? compliance.content.file : null;
    return compliance && saved?.id === file.id ? agreementFileUrl(compliance.id, compliance.version) : null;
  };

  const formatLocked = canEdit ? !canEdit.can_change_format : false;
  const saving = create.isPending || update.isPending;

  const submit = form.onSubmit(async (values) => {
    const body = complianceBody(values);
    try {
      if (compliance) {
        const saved = await update.mutateAsync({ id: compliance.id, body });
        onSaved({ kind: 'updated', version: saved.version, previous: compliance.version });
      } else {
        await create.mutateAsync(body);
        onSaved({ kind: 'created' });
      }
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (Object.keys(error.fields).length === 0) return notifyError(error.message);
      form.setErrors(serverFormErrors(error.fields));
    }
  });

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            {canEdit?.answered && <AnsweredNotice canEdit={canEdit} />}
            <Card withBorder radius="md" p="lg">
              <Stack gap="md">
                <TextInput
                  label={t('form.name')}
                  placeholder={t('form.name_placeholder')}
                  required
                  maxLength={L.nameMax}
                  data-autofocus
                  data-testid="compliance-name-input"
                  {...form.getInputProps('name')}
                />
                <FormatPicker form={form} locked={formatLocked} />
              </Stack>
            </Card>
            <Card withBorder radius="md" p="lg">
              <Stack gap="md">
                <Title order={4}>{t('form.asked')}</Title>
                {form.values.format === 'question' && <QuestionEditor form={form} />}
                {form.values.format === 'agreement' && (
                  <AgreementEditor
                    form={form}
                    fileUrl={fileUrl}
                    onUploaded={(stored, local) =>
                      setLocalFiles((files) => ({ ...files, [stored.id]: URL.createObjectURL(local) }))
                    }
                  />
                )}
                {form.values.format === 'statement' && (
                  <Textarea
                    label={t('statement.text')}
                    placeholder={t('statement.placeholder')}
                    required
                    autosize
                    minRows={3}
                    maxLength={L.statementMax}
                    data-testid="statement-text"
                    {...form.getInputProps('content.statement')}
                  />
                )}
                {form.values.format === 'vaccine' && <VaccineEditor form={form} />}
              </Stack>
            </Card>
            <Card withBorder radius="md" p="lg">
              <Stack gap="md">
                <Group gap="md" align="flex-end" grow wrap="wrap">
                  <Select
                    label={t('form.frequency')}
                    description={t(`frequency_hints.${form.values.frequency}`)}
                    data={COMPLIANCE_FREQUENCIES.map((value) => ({ value, label: t(`frequencies.${value}`) }))}
                    allowDeselect={false}
                    required
                    miw={220}
                    data-testid="compliance-frequency-input"
                    {...form.getInputProps('frequency')}
                  />
                  {form.values.frequency === 'until_expiry' && (
                    <NumberInput
                      label={t('form.validity_days')}
                      description={t('form.validity_days_hint')}
                      required
                      min={L.validityDaysMin}
                      max={L.validityDaysMax}
                      allowDecimal={false}
                      allowNegative={false}
                      miw={180}
                      data-testid="compliance-validity-days"
                      {...form.getInputProps('validity_days')}
                    />
                  )}
                </Group>
                <Fieldset legend={t('form.sending')} variant="filled" radius="md">
                  <Text size="xs" c="dimmed" mb="sm">
                    {t('form.sending_hint')}
                  </Text>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ alignItems: 'end' }}>
                    <NumberInput
                      label={t('form.send_before')}
                      description={t('form.send_before_hint', { min: L.sendBeforeMin })}
                      required
                      min={L.sendBeforeMin}
                      max={L.sendBeforeMax}
                      allowDecimal={false}
                      allowNegative={false}
                      rightSection={<Text size="xs">{t('form.minutes')}</Text>}
                      rightSectionWidth={48}
                      data-testid="compliance-send-before"
                      {...form.getInputProps('settings.send_before_minutes')}
                    />
                    <NumberInput
                      label={t('form.reminder')}
                      description={t('form.reminder_hint', { min: L.reminderMin })}
                      required
                      min={L.reminderMin}
                      max={L.reminderMax}
                      allowDecimal={false}
                      allowNegative={false}
                      rightSection={<Text size="xs">{t('form.minutes')}</Text>}
                      rightSectionWidth={48}
                      data-testid="compliance-reminder"
                      {...form.getInputProps('settings.reminder_interval_minutes')}
                    />
                  </SimpleGrid>
                </Fieldset>
              </Stack>
            </Card>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to={paths.compliances}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={saving} data-testid="compliance-save">
                {t('form.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <CompliancePreview values={form.values} fileUrl={fileUrl} />
      </Grid.Col>
    </Grid>
  );
}

/** Spec can-edit: answers already given keep their version; a change makes the next one. */
function AnsweredNotice({ canEdit }: { canEdit: ComplianceCanEdit }) {
  const { t } = useTranslation('compliances');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('form.answered_title')}
      data-testid="compliance-answered"
    >
      <Stack gap={4}>
        <Text size="sm">
          {t('form.answered_body', {
            count: canEdit.people_count,
            version: canEdit.version,
            next: canEdit.version + 1,
          })}
        </Text>
        {canEdit.journeys.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('form.in_journeys', { journeys: canEdit.journeys.map((j) => j.name).join(', ') })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** The four formats as cards; fixed once the compliance has been answered. */
function FormatPicker({ form, locked }: { form: UseFormReturnType<ComplianceFormValues>; locked: boolean }) {
  const { t } = useTranslation('compliances');
  return (
    <Radio.Group
      label={t('form.format')}
      description={locked ? t('form.format_locked') : undefined}
      required
      value={form.values.format}
      onChange={(value) => {
        form.setFieldValue('format', value);
        form.clearErrors();
      }}
      error={form.errors.format}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
        {COMPLIANCE_FORMATS.map((format) => (
          <Radio.Card
            key={format}
            value={format}
            radius="md"
            p="sm"
            disabled={locked && format !== form.values.format}
            data-testid={`compliance-format-${format}`}
            style={{ opacity: locked && format !== form.values.format ? 0.5 : 1 }}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <ComplianceFormatIcon format={format} color={`var(--mantine-color-${FORMAT_COLORS[format]}-6)`} />
                  <Text size="sm" fw={600}>
                    {t(`formats.${format}`)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {t(`format_hints.${format}`)}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
