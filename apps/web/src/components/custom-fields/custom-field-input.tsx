import {
  ActionIcon,
  Checkbox,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  Radio,
  Rating,
  SegmentedControl,
  Stack,
  Switch,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  IconMoodCry,
  IconMoodEmpty,
  IconMoodHappy,
  IconMoodSad,
  IconMoodSmile,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_FIELD_LIMITS, scoreMax, type CustomField } from '@app/shared/custom-fields/schemas';
import { asList, asScore, type CustomFieldValue } from '@app/shared/custom-fields/field-values';
import { DATE_INPUT_FORMAT, parseTypedDate } from '@/lib/dates';

export type { CustomFieldValue } from '@app/shared/custom-fields/field-values';

export type CustomFieldInputProps = {
  /** The field to ask: its type and options decide the input; `required` adds the asterisk. */
  field: Pick<CustomField, 'name' | 'type' | 'options' | 'required'>;
  /**
   * The value in its input shape: a string (text, long text, date as YYYY-MM-DD, radio buttons), a
   * number (number, scores), 1 or 0 (toggle), a list (labels, checkboxes) or null. Turn a stored
   * value into this shape with `toCustomFieldValue`.
   */
  value: CustomFieldValue;
  /** Called with the new value in the same shape; an emptied input gives null (a list gives []). */
  onChange: (value: CustomFieldValue) => void;
  /** Defaults to the field's name. */
  label?: ReactNode;
  description?: ReactNode;
  /** The message under the input, e.g. from `checkCustomFieldValue` or the server. */
  error?: ReactNode;
  disabled?: boolean;
  /** data-testid of the input's root element. */
  testId?: string;
};

const SMILEYS: { icon: Icon; color: string }[] = [
  { icon: IconMoodCry, color: 'var(--mantine-color-red-6)' },
  { icon: IconMoodSad, color: 'var(--mantine-color-orange-6)' },
  { icon: IconMoodEmpty, color: 'var(--mantine-color-yellow-6)' },
  { icon: IconMoodSmile, color: 'var(--mantine-color-lime-6)' },
  { icon: IconMoodHappy, color: 'var(--mantine-color-teal-6)' },
];

function Smiley({ score, active }: { score: number; active: boolean }) {
  const smiley = SMILEYS[score - 1] ?? SMILEYS[2]!;
  const SmileyIcon = smiley.icon;
  return (
    <SmileyIcon size={30} stroke={1.6} color={active ? smiley.color : 'var(--mantine-color-dimmed)'} aria-hidden />
  );
}

/** Digits, one sign and one decimal point only: spec §5 number inputs block the letter 'e'. */
const NUMBER_MAX_LENGTH = 15;

/**
 * The input for one custom field, whatever its type (spec §3's eleven): text, number, date, long
 * text, rating scale (a segmented 1..N), toggle (a switch giving 1 or 0), labels (a multi-select),
 * checkboxes, radio buttons, stars and smileys (accessible ratings, one radio per score).
 * Controlled: the parent keeps the value and shows the error. Mirrors itself in right-to-left pages.
 */
export function CustomFieldInput({
  field,
  value,
  onChange,
  label,
  description,
  error,
  disabled,
  testId,
}: CustomFieldInputProps) {
  const { t } = useTranslation('custom-fields');
  const labelId = useId();
  const common = {
    // A company's own words keep their own direction: "How was your visit?" stays so on an Arabic page.
    label: label ?? <bdi>{field.name}</bdi>,
    description,
    error,
    required: field.required,
    disabled,
    'data-testid': testId,
  };
  const choices = field.options.choices ?? [];
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const emitText = (next: string) => onChange(next === '' ? null : next);

  switch (field.type) {
    case 'text':
      return (
        <TextInput
          {...common}
          value={text}
          maxLength={CUSTOM_FIELD_LIMITS.textMax}
          onChange={(event) => emitText(event.currentTarget.value)}
        />
      );
    case 'longText':
      return (
        <Textarea
          {...common}
          value={text}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={CUSTOM_FIELD_LIMITS.longTextMax}
          onChange={(event) => emitText(event.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          maxLength={NUMBER_MAX_LENGTH}
          hideControls
          // Mantine's number input accepts digits, a sign and a decimal point, never an exponent.
          onChange={(next) => onChange(next === '' ? null : next)}
        />
      );
    case 'date':
      return (
        <DateInput
          {...common}
          value={text || null}
          valueFormat={DATE_INPUT_FORMAT}
          dateParser={parseTypedDate}
          clearable
          onChange={(next) => onChange(next ?? null)}
        />
      );
    case 'toggleButton':
      return (
        <Switch {...common} checked={value === 1} onChange={(event) => onChange(event.currentTarget.checked ? 1 : 0)} />
      );
    case 'radioButtons':
      return (
        <Radio.Group {...common} value={typeof value === 'string' ? value : null} onChange={(next) => onChange(next)}>
          <Group mt="xs" gap="md">
            {choices.map((choice) => (
              <Radio key={choice} value={choice} label={choice} disabled={disabled} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'checkboxes':
      return (
        <Checkbox.Group {...common} value={asList(value)} onChange={(next) => onChange(next)}>
          <Group mt="xs" gap="md">
            {choices.map((choice) => (
              <Checkbox key={choice} value={choice} label={choice} disabled={disabled} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 'labels':
      return (
        <MultiSelect
          {...common}
          data={choices}
          value={asList(value)}
          placeholder={asList(value).length === 0 ? t('input.choose') : undefined}
          clearable
          searchable
          onChange={(next) => onChange(next)}
        />
      );
    case 'ratingScale': {
      const max = scoreMax(field);
      const score = asScore(value);
      return (
        <Input.Wrapper {...common} labelElement="div" id={labelId}>
          <Group gap="xs" mt={4} wrap="nowrap">
            <SegmentedControl
              fullWidth
              style={{ flex: 1 }}
              disabled={disabled}
              aria-labelledby={`${labelId}-label`}
              data={Array.from({ length: max }, (_, i) => String(i + 1))}
              // No segment is chosen until a score is given.
              value={score ? String(score) : ''}
              onChange={(next) => onChange(Number(next))}
            />
            <ClearScore show={score > 0 && !field.required && !disabled} onClear={() => onChange(null)} />
          </Group>
        </Input.Wrapper>
      );
    }
    case 'stars':
    case 'smileys': {
      const max = scoreMax(field);
      const score = asScore(value);
      const smileys = field.type === 'smileys';
      return (
        <Input.Wrapper {...common} labelElement="div" id={labelId}>
          <Stack gap={4} mt={4}>
            <Rating
              role="radiogroup"
              aria-labelledby={`${labelId}-label`}
              count={max}
              value={score}
              size={smileys ? 'xl' : 'lg'}
              readOnly={disabled}
              // Clicking the chosen score again clears an optional value.
              allowClear={!field.required}
              highlightSelectedOnly={smileys}
              emptySymbol={smileys ? (v: number) => <Smiley score={v} active={false} /> : undefined}
              fullSymbol={smileys ? (v: number) => <Smiley score={v} active /> : undefined}
              getSymbolLabel={(v) => (smileys ? t(`input.smileys.${v}`) : t('input.score', { value: v, max }))}
              onChange={(next) => onChange(next > 0 ? next : null)}
            />
          </Stack>
        </Input.Wrapper>
      );
    }
  }
}

function ClearScore({ show, onClear }: { show: boolean; onClear: () => void }) {
  const { t } = useTranslation('custom-fields');
  if (!show) return null;
  return (
    <Tooltip label={t('input.clear')}>
      <ActionIcon variant="subtle" color="gray" onClick={onClear} aria-label={t('input.clear')}>
        <IconX size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
