import { Button, FileInput, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  PERSON_DOCUMENT_LIMITS,
  type DocumentType,
  type DocumentTypeOption,
  type PersonDocumentFormInput,
} from '@app/shared/people/documents';
import { DATE_INPUT_FORMAT, parseTypedDate } from '@/lib/dates';
import { showServerErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useAddPersonDocument } from '../api/add-person-document';
import { labelVars } from '@app/shared/http/field-messages';

type Values = {
  compliance_id: string | null;
  type: DocumentType;
  protocol: string | null;
  result: string | null;
  start_date: string | null;
  expiry_date: string | null;
  notes: string;
  file: File | null;
};

const ACCEPT = 'application/pdf,image/png,image/jpeg';

/** Adds a vaccination certificate or test result to a person (spec POST /user_document). */
export function PersonDocumentForm({
  personId,
  types,
  onDone,
}: {
  personId: string;
  types: DocumentTypeOption[];
  onDone: () => void;
}) {
  const { t } = useTranslation('users');
  const add = useAddPersonDocument();
  const required = (label: string) => t('documents.form.required', labelVars(`documents.form.${label}`, t));
  const form = useForm<Values>({
    initialValues: {
      compliance_id: types.length === 1 ? types[0]!.compliance_id : null,
      type: 'covid_vaccine',
      protocol: null,
      result: null,
      start_date: null,
      expiry_date: null,
      notes: '',
      file: null,
    },
    validate: {
      compliance_id: (v) => (v ? null : required('compliance')),
      protocol: (v, all) => (all.type === 'covid_vaccine' && !v ? required('protocol') : null),
      result: (v, all) => (all.type === 'test' && !v ? required('result') : null),
      start_date: (v, all) => (v ? null : required(all.type === 'covid_vaccine' ? 'dose_date' : 'test_date')),
      expiry_date: (v, all) =>
        v && all.start_date && v < all.start_date ? t('documents.form.expiry_before_start') : null,
      file: (v) => (v ? null : t('documents.form.file_required')),
    },
  });
  const chosen = types.find((c) => c.compliance_id === form.values.compliance_id) ?? null;
  const today = new Date().toISOString().slice(0, 10);

  const submit = form.onSubmit((values) => {
    const fields: PersonDocumentFormInput = {
      compliance_id: values.compliance_id!,
      type: values.type,
      protocol: values.type === 'covid_vaccine' ? (values.protocol as PersonDocumentFormInput['protocol']) : undefined,
      result: values.type === 'test' ? (values.result as PersonDocumentFormInput['result']) : undefined,
      start_date: values.start_date!,
      expiry_date: values.expiry_date ?? undefined,
      notes: values.notes.trim() || undefined,
    };
    add.mutate(
      { personId, fields, file: values.file! },
      {
        onSuccess: () => {
          notifySuccess(t('documents.toasts.created'));
          onDone();
        },
        onError: (error) => showServerErrors(form, error, 'file'),
      },
    );
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate data-testid="person-document-form">
        <Stack gap="sm">
          <Select
            label={t('documents.form.compliance')}
            placeholder={t('documents.form.compliance_placeholder')}
            required
            data={types.map((c) => ({ value: c.compliance_id, label: c.name }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="person-document-compliance"
            value={form.values.compliance_id}
            error={form.errors.compliance_id}
            onChange={(id: string | null) => {
              const next = types.find((c) => c.compliance_id === id);
              form.setValues({
                compliance_id: id,
                type: next?.types.includes(form.values.type) ? form.values.type : 'covid_vaccine',
                protocol: null,
              });
            }}
          />
          {chosen && chosen.types.length > 1 && (
            <SegmentedControl
              value={form.values.type}
              onChange={(type) => form.setFieldValue('type', type === 'test' ? 'test' : 'covid_vaccine')}
              data={chosen.types.map((type) => ({ value: type, label: t(`documents.types.${type}`) }))}
              aria-label={t('documents.form.type')}
              data-testid="person-document-type"
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {form.values.type === 'covid_vaccine' ? (
              <Select
                label={t('documents.form.protocol')}
                required
                data={(chosen?.protocols ?? []).map((p) => ({
                  value: p,
                  label: t(`compliances:vaccine.protocol_names.${p}`),
                }))}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                data-testid="person-document-protocol"
                {...form.getInputProps('protocol')}
              />
            ) : (
              <Select
                label={t('documents.form.result')}
                required
                data={[
                  { value: 'negative', label: t('documents.results.negative') },
                  { value: 'positive', label: t('documents.results.positive') },
                ]}
                description={
                  chosen?.pcr_valid_days ? t('documents.form.valid_days', { count: chosen.pcr_valid_days }) : undefined
                }
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                data-testid="person-document-result"
                {...form.getInputProps('result')}
              />
            )}
            <DateInput
              label={
                form.values.type === 'covid_vaccine' ? t('documents.form.dose_date') : t('documents.form.test_date')
              }
              required
              valueFormat={DATE_INPUT_FORMAT}
              dateParser={parseTypedDate}
              maxDate={today}
              clearable
              popoverProps={{ withinPortal: true }}
              data-testid="person-document-start"
              {...form.getInputProps('start_date')}
            />
            <DateInput
              label={t('documents.form.expiry_date')}
              valueFormat={DATE_INPUT_FORMAT}
              dateParser={parseTypedDate}
              clearable
              popoverProps={{ withinPortal: true }}
              data-testid="person-document-expiry"
              {...form.getInputProps('expiry_date')}
            />
          </SimpleGrid>
          <FileInput
            label={t('documents.form.file')}
            description={t('documents.form.file_hint', {
              size: PERSON_DOCUMENT_LIMITS.fileMaxBytes / (1024 * 1024),
            })}
            placeholder={t('documents.form.file_placeholder')}
            required
            accept={ACCEPT}
            clearable
            leftSection={<IconUpload size={16} />}
            data-testid="person-document-file"
            {...form.getInputProps('file')}
          />
          <Textarea
            label={t('documents.form.notes')}
            autosize
            minRows={2}
            maxLength={PERSON_DOCUMENT_LIMITS.notesMax}
            data-testid="person-document-notes"
            {...form.getInputProps('notes')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} data-testid="person-document-save">
              {t('documents.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
