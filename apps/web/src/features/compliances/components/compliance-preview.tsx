import {
  Anchor,
  Badge,
  Card,
  Checkbox,
  Group,
  Image,
  List,
  Paper,
  Radio,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconEye, IconFileTypePdf, IconTestPipe } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerStatus, type AnswerStatus } from '@app/shared/compliances/answer-status';
import { COMPLIANCE_LIMITS, type AgreementFile } from '@app/shared/compliances/schemas';
import type { ComplianceFormValues } from '../utils/compliance-form';
import { useFrequencyLabel } from './compliance-columns';
import { ComplianceFormatIcon, FORMAT_COLORS } from './compliance-format-icon';

type CompliancePreviewProps = {
  values: ComplianceFormValues;
  fileUrl: (file: AgreementFile) => string | null;
};

/** The compliance as a person answers it, updated while the form is filled in. */
export function CompliancePreview({ values, fileUrl }: CompliancePreviewProps) {
  const { t } = useTranslation('compliances');
  const frequencyLabel = useFrequencyLabel();
  const validityDays = Number(values.validity_days) || null;
  return (
    <Card withBorder radius="md" p="lg" data-testid="compliance-preview" style={{ position: 'sticky', top: 80 }}>
      <Stack gap="md">
        <Group gap="xs" c="dimmed">
          <IconEye size={16} aria-hidden />
          <Text size="xs" fw={600} tt="uppercase">
            {t('preview.title')}
          </Text>
        </Group>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={FORMAT_COLORS[values.format]} size={36} radius="md">
            <ComplianceFormatIcon format={values.format} size={20} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={4} style={{ overflowWrap: 'anywhere' }}>
              {values.name.trim() || t('preview.untitled')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('preview.asked', {
                frequency: frequencyLabel({ frequency: values.frequency, validity_days: validityDays }),
              })}
            </Text>
          </Stack>
        </Group>
        <PreviewBody values={values} fileUrl={fileUrl} />
      </Stack>
    </Card>
  );
}

function PreviewBody({ values, fileUrl }: CompliancePreviewProps) {
  const { t } = useTranslation('compliances');
  const c = values.content;
  switch (values.format) {
    case 'question':
      return <QuestionPreview values={values} />;
    case 'agreement': {
      const url = c.file ? fileUrl(c.file) : null;
      return (
        <Stack gap="sm">
          {c.agreement_type === 'text' ? (
            <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-default-hover)">
              <ScrollArea.Autosize mah={260}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.agreement_text.trim() || t('preview.no_text')}
                </Text>
              </ScrollArea.Autosize>
            </Paper>
          ) : !c.file ? (
            <Text size="sm" c="dimmed">
              {t('preview.no_file')}
            </Text>
          ) : c.file.mime === 'application/pdf' || !url ? (
            <Paper withBorder radius="sm" p="sm">
              <Group gap="sm" wrap="nowrap">
                <IconFileTypePdf size={32} color="var(--mantine-color-red-6)" aria-hidden />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate="end">
                    {c.file.name}
                  </Text>
                  {url ? (
                    <Anchor href={url} target="_blank" rel="noopener" size="xs">
                      {t('agreement.open_file')} <IconExternalLink size={12} style={{ verticalAlign: 'middle' }} />
                    </Anchor>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {t('preview.file_pdf')}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Paper>
          ) : (
            <Image
              src={url}
              alt={c.file.name}
              radius="sm"
              mah={320}
              fit="contain"
              data-testid="preview-agreement-image"
            />
          )}
          <Checkbox label={t('preview.agree')} />
        </Stack>
      );
    }
    case 'statement':
      return (
        <Stack gap="sm">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {c.statement.trim() || t('statement.placeholder')}
          </Text>
          <Checkbox label={t('preview.confirm')} />
        </Stack>
      );
    case 'vaccine': {
      const days = Number(c.pcr_valid_days) || 0;
      return (
        <Stack gap="xs">
          {c.protocols.length === 0 && !c.accept_negative_pcr ? (
            <Text size="sm" c="dimmed">
              {t('preview.nothing_accepted')}
            </Text>
          ) : (
            <>
              {c.protocols.length > 0 && (
                <>
                  <Text size="sm">{t('preview.vaccinated_with')}</Text>
                  <List size="sm" withPadding>
                    {c.protocols.map((p) => (
                      <List.Item key={p}>{t(`vaccine.protocol_names.${p}`)}</List.Item>
                    ))}
                  </List>
                </>
              )}
              {c.accept_negative_pcr && days > 0 && (
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <IconTestPipe size={18} color="var(--mantine-color-orange-7)" style={{ flex: 'none' }} aria-hidden />
                  <Text size="sm">{t('preview.pcr_accepted', { count: days })}</Text>
                </Group>
              )}
            </>
          )}
        </Stack>
      );
    }
  }
}

const STATUS_COLORS: Record<AnswerStatus, string> = { success: 'teal', justified: 'yellow', failed: 'red' };

/**
 * The questions as a person answers them. Trying answers here shows the status they would get, by the
 * same rule the server records (spec §4): a wrong answer fails unless the notes justify it.
 */
function QuestionPreview({ values }: { values: ComplianceFormValues }) {
  const { t } = useTranslation('compliances');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [notes, setNotes] = useState('');
  const questions = values.content.questions;
  const picked = questions.map((q) => q.answers.find((a) => a.key === chosen[q.key]));
  const answeredAll = questions.length > 0 && picked.every((a) => a !== undefined);
  const status = answeredAll
    ? answerStatus({ isWrong: picked.some((a) => a !== undefined && !a.correct), notes })
    : null;
  return (
    <Stack gap="md">
      {questions.map((q, qi) => (
        <Radio.Group
          key={q.key}
          label={q.question.trim() || t('preview.empty_question')}
          name={`preview-${q.key}`}
          value={chosen[q.key] ?? null}
          onChange={(value) => setChosen((current) => ({ ...current, [q.key]: value }))}
          styles={{ label: { overflowWrap: 'anywhere' } }}
        >
          <Stack gap={6} mt={6}>
            {q.answers.map((a, ai) => (
              <Radio
                key={a.key}
                value={a.key}
                label={a.answer.trim() || `${t('preview.empty_answer')} ${ai + 1}`}
                data-testid={`preview-q${qi}-a${ai}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      ))}
      <Textarea
        label={t('preview.notes')}
        description={t('preview.notes_hint', { min: COMPLIANCE_LIMITS.notesMin })}
        autosize
        minRows={2}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
        data-testid="preview-notes"
      />
      {status && (
        <Group gap="xs" wrap="nowrap" data-testid="preview-status">
          <Badge color={STATUS_COLORS[status]} variant="light" tt="none" style={{ flex: 'none' }}>
            {t(`preview.status.${status}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {t(`preview.status_hint.${status}`, { min: COMPLIANCE_LIMITS.notesMin })}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
