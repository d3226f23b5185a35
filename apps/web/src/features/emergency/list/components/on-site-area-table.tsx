import { Anchor, Avatar, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OnSitePerson } from '@app/shared/emergency/schemas';
import { formatLocalReading, timeOfReading } from '@/lib/dates';
import classes from './emergency-list.module.css';

type Area = { id: string; name: string; count: number; people: OnSitePerson[] };

/** When someone signed in: the time on the list's own day, the date and time before it. */
const signedInText = (local: string, today: string) =>
  local.slice(0, 10) === today ? timeOfReading(local) : formatLocalReading(local);

/** One area of the emergency list: its count and everyone on site in it, as a warden reads them out. */
export function OnSiteAreaTable({ area, today }: { area: Area; today: string }) {
  const { t } = useTranslation('emergency');
  return (
    <section data-testid="emergency-area" data-name={area.name} aria-label={area.name}>
      <Group justify="space-between" className={classes.areaTitle} wrap="nowrap">
        <Text fw={600} size="sm" truncate="end">
          {area.name}
        </Text>
        <Badge variant="light" color="red" size="lg" tt="none" data-testid="emergency-area-count">
          {t('list.people_count', { count: area.count })}
        </Badge>
      </Group>
      <Table.ScrollContainer minWidth={720} type="native">
        <Table className={classes.table} verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.columns.name')}</Table.Th>
              <Table.Th>{t('list.columns.user_type')}</Table.Th>
              <Table.Th>{t('list.columns.host')}</Table.Th>
              <Table.Th>{t('list.columns.phone')}</Table.Th>
              <Table.Th>{t('list.columns.signed_in')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {area.people.map((row) => (
              <Table.Tr key={row.visit_id} data-testid="emergency-person" data-name={row.person.full_name}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <Avatar
                      src={row.person.photo_url}
                      name={row.person.full_name}
                      color="initials"
                      radius="xl"
                      size={36}
                      alt=""
                    />
                    <Stack gap={0} miw={0}>
                      <Text size="sm" fw={600} truncate="end" dir="auto" data-testid="emergency-person-name">
                        {row.person.full_name}
                      </Text>
                      {row.person.company_name && (
                        <Text size="xs" c="dimmed" truncate="end" dir="auto">
                          {row.person.company_name}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {row.user_type ? (
                    <Badge variant="light" color="indigo" tt="none" data-testid="emergency-person-type">
                      {row.user_type.name}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" dir="auto">
                    {row.hosts.length > 0 ? row.hosts.join(', ') : '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {row.person.phone ? (
                    <Anchor href={`tel:${row.person.phone.replace(/\s+/g, '')}`} size="sm" dir="ltr">
                      {row.person.phone}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" dir="ltr" ta="start" data-testid="emergency-person-signed-in">
                    {signedInText(row.signed_in.local, today)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
