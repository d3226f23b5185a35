import { Card, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AssignPermitPicker } from './assign-permit-picker';

type PermitsTableProps = {
  /** `person` or `type`: the prefix of the test ids and of the empty state's texts. */
  kind: 'person' | 'type';
  count: number;
  /** The third column: where a person's permit comes from, or a type's period. */
  thirdColumn: string;
  minWidth: number;
  /** One `Table.Tr` per permit. */
  children: ReactNode;
};

/** The permits that apply to a person or a user type (/users/visit-permits/:id, /user-types/visit-permits/:id). */
export function PermitsTable({ kind, count, thirdColumn, minWidth, children }: PermitsTableProps) {
  const { t } = useTranslation('visit-permits');
  return (
    <Card withBorder radius="md" padding={0}>
      {count === 0 ? (
        <Stack align="center" gap="xs" py="xl" data-testid={`${kind}-permits-empty`}>
          <IconCalendarOff size={36} stroke={1.4} />
          <Text fw={600}>{t(`${kind}.empty_title`)}</Text>
          <Text c="dimmed" size="sm" ta="center" maw={420}>
            {t(`${kind}.empty_body`)}
          </Text>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid={`${kind}-permits`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('table.name')}</Table.Th>
                <Table.Th>{t('table.schedule')}</Table.Th>
                <Table.Th>{thirdColumn}</Table.Th>
                <Table.Th>{t('table.status')}</Table.Th>
                <Table.Th w={56}>
                  <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** The card that assigns one more permit to the person or the type. */
export function AssignPermitCard(props: {
  kind: 'person' | 'type';
  exclude: ReadonlySet<string>;
  pending: boolean;
  onAssign: (permitId: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('visit-permits');
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t(`${props.kind}.assign_title`)}
        </Text>
        <AssignPermitPicker
          exclude={props.exclude}
          pending={props.pending}
          onAssign={props.onAssign}
          testId={`${props.kind}-permit-assign`}
        />
      </Stack>
    </Card>
  );
}
