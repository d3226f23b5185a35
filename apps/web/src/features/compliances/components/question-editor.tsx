import { ActionIcon, Button, Card, Checkbox, Group, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { COMPLIANCE_LIMITS } from '@app/shared/compliances/schemas';
import { emptyAnswer, emptyQuestion, type ComplianceFormValues } from '../utils/compliance-form';

const L = COMPLIANCE_LIMITS;

type Form = UseFormReturnType<ComplianceFormValues>;

/** The questions of a question compliance, each with its answers and which of them are correct. */
export function QuestionEditor({ form }: { form: Form }) {
  const { t } = useTranslation('compliances');
  const questions = form.values.content.questions;
  const listError = form.errors['content.questions'];
  return (
    <Stack gap="md" data-testid="question-editor">
      {questions.map((question, qi) => (
        <QuestionCard key={question.key} form={form} index={qi} removable={questions.length > 1} />
      ))}
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={questions.length >= L.questionsMax}
        onClick={() => form.insertListItem('content.questions', emptyQuestion())}
        style={{ alignSelf: 'flex-start' }}
        data-testid="question-add"
      >
        {t('question.add_question')}
      </Button>
    </Stack>
  );
}

function QuestionCard({ form, index, removable }: { form: Form; index: number; removable: boolean }) {
  const { t } = useTranslation('compliances');
  const path = `content.questions.${index}`;
  const question = form.values.content.questions[index]!;
  const answersError = form.errors[`${path}.answers`];
  const number = index + 1;
  return (
    <Card withBorder radius="md" p="md" data-testid="question-card" data-index={index}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {t('question.title', { number })}
          </Text>
          {removable && (
            <Tooltip label={t('question.remove_question', { number })} withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('question.remove_question', { number })}
                onClick={() => form.removeListItem('content.questions', index)}
                data-testid={`question-${index}-remove`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <Textarea
          label={t('question.question')}
          placeholder={t('question.question_placeholder')}
          required
          autosize
          minRows={1}
          maxLength={L.questionMax}
          data-testid={`question-${index}-text`}
          {...form.getInputProps(`${path}.question`)}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('question.answers')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('question.answers_hint', { min: L.notesMin })}
          </Text>
          {question.answers.map((answer, ai) => (
            <Group key={answer.key} gap="xs" wrap="nowrap" align="flex-start">
              <Tooltip label={t('question.mark_correct', { number: ai + 1 })} withArrow>
                <Checkbox
                  mt={8}
                  color="teal"
                  aria-label={t('question.mark_correct', { number: ai + 1 })}
                  data-testid={`question-${index}-answer-${ai}-correct`}
                  {...form.getInputProps(`${path}.answers.${ai}.correct`, { type: 'checkbox' })}
                  onChange={(event) => {
                    form.setFieldValue(`${path}.answers.${ai}.correct`, event.currentTarget.checked);
                    form.clearFieldError(`${path}.answers`);
                  }}
                />
              </Tooltip>
              <TextInput
                style={{ flex: 1 }}
                placeholder={t('question.answer_placeholder', { number: ai + 1 })}
                aria-label={t('question.answer_placeholder', { number: ai + 1 })}
                maxLength={L.answerMax}
                data-testid={`question-${index}-answer-${ai}`}
                {...form.getInputProps(`${path}.answers.${ai}.answer`)}
                rightSectionWidth={answer.correct ? 84 : undefined}
                rightSection={
                  answer.correct ? (
                    <Text size="xs" c="teal.9" fw={600}>
                      {t('question.correct')}
                    </Text>
                  ) : undefined
                }
              />
              <Tooltip label={t('question.remove_answer', { number: ai + 1 })} withArrow>
                <ActionIcon
                  mt={4}
                  variant="subtle"
                  color="gray"
                  aria-label={t('question.remove_answer', { number: ai + 1 })}
                  disabled={question.answers.length <= L.answersMin}
                  onClick={() => form.removeListItem(`${path}.answers`, ai)}
                  data-testid={`question-${index}-answer-${ai}-remove`}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
          {answersError && (
            <Text size="sm" c="red" data-testid={`question-${index}-answers-error`}>
              {answersError}
            </Text>
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            disabled={question.answers.length >= L.answersMax}
            onClick={() => form.insertListItem(`${path}.answers`, emptyAnswer())}
            style={{ alignSelf: 'flex-start' }}
            data-testid={`question-${index}-answer-add`}
          >
            {t('question.add_answer')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
