import { Badge, Group, List, Table } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TempUser } from '@app/shared/integrations/schemas';
import { GridRowAction, GridRowActions, GridRowNameContext } from '@/components/data-grid/grid-row-action';
import { phoneText, problemsOf, tempUserName } from '../utils/fix-error';
import { invalidCell, RecordValue } from './record-value';

type Column = {
  id: 'first_name' | 'last_name' | 'email' | 'phone' | 'id_number' | 'user_type_id';
  value: (user: TempUser) => string | null;
  ltr?: boolean;
  /** Problems about these fields show in this cell. */
  fields: readonly string[];
  wide?: boolean;
};

const COLUMNS: readonly Column[] = [
  { id: 'first_name', value: (u) => u.first_name, fields: ['first_name'] },
  { id: 'last_name', value: (u) => u.last_name, fields: ['last_name'] },
  { id: 'email', value: (u) => u.email, ltr: true, fields: ['email'], wide: true },
  { id: 'phone', value: (u) => phoneText(u.phone_code, u.phone), ltr: true, fields: ['phone_code', 'phone'] },
  { id: 'id_number', value: (u) => u.id_number, ltr: true, fields: ['id_number'] },
  { id: 'user_type_id', value: (u) => u.user_type_name, fields: ['user_type_id'] },
];

/**
 * The records with errors: each value as the directory gave it, the problem the server found marked
 * on its cell (spec §2 /integration-error), and "Fix" to correct the record.
 */
export function ErrorRecordsTable({ users, onFix }: { users: TempUser[]; onFix: (user: TempUser) => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="xs" highlightOnHover withColumnBorders data-testid="error-records-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column.id} miw={column.wide ? 200 : 120}>
                {t(`temp_users.columns.${column.id}`)}
              </Table.Th>
            ))}
            <Table.Th miw={140}>{t('temp_users.columns.groups')}</Table.Th>
            <Table.Th miw={180}>{t('temp_users.columns.other_problems')}</Table.Th>
            <Table.Th w={110} ta="end">
              {t('temp_users.columns.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const { other } = problemsOf(user.problems);
            return (
              <Table.Tr key={user.id} data-testid="error-record" data-record={user.external_id}>
                {COLUMNS.map((column) => {
                  const problem = column.fields.flatMap((field) => user.problems[field] ?? []).join(' ');
                  return (
                    <Table.Td
                      key={column.id}
                      data-column={column.id}
                      data-invalid={problem ? true : undefined}
                      style={problem ? invalidCell : undefined}
                    >
                      <RecordValue
                        value={column.value(user)}
                        problem={problem || undefined}
                        ltr={column.ltr}
                        empty={t('temp_users.empty_value')}
                      />
                    </Table.Td>
                  );
                })}
                <Table.Td>
                  <Group gap={4}>
                    {user.groups.map((group) => (
                      <Badge key={group} variant="outline" color="gray" tt="none" size="sm">
                        <bdi>{group}</bdi>
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {other.length > 0 && (
                    <List size="xs" c="red.9" spacing={2}>
                      {other.map((message) => (
                        <List.Item key={message}>{message}</List.Item>
                      ))}
                    </List>
                  )}
                </Table.Td>
                <Table.Td ta="end">
                  <GridRowNameContext value={tempUserName(user)}>
                    <GridRowActions>
                      <GridRowAction
                        label={t('fix_error.open')}
                        icon={<IconTool size={16} />}
                        onClick={() => onFix(user)}
                        withLabel
                        testId="error-record-fix"
                      />
                    </GridRowActions>
                  </GridRowNameContext>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
