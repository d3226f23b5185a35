import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MembershipChoice } from '@app/shared/auth/schemas';
import { entityLogoUrl } from '@/components/layout/display-names';

/** A company as a person chooses it: logo, name, the person's role there and the package. */
export function CompanyIdentity({ company }: { company: MembershipChoice }) {
  const { t } = useTranslation('common');
  return (
    <>
      <Avatar src={entityLogoUrl(company.logo)} name={company.name} color="initials" radius="md" />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} truncate="end" dir="auto">
          {company.name}
        </Text>
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            {company.role}
          </Text>
          <Badge size="xs" variant="light" color={company.package === 'Cloud' ? 'indigo' : 'grape'}>
            {t(`packages.${company.package}`)}
          </Badge>
        </Group>
      </Stack>
    </>
  );
}
