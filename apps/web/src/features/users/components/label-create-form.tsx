import { Button, CheckIcon, ColorSwatch, Group, Input, Stack, TextInput, rem } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERSON_LIMITS, labelBodySchema, type Label } from '@app/shared/people/schemas';
import { ApiError, joinErrorMessages } from '@/lib/api-client';
import { zodFormErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateLabel } from '../api/create-label';

/** The colours a label can take: the theme's, so badges look right in light and dark layouts. */
export const LABEL_COLORS = [
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
  'gray',
] as const;

/** Creates a label inline (name and colour); spec §8: a failure shows every message of the errors object. */
export function LabelCreateForm({ onCreated }: { onCreated: (label: Label) => void }) {
  const { t } = useTranslation('users');
  const create = useCreateLabel();
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>('blue');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const errors = zodFormErrors(labelBodySchema, { name, color }, t);
    if (errors.name) return setProblem(errors.name);
    create.mutate(
      { name: name.trim(), color },
      {
        onSuccess: (label) => {
          notifySuccess(t('toasts.label_created', { name: label.name }));
          setName('');
          setProblem(null);
          onCreated(label);
        },
        onError: (failure) => {
          if (!(failure instanceof ApiError)) return;
          const message = joinErrorMessages(failure.fields) || failure.message;
          if (failure.fields.name) setProblem(failure.fields.name.join(' '));
          else notifyError(message);
        },
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="label-create">
      <TextInput
        label={t('labels.name')}
        value={name}
        maxLength={PERSON_LIMITS.labelNameMax}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        error={problem}
        data-testid="label-name"
      />
      <Input.Wrapper label={t('labels.color')}>
        <Group gap={6} mt={4} role="radiogroup" aria-label={t('labels.color')}>
          {LABEL_COLORS.map((option) => (
            <ColorSwatch
              key={option}
              component="button"
              type="button"
              role="radio"
              aria-checked={color === option}
              aria-label={t(`labels.colors.${option}`)}
              color={`var(--mantine-color-${option}-6)`}
              size={22}
              onClick={() => setColor(option)}
              style={{ color: '#fff', cursor: 'pointer' }}
            >
              {color === option && <CheckIcon style={{ width: rem(10), height: rem(10) }} />}
            </ColorSwatch>
          ))}
        </Group>
      </Input.Wrapper>
      <Group justify="flex-end">
        <Button size="xs" onClick={add} loading={create.isPending} data-testid="label-save">
          {t('labels.create')}
        </Button>
      </Group>
    </Stack>
  );
}
