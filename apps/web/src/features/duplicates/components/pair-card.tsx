import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowsJoin, IconUsersMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DuplicatePair, DuplicatePerson } from '@app/shared/people/duplicates';
import { formatDate } from '@/lib/dates';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0])
    .join('')
    .toUpperCase();

const phoneOf = (p: DuplicatePerson) => (p.phone ? `${p.phone_code ? `+${p.phone_code} ` : ''}${p.phone}` : null);

/** One person of a pair, with what helps an admin tell which record to keep. */
export function PairPerson({ person, testId }: { person: DuplicatePerson; testId: string }) {
  const { t } = useTranslation('duplicates');
  const lines: [string, string | null][] = [
    [t('person.email'), person.email],
    [t('person.phone'), phoneOf(person)],
    [t('person.id_number'), person.id_number],
    [t('person.company'), person.company_name],
  ];
  return (
    <Stack gap={6} data-testid={testId} data-person={person.full_name} style={{ minWidth: 0 }}>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={person.photo_url} alt="" radius="xl" color="blue">
          {initials(person.full_name)}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            <bdi>{person.full_name}</bdi>
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {person.user_types.length > 0 ? person.user_types.map((u) => u.name).join(', ') : t('person.no_type')}
          </Text>
        </Stack>
      </Group>
      {lines.map(([label, value]) => (
        <Text key={label} size="sm" truncate>
          <Text span c="dimmed" size="sm">
            {label}:{' '}
          </Text>
          {value ? (
            <bdi dir="auto">{value}</bdi>
          ) : (
            <Text span c="dimmed" size="sm">
              {t('person.none')}
            </Text>
          )}
        </Text>
      ))}
      <Text size="sm" c="dimmed">
        {person.visits > 0 && person.last_visit_at
          ? t('person.visits', { count: person.visits, last: formatDate(person.last_visit_at) })
          : t('person.no_visits')}
      </Text>
      <Group gap={6}>
        {person.has_login && (
          <Badge variant="light" color="grape">
            {t('person.has_login')}
          </Badge>
        )}
        {person.is_default && (
          <Badge variant="light" color="orange">
            {t('person.owner')}
          </Badge>
        )}
        {person.status === 'archived' && (
          <Badge variant="light" color="gray">
            {t('person.archived')}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {t('person.added', { date: formatDate(person.created_at) })}
        </Text>
      </Group>
    </Stack>
  );
}

// Shades dark enough for white text (WCAG AA).
const scoreColor = (score: number) => (score >= 95 ? 'red.9' : score >= 75 ? 'grape.9' : 'blue.9');

/** A pair of people who are probably the same: why, how likely, and what can be done. */
export function PairCard({
  pair,
  onMerge,
  onDismiss,
  dismissing,
}: {
  pair: DuplicatePair;
  onMerge: (pair: DuplicatePair) => void;
  onDismiss: (pair: DuplicatePair) => void;
  dismissing: boolean;
}) {
  const { t } = useTranslation('duplicates');
  const bothLogins = pair.a.has_login && pair.b.has_login;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="duplicate-pair"
      data-names={`${pair.a.full_name} | ${pair.b.full_name}`}
      component="article"
      aria-label={t('pair.label', { a: pair.a.full_name, b: pair.b.full_name })}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <Badge color={scoreColor(pair.score)} variant="filled" data-testid="duplicate-score">
              {t('pair.score', { score: pair.score })}
            </Badge>
            {pair.reasons.map((reason) => (
              <Badge key={reason} variant="light">
                {t(`reasons.${reason}`)}
              </Badge>
            ))}
          </Group>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconUsersMinus size={16} />}
              onClick={() => onDismiss(pair)}
              loading={dismissing}
              data-testid="duplicate-dismiss"
            >
              {t('pair.dismiss')}
            </Button>
            <Button
              size="xs"
              leftSection={<IconArrowsJoin size={16} />}
              onClick={() => onMerge(pair)}
              disabled={bothLogins}
              title={bothLogins ? t('pair.both_logins') : undefined}
              data-testid="duplicate-merge"
            >
              {t('pair.merge')}
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <PairPerson person={pair.a} testId="duplicate-person-a" />
          <PairPerson person={pair.b} testId="duplicate-person-b" />
        </SimpleGrid>
        {bothLogins && (
          <Text size="sm" c="dimmed">
            {t('pair.both_logins')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
