import { Avatar, Badge, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MembershipChoice } from '@app/shared/auth/schemas';
import { switchCompany } from '@/lib/memberships';
import { entityLogoUrl } from './display-names';

function SwitchCompanyList({ companies, currentId }: { companies: MembershipChoice[]; currentId: string }) {
  const { t } = useTranslation(['layout', 'common']);
  const choose = useMutation({ mutationFn: switchCompany });

  return (
    <Stack gap="xs" data-testid="switch-company-list">
      {companies.map((company) => {
        const current = company.id === currentId;
        return (
          <UnstyledButton
            key={company.id}
            disabled={current || choose.isPending}
            onClick={() => choose.mutate(company.id)}
            aria-current={current || undefined}
            style={{ opacity: choose.isPending && choose.variables !== company.id ? 0.6 : 1 }}
            data-testid="switch-company-choice"
          >
            <Paper withBorder p="sm" radius="md">
              <Group wrap="nowrap" gap="sm">
                <Avatar src={entityLogoUrl(company.logo)} name={company.name} color="initials" radius="md" />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} truncate="end">
                    {company.name}
                  </Text>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      {company.role}
                    </Text>
                    <Badge size="xs" variant="light" color={company.package === 'Cloud' ? 'indigo' : 'grape'}>
                      {t(`common:packages.${company.package}`)}
                    </Badge>
                  </Group>
                </Stack>
                {current && (
                  <Badge variant="light" color="teal" leftSection={<IconCheck size={12} />}>
                    {t('layout:switch.current')}
                  </Badge>
                )}
                {choose.isPending && choose.variables === company.id && <Loader size="sm" />}
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}

export function openSwitchCompanyModal(companies: MembershipChoice[], currentId: string): void {
  modals.open({
    title: i18next.t('layout:switch.title'),
    children: <SwitchCompanyList companies={companies} currentId={currentId} />,
  });
}
