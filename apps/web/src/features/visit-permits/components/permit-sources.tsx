import { Badge, Group } from '@mantine/core';
import { IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PermitSource } from '@app/shared/visit-permits/schemas';

/** Where a person's permit comes from: the person themself, their user types; each with its status. */
export function PermitSources({ sources }: { sources: PermitSource[] }) {
  const { t } = useTranslation('visit-permits');
  return (
    <Group gap={4}>
      {sources.map((source) => (
        <Badge
          key={source.user_type?.id ?? 'own'}
          variant="outline"
          color={source.status === 'active' ? 'teal' : 'orange'}
          leftSection={source.kind === 'person' ? <IconUser size={12} /> : <IconUsersGroup size={12} />}
          style={{ textTransform: 'none' }}
          data-testid="permit-source"
          data-kind={source.kind}
          data-status={source.status}
        >
          {source.kind === 'person'
            ? t('sources.own', { status: t(`statuses.${source.status}`) })
            : t('sources.user_type', { name: source.user_type?.name ?? '', status: t(`statuses.${source.status}`) })}
        </Badge>
      ))}
    </Group>
  );
}
