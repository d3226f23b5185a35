import { Avatar, Badge, Button, Group, Skeleton, Table, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { planName } from '@app/shared/constants';
import type { PlatformEntity } from '../api/list-platform-entities';

type CompaniesTableProps = {
  entities: PlatformEntity[] | undefined;
  loadingRows: number;
  onChangePackage: (entity: PlatformEntity) => void;
};

const COLUMNS = ['name', 'subdomain', 'package', 'plan', 'members'] as const;

function CompanyRow({
  entity,
  onChangePackage,
}: {
  entity: PlatformEntity;
  onChangePackage: (entity: PlatformEntity) => void;
}) {
  const { t } = useTranslation('system');
  const plan = planName(entity.plan);
  return (
    <Table.Tr data-testid="company-row">
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={entity.logo} name={entity.name} color="initials" size="sm" radius="sm" />
          <Text size="sm" fw={500}>
            {entity.name}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={entity.subdomain ? undefined : 'dimmed'} dir="ltr" span>
          {entity.subdomain ?? t('no_subdomain')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={entity.package === 'Cloud' ? 'blue' : 'grape'}>
          {t(`common:packages.${entity.package}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{plan ? t(`common:plans.${plan}`) : entity.plan}</Table.Td>
      <Table.Td>{entity.members}</Table.Td>
      <Table.Td ta="end">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPackage size={14} />}
          onClick={() => onChangePackage(entity)}
          data-testid="change-package"
        >
          {t('package.button')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

export function CompaniesTable({ entities, loadingRows, onChangePackage }: CompaniesTableProps) {
  const { t } = useTranslation('system');
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="companies-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{t(`columns.${column}`)}</Table.Th>
            ))}
            <Table.Th ta="end">{t('columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entities
            ? entities.map((entity) => <CompanyRow key={entity.id} entity={entity} onChangePackage={onChangePackage} />)
            : Array.from({ length: loadingRows }, (_, row) => (
                <Table.Tr key={row}>
                  {[...COLUMNS, 'actions'].map((column) => (
                    <Table.Td key={column}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
