import { ActionIcon, Button, Group, Input, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_FIELD_LIMITS } from '@app/shared/custom-fields/schemas';
import classes from './custom-fields.module.css';

type ChoiceListEditorProps = {
  choices: string[];
  onChange: (choices: string[]) => void;
  error?: string;
  disabled?: boolean;
};

/**
 * The answers of a labels, checkboxes or radio-buttons field, in order: add, rename, move up or down,
 * remove. Enter in a choice adds the next one below it.
 */
export function ChoiceListEditor({ choices, onChange, error, disabled }: ChoiceListEditorProps) {
  const { t } = useTranslation('custom-fields');
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focusNext = useRef<number | null>(null);

  useEffect(() => {
    if (focusNext.current !== null) {
      inputs.current[focusNext.current]?.focus();
      focusNext.current = null;
    }
  });

  const set = (index: number, value: string) => onChange(choices.map((c, i) => (i === index ? value : c)));
  const insertAfter = (index: number) => {
    focusNext.current = index + 1;
    onChange([...choices.slice(0, index + 1), '', ...choices.slice(index + 1)]);
  };
  const remove = (index: number) => {
    focusNext.current = Math.max(0, index - 1);
    const rest = choices.filter((_, i) => i !== index);
    onChange(rest.length ? rest : ['']);
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= choices.length) return;
    const next = [...choices];
    [next[index], next[target]] = [next[target]!, next[index]!];
    focusNext.current = target;
    onChange(next);
  };
  const full = choices.length >= CUSTOM_FIELD_LIMITS.choicesMax;

  return (
    <Input.Wrapper
      label={t('form.choices')}
      description={t('form.choices_hint')}
      required
      error={error}
      labelElement="div"
      data-testid="choice-editor"
    >
      <Stack gap="xs" mt={6}>
        {choices.map((choice, index) => (
          <div className={classes.choiceRow} key={index}>
            <TextInput
              ref={(el) => {
                inputs.current[index] = el;
              }}
              value={choice}
              disabled={disabled}
              maxLength={CUSTOM_FIELD_LIMITS.choiceMax}
              aria-label={t('form.choice', { number: index + 1 })}
              placeholder={t('form.choice', { number: index + 1 })}
              data-testid={`choice-${index}`}
              onChange={(event) => set(index, event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  if (!full) insertAfter(index);
                }
              }}
            />
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t('form.move_up')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  disabled={disabled || index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`${t('form.move_up')}: ${t('form.choice', { number: index + 1 })}`}
                  data-testid={`choice-${index}-up`}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('form.move_down')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  disabled={disabled || index === choices.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`${t('form.move_down')}: ${t('form.choice', { number: index + 1 })}`}
                  data-testid={`choice-${index}-down`}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('form.remove_choice')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  disabled={disabled}
                  onClick={() => remove(index)}
                  aria-label={`${t('form.remove_choice')}: ${t('form.choice', { number: index + 1 })}`}
                  data-testid={`choice-${index}-remove`}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </div>
        ))}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            disabled={disabled || full}
            onClick={() => insertAfter(choices.length - 1)}
            data-testid="choice-add"
          >
            {t('form.add_choice')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
