import { Radio, Stack, Text } from '@mantine/core';
import type { Draft, OnlineItem } from '../utils/compliance-answers';
import { questionsOf } from '../utils/compliance-answers';

type QuestionComplianceProps = {
  item: OnlineItem;
  draft: Draft;
  onAnswer: (questionId: string, answerId: string) => void;
  error?: boolean;
};

/** One choice per question; which answer is right is never known on this page. */
export function QuestionCompliance({ item, draft, onAnswer, error }: QuestionComplianceProps) {
  return (
    <Stack gap="md">
      {questionsOf(item).map((q, index) => (
        <Radio.Group
          key={q.id}
          label={
            <Text fw={600} span>
              {`${index + 1}. `}
              {/* The company's own words, in whatever language it wrote them. */}
              <span dir="auto">{q.question}</span>
            </Text>
          }
          value={draft.answers[q.id] ?? null}
          onChange={(answerId) => onAnswer(q.id, answerId)}
          required={item.required}
          error={error && draft.answers[q.id] === undefined ? true : undefined}
          data-testid={`compliance-question-${q.id}`}
        >
          <Stack gap={8} mt={8}>
            {q.answers.map((a) => (
              <Radio
                key={a.id}
                value={a.id}
                label={<span dir="auto">{a.answer}</span>}
                data-testid={`compliance-answer-${a.id}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      ))}
    </Stack>
  );
}
