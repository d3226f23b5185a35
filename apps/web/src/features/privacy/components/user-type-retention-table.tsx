import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PRIVACY_SCOPES, type PrivacyScope, type PrivacyUserType } from '@app/shared/people/privacy';
import { deleteNowRefusal, describeRetention, retentionSource, type RetentionPart } from '../utils/retention';

type UserTypeRetentionTableProps = {
  types: PrivacyUserType[];
  onEdit: (type: PrivacyUserType) => void;
  onDeleteNow: (type: PrivacyUserType, scope: PrivacyScope) => void;
};

type RowProps = { type: PrivacyUserType; onEdit: () => void; onDeleteNow: (scope: PrivacyScope) => void };

function RetentionCell({ type, part }: { type: PrivacyUserType; part: RetentionPart }) {
  const { t } = useTranslation('privacy');
  const source = retentionSource(type, part);
  return (
    <Text size="sm" c={source.kind === 'own' ? undefined : 'dimmed'} data-testid={`privacy-type-${part}`}>
      {describeRetention(source, t)}
    </Text>
  );
}

function TypeName({ type }: { type: PrivacyUserType }) {
  const { t } = useTranslation('privacy');
  return (
    <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        <bdi>{type.name}</bdi>
      </Text>
      {type.custom && (
        <Badge size="xs" variant="light" data-testid="privacy-type-own">
          {t('types.own_badge')}
        </Badge>
      )}
    </Group>
  );
}

/** Edit, and "Delete now" for Data, Scans or both; a scope kept for ever is offered disabled, with why. */
function TypeActions({ type, onEdit, onDeleteNow }: RowProps) {
  const { t } = useTranslation('privacy');
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Tooltip label={t('types.edit_label', { name: type.name })}>
        <ActionIcon
          variant="subtle"
          aria-label={t('types.edit_label', { name: type.name })}
          onClick={onEdit}
          data-testid="privacy-type-edit"
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} />}
            rightSection={<IconChevronDown size={14} />}
            aria-label={t('types.delete_now_label', { name: type.name })}
            data-testid="privacy-type-delete-now"
          >
            {t('types.delete_now')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown maw={300}>
          {PRIVACY_SCOPES.map((scope) => {
            const refusal = deleteNowRefusal(type, scope, t);
            return (
              <Menu.Item
                key={scope}
                color="red.8"
                disabled={refusal !== null}
                onClick={() => onDeleteNow(scope)}
                data-testid={`privacy-delete-now-${scope}`}
              >
                <Text size="sm" inherit>
                  {t(`scopes.${scope}`)}
                </Text>
                {refusal && (
                  <Text size="xs" c="dimmed" data-testid="privacy-delete-now-refusal">
                    {refusal}
                  </Text>
                )}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function TypeRow(props: RowProps) {
  const { type } = props;
  return (
    <Table.Tr data-testid="privacy-type-row" data-name={type.name}>
      <Table.Td>
        <TypeName type={type} />
      </Table.Td>
      <Table.Td ta="end" data-testid="privacy-type-people">
        {type.people}
      </Table.Td>
      <Table.Td>
        <RetentionCell type={type} part="data" />
      </Table.Td>
      <Table.Td>
        <RetentionCell type={type} part="scans" />
      </Table.Td>
      <Table.Td>
        <TypeActions {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

/** A phone's version of a row: the same facts and actions, stacked. */
function TypeCard(props: RowProps) {
  const { t } = useTranslation('privacy');
  const { type } = props;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="privacy-type-row" data-name={type.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <TypeName type={type} />
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {t('types.people')}: <span data-testid="privacy-type-people">{type.people}</span>
          </Text>
        </Group>
        <SimpleGrid cols={2} spacing="xs">
          <div>
            <Text size="xs" c="dimmed">
              {t('types.data')}
            </Text>
            <RetentionCell type={type} part="data" />
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('types.scans')}
            </Text>
            <RetentionCell type={type} part="scans" />
          </div>
        </SimpleGrid>
        <TypeActions {...props} />
      </Stack>
    </Paper>
  );
}

/** Each user type's retention, own or the company's, with Edit and "Delete now": a table, or cards on a phone. */
export function UserTypeRetentionTable({ types, onEdit, onDeleteNow }: UserTypeRetentionTableProps) {
  const { t } = useTranslation('privacy');
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const rowProps = (type: PrivacyUserType): RowProps => ({
    type,
    onEdit: () => onEdit(type),
    onDeleteNow: (scope) => onDeleteNow(type, scope),
  });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="privacy-types">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} size="h4">
            {t('types.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('types.description')}
          </Text>
        </Stack>
        {types.length === 0 ? (
          <Text c="dimmed" ta="center" py="md" data-testid="privacy-types-empty">
            {t('types.empty')}
          </Text>
        ) : wide ? (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="privacy-types-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('types.name')}</Table.Th>
                  <Table.Th ta="end">{t('types.people')}</Table.Th>
                  <Table.Th>{t('types.data')}</Table.Th>
                  <Table.Th>{t('types.scans')}</Table.Th>
                  <Table.Th ta="end">{t('types.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {types.map((type) => (
                  <TypeRow key={type.id} {...rowProps(type)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Stack gap="sm">
            {types.map((type) => (
              <TypeCard key={type.id} {...rowProps(type)} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
