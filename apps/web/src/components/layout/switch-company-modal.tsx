import { Badge, Group, Loader, Paper, Stack, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MembershipChoice } from '@app/shared/auth/schemas';
import { switchCompany } from '@/lib/memberships';
import { CompanyIdentity } from '@/components/ui/company-identity';

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
                <CompanyIdentity company={company} />
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
