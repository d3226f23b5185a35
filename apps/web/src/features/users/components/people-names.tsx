import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Person } from '@app/shared/people/schemas';

const NAMES_SHOWN = 8;

/** Who an action is about, by name: the first few and how many more. */
export function PeopleNames({ people }: { people: readonly Pick<Person, 'id' | 'full_name'>[] }) {
  const { t } = useTranslation('users');
  return (
    <>
      <List size="sm" spacing={2} data-testid="mass-confirm-names">
        {people.slice(0, NAMES_SHOWN).map((person) => (
          <List.Item key={person.id}>{person.full_name}</List.Item>
        ))}
      </List>
      {people.length > NAMES_SHOWN && (
        <Text size="sm" c="dimmed">
          {t('mass.more', { count: people.length - NAMES_SHOWN })}
        </Text>
      )}
    </>
  );
}
