import {
  Anchor,
  Badge,
  Group,
  Paper,
  Radio,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DueCompliance } from '@app/shared/visits/schemas';
import { DATE_INPUT_FORMAT, parseTypedDate } from '@/lib/dates';
import {
  COMPLIANCE_NOTES_MAX,
  REASON_MIN,
  notesLength,
  type ComplianceDraft,
  type ComplianceState,
  type DocumentDraft,
} from '@app/shared/visits/sign-in-form';

const STATUS_COLORS: Record<ComplianceState['status'], string> = {
  unanswered: 'gray',
  incomplete: 'gray',
  success: 'teal',
  justified: 'yellow',
  failed: 'red',
};

/** The live status of an answer (spec §4 Compliance answer status). */
export function AnswerStatusBadge({ state }: { state: ComplianceState }) {
  const { t } = useTranslation('sign-in');
  return (
    <Badge
      color={STATUS_COLORS[state.status]}
      variant={state.status === 'unanswered' || state.status === 'incomplete' ? 'outline' : 'light'}
      tt="none"
      data-testid="flow-compliance-status"
      data-status={state.status}
    >
      {t(`compliance.status.${state.status}`)}
    </Badge>
  );
}

type ComplianceFieldProps = {
  compliance: DueCompliance;
  draft: ComplianceDraft;
  state: ComplianceState;
  onChange: (draft: ComplianceDraft) => void;
  error?: string;
};

function AcceptChoice({ value, onChange }: { value: boolean | null; onChange: (accepted: boolean) => void }) {
  const { t } = useTranslation('sign-in');
  return (
    <Radio.Group
      value={value === null ? null : value ? 'yes' : 'no'}
      onChange={(next) => onChange(next === 'yes')}
      data-testid="flow-compliance-accept"
    >
      <Group gap="lg" mt={4}>
        <Radio value="yes" label={t('compliance.agrees')} data-testid="flow-compliance-agree" />
        <Radio value="no" label={t('compliance.disagrees')} data-testid="flow-compliance-disagree" />
      </Group>
    </Radio.Group>
  );
}

/** A text to read before agreeing: long texts scroll inside the card. */
function ReadText({ text }: { text: string }) {
  return (
    <ScrollArea.Autosize mah={140} type="auto">
      <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
    </ScrollArea.Autosize>
  );
}

function DocumentFields({
  compliance,
  value,
  onChange,
}: {
  compliance: Extract<DueCompliance['asked'], { format: 'vaccine' }>;
  value: DocumentDraft;
  onChange: (doc: DocumentDraft) => void;
}) {
  const { t } = useTranslation('sign-in');
  const { protocols, accept_negative_pcr: acceptsTest, pcr_valid_days: validDays } = compliance.content;
  const set = (patch: Partial<DocumentDraft>) => onChange({ ...value, ...patch });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Stack gap="xs">
      {acceptsTest && (
        <SegmentedControl
          value={value.type}
          onChange={(type) => set({ type: type })}
          data={[
            { value: 'vaccine', label: t('compliance.document.vaccine') },
            { value: 'test', label: t('compliance.document.test') },
          ]}
          data-testid="flow-document-type"
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {value.type === 'vaccine' ? (
          <Select
            label={t('compliance.document.protocol')}
            placeholder={t('compliance.document.protocol_placeholder')}
            data={protocols.map((p) => ({ value: p, label: t(`compliances:vaccine.protocol_names.${p}`) }))}
            value={value.protocol}
            onChange={(protocol) => set({ protocol: protocol })}
            required
            comboboxProps={{ withinPortal: true }}
            data-testid="flow-document-protocol"
          />
        ) : (
          <Select
            label={t('compliance.document.result')}
            data={[
              { value: 'negative', label: t('compliance.document.negative') },
              { value: 'positive', label: t('compliance.document.positive') },
            ]}
            value={value.result}
            onChange={(result) => set({ result: result })}
            required
            description={validDays ? t('compliance.document.valid_days', { count: validDays }) : undefined}
            comboboxProps={{ withinPortal: true }}
            data-testid="flow-document-result"
          />
        )}
        <DateInput
          label={value.type === 'vaccine' ? t('compliance.document.dose_date') : t('compliance.document.test_date')}
          value={value.date}
          onChange={(date) => set({ date: date ?? null })}
          valueFormat={DATE_INPUT_FORMAT}
          dateParser={parseTypedDate}
          maxDate={today}
          required
          clearable
          popoverProps={{ withinPortal: true }}
          data-testid="flow-document-date"
        />
        <DateInput
          label={t('compliance.document.expiry_date')}
          value={value.expiry_date}
          onChange={(date) => set({ expiry_date: date ?? null })}
          valueFormat={DATE_INPUT_FORMAT}
          dateParser={parseTypedDate}
          clearable
          popoverProps={{ withinPortal: true }}
          data-testid="flow-document-expiry"
        />
      </SimpleGrid>
    </Stack>
  );
}

/** One compliance the person answers now, with the status the answer will have. */
export function ComplianceField({ compliance, draft, state, onChange, error }: ComplianceFieldProps) {
  const { t } = useTranslation('sign-in');
  const asked = compliance.asked;
  const wrong = 'wrong' in state && state.wrong;
  const notes = notesLength(draft.notes);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="flow-compliance"
      data-name={asked.name}
      style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" miw={0}>
            <Text fw={600} size="sm" truncate dir="auto">
              {asked.name}
            </Text>
            {!compliance.required && (
              <Badge size="xs" variant="default" tt="none">
                {t('compliance.optional')}
              </Badge>
            )}
          </Group>
          <AnswerStatusBadge state={state} />
        </Group>

        {asked.format === 'question' &&
          asked.content.questions.map((q) => (
            <Radio.Group
              key={q.id}
              label={<span dir="auto">{q.question}</span>}
              value={draft.answers[q.id] ?? null}
              onChange={(answerId) => onChange({ ...draft, answers: { ...draft.answers, [q.id]: answerId } })}
              data-testid="flow-question"
            >
              <Group gap="lg" mt={4}>
                {q.answers.map((a) => (
                  <Radio
                    key={a.id}
                    value={a.id}
                    label={<span dir="auto">{a.answer}</span>}
                    data-testid="flow-answer"
                    data-answer={a.answer}
                  />
                ))}
              </Group>
            </Radio.Group>
          ))}

        {asked.format === 'agreement' && (
          <>
            {asked.content.agreement_type === 'file' && asked.content.file ? (
              <Anchor
                href={`/api/v1/compliances/${compliance.id}/file?version=${compliance.version}`}
                target="_blank"
                rel="noopener"
                size="sm"
              >
                <Group gap={4} wrap="nowrap" component="span">
                  <IconFileText size={16} />
                  {t('compliance.open_file', { name: asked.content.file.name })}
                </Group>
              </Anchor>
            ) : (
              <ReadText text={asked.content.agreement_text} />
            )}
            <AcceptChoice value={draft.accepted} onChange={(accepted) => onChange({ ...draft, accepted })} />
          </>
        )}

        {asked.format === 'statement' && (
          <>
            <ReadText text={asked.content.statement} />
            <AcceptChoice value={draft.accepted} onChange={(accepted) => onChange({ ...draft, accepted })} />
          </>
        )}

        {asked.format === 'vaccine' && (
          <>
            <DocumentFields
              compliance={asked}
              value={draft.document}
              onChange={(document) => onChange({ ...draft, document })}
            />
            {'vaccineStatus' in state && (
              <Text size="xs" c="dimmed" data-testid="flow-vaccine-status">
                {t(`compliance.vaccine_status.${state.vaccineStatus}`)}
              </Text>
            )}
          </>
        )}

        {(wrong || draft.notes !== '') && (
          <Textarea
            label={t('compliance.notes')}
            description={t('compliance.notes_hint', { count: notes, min: REASON_MIN })}
            value={draft.notes}
            onChange={(event) => onChange({ ...draft, notes: event.currentTarget.value })}
            maxLength={COMPLIANCE_NOTES_MAX}
            autosize
            minRows={2}
            data-testid="flow-compliance-notes"
          />
        )}

        {state.status === 'failed' && !error && (
          <Text size="xs" c="red.7">
            {t('compliance.failed_hint', { min: REASON_MIN })}
          </Text>
        )}
        {error && (
          <Text size="xs" c="red.7" data-testid="flow-compliance-error" style={{ whiteSpace: 'pre-line' }}>
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
