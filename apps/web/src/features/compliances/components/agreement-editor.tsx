import {
  Anchor,
  Button,
  FileButton,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconExternalLink, IconFileTypePdf, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  AGREEMENT_FILE_TYPES,
  AGREEMENT_KINDS,
  COMPLIANCE_LIMITS,
  type AgreementFile,
} from '@app/shared/compliances/schemas';
import { ApiError } from '@/lib/api-client';
import { useUploadAgreementFile } from '../api/upload-agreement-file';
import type { ComplianceFormValues } from '../utils/compliance-form';

const L = COMPLIANCE_LIMITS;
const MAX_MB = L.fileMaxBytes / (1024 * 1024);

type AgreementEditorProps = {
  form: UseFormReturnType<ComplianceFormValues>;
  /** Where the browser can show a file: a saved one from the server, a new one from this page. */
  fileUrl: (file: AgreementFile) => string | null;
  onUploaded: (file: AgreementFile, local: File) => void;
};

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** An agreement written here, or a PDF or image uploaded (checked by the server by content and size). */
export function AgreementEditor({ form, fileUrl, onUploaded }: AgreementEditorProps) {
  const { t } = useTranslation('compliances');
  const upload = useUploadAgreementFile();
  const { agreement_type: kind, file } = form.values.content;

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    form.clearFieldError('content.file');
    // Checked here too so a wrong file is named before it is sent; the server checks the content.
    if (chosen.size > L.fileMaxBytes) {
      form.setFieldError('content.file', t('errors:file_too_large', { size: `${MAX_MB} MB` }));
      return;
    }
    upload.mutate(chosen, {
      onSuccess: (stored) => {
        form.setFieldValue('content.file', stored);
        onUploaded(stored, chosen);
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setFieldError('content.file', error.message);
      },
    });
  };

  const url = file ? fileUrl(file) : null;
  return (
    <Stack gap="sm">
      <Input.Wrapper label={t('agreement.kind')}>
        <SegmentedControl
          display="flex"
          data={AGREEMENT_KINDS.map((value) => ({ value, label: t(`agreement.kinds.${value}`) }))}
          data-testid="agreement-kind"
          {...form.getInputProps('content.agreement_type')}
        />
      </Input.Wrapper>
      {kind === 'text' ? (
        <Textarea
          label={t('agreement.text')}
          placeholder={t('agreement.text_placeholder')}
          required
          autosize
          minRows={6}
          maxRows={16}
          maxLength={L.agreementTextMax}
          data-testid="agreement-text"
          {...form.getInputProps('content.agreement_text')}
        />
      ) : (
        <Input.Wrapper
          label={t('agreement.file')}
          description={t('agreement.file_hint', { size: MAX_MB })}
          required
          error={form.errors['content.file']}
        >
          <Paper withBorder radius="md" p="sm" mt={6}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              {file ? (
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }} data-testid="agreement-file">
                  {file.mime === 'application/pdf' ? (
                    <IconFileTypePdf size={28} color="var(--mantine-color-red-6)" aria-hidden />
                  ) : (
                    <IconPhoto size={28} color="var(--mantine-color-blue-6)" aria-hidden />
                  )}
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate="end" data-testid="agreement-file-name">
                      {file.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatBytes(file.size)}
                      {url && (
                        <>
                          {' · '}
                          <Anchor href={url} target="_blank" rel="noopener" size="xs">
                            {t('agreement.open_file')}{' '}
                            <IconExternalLink size={12} style={{ verticalAlign: 'middle' }} />
                          </Anchor>
                        </>
                      )}
                    </Text>
                  </Stack>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('preview.no_file')}
                </Text>
              )}
              <FileButton onChange={choose} accept={AGREEMENT_FILE_TYPES.join(',')}>
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconUpload size={16} />}
                    loading={upload.isPending}
                    style={{ flex: 'none' }}
                    data-testid="agreement-file-choose"
                  >
                    {file ? t('agreement.replace_file') : t('agreement.choose_file')}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Paper>
        </Input.Wrapper>
      )}
    </Stack>
  );
}
