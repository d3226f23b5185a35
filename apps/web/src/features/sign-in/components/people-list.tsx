import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const NAMES_SHOWN = 8;

/** Who an action is about, by name: the first few and how many more. */
export function PeopleList({ names }: { names: readonly string[] }) {
  const { t } = useTranslation('sign-in');
  return (
    <>
      <List size="sm" spacing={2} data-testid="sign-in-names">
        {names.slice(0, NAMES_SHOWN).map((name, i) => (
          <List.Item key={`${i}-${name}`}>{name}</List.Item>
        ))}
      </List>
      {names.length > NAMES_SHOWN && (
        <Text size="sm" c="dimmed">
          {t('more', { count: names.length - NAMES_SHOWN })}
        </Text>
      )}
    </>
  );
}
