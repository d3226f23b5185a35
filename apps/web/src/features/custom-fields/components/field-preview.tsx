import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkCustomFieldValue, type CustomFieldBody } from '@app/shared/custom-fields/schemas';
import { CustomFieldInput } from '@/components/custom-fields/custom-field-input';
import { emptyCustomFieldValue, type CustomFieldValue } from '@app/shared/custom-fields/field-values';
import classes from './custom-fields.module.css';

/**
 * The field as a person form will ask it, to try out while it is being set up. Its answer is kept
 * here only and checked with the same rules as a saved answer.
 */
export function FieldPreview({ body }: { body: CustomFieldBody }) {
  const { t } = useTranslation('custom-fields');
  const options = body.options ?? {};
  // A new type or a new set of choices starts the trial answer again.
  const shapeKey = `${body.type}|${(options.choices ?? []).join('\u0000')}|${options.scale ?? ''}`;
  const [answer, setAnswer] = useState<{ key: string; value: CustomFieldValue; touched: boolean }>({
    key: shapeKey,
    value: emptyCustomFieldValue(body.type),
    touched: false,
  });
  const current =
    answer.key === shapeKey ? answer : { key: shapeKey, value: emptyCustomFieldValue(body.type), touched: false };
  const field = {
    name: body.name.trim() || t('preview.untitled'),
    type: body.type,
    options,
    required: body.required ?? false,
  };
  const check = checkCustomFieldValue(field, current.value);
  const error = current.touched && !check.ok ? t(`errors:${check.error}`, { field: field.name }) : undefined;

  return (
    <Card withBorder radius="md" p="lg" className={classes.preview} data-testid="custom-field-preview">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={4}>{t('preview.title')}</Title>
          {body.print_on_badge && (
            <Badge variant="light" leftSection={<IconId size={12} />}>
              {t('preview.on_badge')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('preview.hint')}
        </Text>
        <CustomFieldInput
          field={field}
          value={current.value}
          error={error}
          testId="custom-field-preview-input"
          onChange={(value) => setAnswer({ key: shapeKey, value, touched: true })}
        />
      </Stack>
    </Card>
  );
}
