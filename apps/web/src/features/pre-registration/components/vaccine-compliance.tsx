import {
  Alert,
  Button,
  FileButton,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendarEvent, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { PERSON_DOCUMENT_LIMITS } from '@app/shared/pre-registration/schemas';
import { DATE_INPUT_FORMAT, FIRST_DAY_OF_WEEK, parseTypedDate } from '@/lib/dates';
import { notifySuccess } from '@/lib/notify';
import { useUploadVisitDocument } from '../api/upload-visit-document';
import type { OnlineItem } from '../utils/compliance-answers';
import {
  checkDocumentFile,
  DOCUMENT_ACCEPT,
  documentFormData,
  documentIssues,
  emptyDocument,
  type DocumentValues,
} from '../utils/document-form';
import { readRefusal } from '../utils/refusal';
import { companyNow } from '../utils/visit-clock';

type VaccineComplianceProps = {
  token: string;
  item: OnlineItem;
  timezone: string | null;
  onExpired: (message: string | null) => void;
};

/**
 * A vaccine/PCR compliance (spec §3 "Vaccine or test document"): the vaccine or the test's result,
 * its dates and the certificate itself (PDF, PNG or JPG), sent on its own. The server judges it
 * (§4 Vaccine/PCR status) and the answer counts for the compliance's frequency.
 */
export function VaccineCompliance({ token, item, timezone, onExpired }: VaccineComplianceProps) {
  const { t } = useTranslation('pre-registration');
  const rules =
    'protocols' in item.content ? item.content : { protocols: [], accept_negative_pcr: false, pcr_valid_days: null };
  const upload = useUploadVisitDocument(token);
  const [values, setValues] = useState<DocumentValues>(() => emptyDocument(rules.protocols));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);
  const today = companyNow(timezone).date;
  const set = (patch: Partial<DocumentValues>) => setValues((v) => ({ ...v, ...patch }));
  const fileInput: ComponentProps<'input'> & { 'data-testid': string } = {
    'data-testid': `compliance-file-input-${item.id}`,
  };

  const pick = async (next: File | null) => {
    resetInput.current?.();
    if (!next) return;
    const problem = await checkDocumentFile(next);
    if (problem) {
      setErrors((e) => ({ ...e, file: t(`errors:${problem.code}`, problem) }));
      return;
    }
    setErrors(({ file: _file, ...rest }) => rest);
    setFile(next);
  };

  const send = async () => {
    setFailure(null);
    const issues = documentIssues(item.id, values, file, t);
    setErrors(issues);
    if (Object.keys(issues).length > 0 || !file) return;
    try {
      await upload.mutateAsync({ token, form: documentFormData(item.id, values, file) });
      notifySuccess(t('compliance.document_saved'));
    } catch (error) {
      const refusal = readRefusal(error, t('errors.send_failed'));
      if (refusal.expired) return onExpired(refusal.expired.message);
      setErrors(refusal.fields);
      setFailure(refusal.message);
    }
  };

  const types = [
    { value: 'covid_vaccine', label: t('document.vaccine') },
    ...(rules.accept_negative_pcr ? [{ value: 'test', label: t('document.test') }] : []),
  ];
  const dateProps = {
    valueFormat: DATE_INPUT_FORMAT,
    dateParser: parseTypedDate,
    placeholder: DATE_INPUT_FORMAT,
    firstDayOfWeek: FIRST_DAY_OF_WEEK,
    leftSection: <IconCalendarEvent size={16} />,
    popoverProps: { withinPortal: true },
  } as const;

  return (
    <Stack gap="md" data-testid={`compliance-document-${item.id}`}>
      <Text size="sm" c="dimmed">
        {rules.protocols.length > 0
          ? t('document.accepted', {
              vaccines: rules.protocols.map((p) => t(`compliances:vaccine.protocol_names.${p}`)).join(', '),
            })
          : t('document.no_vaccines')}
        {rules.accept_negative_pcr && rules.pcr_valid_days !== null
          ? ` ${t('compliances:preview.pcr_accepted', { count: rules.pcr_valid_days })}`
          : ''}
      </Text>
      {types.length > 1 && (
        <SegmentedControl
          fullWidth
          data={types}
          value={values.type}
          onChange={(value) => set({ type: value as DocumentValues['type'] })}
          data-testid={`compliance-document-type-${item.id}`}
        />
      )}
      {values.type === 'covid_vaccine' ? (
        <Select
          label={t('document.protocol')}
          placeholder={t('document.protocol_placeholder')}
          data={rules.protocols.map((p) => ({ value: p, label: t(`compliances:vaccine.protocol_names.${p}`) }))}
          value={values.protocol}
          onChange={(value) => set({ protocol: value })}
          required
          error={errors.protocol}
          comboboxProps={{ withinPortal: true }}
          data-testid={`compliance-document-protocol-${item.id}`}
        />
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('document.result')}
          </Text>
          <SegmentedControl
            fullWidth
            data={[
              { value: 'negative', label: t('document.negative') },
              { value: 'positive', label: t('document.positive') },
            ]}
            value={values.result ?? ''}
            onChange={(value) => set({ result: value as DocumentValues['result'] })}
            data-testid={`compliance-document-result-${item.id}`}
          />
          {errors.result && (
            <Text size="xs" c="red">
              {errors.result}
            </Text>
          )}
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateInput
          {...dateProps}
          label={values.type === 'test' ? t('document.test_date') : t('document.dose_date')}
          required
          maxDate={today}
          value={values.start_date}
          onChange={(value) => set({ start_date: value })}
          error={errors.start_date}
          data-testid={`compliance-document-start-${item.id}`}
        />
        <DateInput
          {...dateProps}
          label={t('document.expiry_date')}
          clearable
          value={values.expiry_date}
          onChange={(value) => set({ expiry_date: value })}
          error={errors.expiry_date}
          data-testid={`compliance-document-expiry-${item.id}`}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('document.file')}{' '}
          <Text span c="red">
            *
          </Text>
        </Text>
        <Group gap="sm" wrap="wrap">
          <FileButton
            onChange={(next) => void pick(next)}
            accept={DOCUMENT_ACCEPT}
            resetRef={resetInput}
            inputProps={fileInput}
          >
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconFileUpload size={16} />} style={{ flexShrink: 0 }}>
                {file ? t('document.replace_file') : t('document.choose_file')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c={file ? undefined : 'dimmed'} truncate="end" miw={0}>
            {file
              ? file.name
              : t('document.file_hint', { size: `${PERSON_DOCUMENT_LIMITS.fileMaxBytes / 1024 / 1024} MB` })}
          </Text>
        </Group>
        {errors.file && (
          <Text size="xs" c="red" role="alert">
            {errors.file}
          </Text>
        )}
      </Stack>
      <Textarea
        label={t('compliance.notes')}
        autosize
        minRows={2}
        maxRows={4}
        maxLength={PERSON_DOCUMENT_LIMITS.notesMax}
        value={values.notes}
        onChange={(event) => set({ notes: event.currentTarget.value })}
        error={errors.notes}
      />
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      <Button
        onClick={() => void send()}
        loading={upload.isPending}
        leftSection={<IconUpload size={16} />}
        data-testid={`compliance-document-send-${item.id}`}
      >
        {t('document.send')}
      </Button>
    </Stack>
  );
}
