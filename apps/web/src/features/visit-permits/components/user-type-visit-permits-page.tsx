import { ActionIcon, Alert, Button, Group, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useUserTypePermits } from '../api/get-user-type-permits';
import {
  useAssignUserTypePermit,
  useSetUserTypePermitStatus,
  useUnassignUserTypePermit,
} from '../api/user-type-permit-mutations';
import { AssignPermitCard, PermitsTable } from './permits-table';
import { StatusSwitch } from './assignment-status';
import { PeriodBadge, PermitSchedule } from './permit-schedule';
import { BackLink } from '@/components/ui/back-link';

/** /user-types/visit-permits/:id: a user type's permits, each active or suspended for its people. */
export function UserTypeVisitPermitsPage() {
  const { t } = useTranslation('visit-permits');
  const { id = '' } = useParams({ strict: false });
  const query = useUserTypePermits(id);
  const assign = useAssignUserTypePermit();
  const setStatus = useSetUserTypePermitStatus();
  const unassign = useUnassignUserTypePermit();
  const type = query.data?.user_type;
  const given = new Set((query.data?.data ?? []).map((p) => p.permit.id));

  return (
    <Stack gap="lg" maw={1100} data-testid="type-permits-page">
      <BackLink to={paths.userTypes} testId="type-permits-back">
        {t('type.back')}
      </BackLink>
      {query.isPending ? (
        <Skeleton h={220} radius="md" />
      ) : query.isError || !type ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('type.load_failed')}
        </Alert>
      ) : (
        <>
          <Group justify="space-between" align="flex-end">
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Title order={2} data-testid="type-permits-title">
                {t('type.title', { name: type.name })}
              </Title>
              <Text c="dimmed" size="sm">
                {t('type.description', { people: t('people_count', { count: type.people_count }) })}
              </Text>
            </Stack>
            <Button
              variant="default"
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => navigateTo(hrefFor(paths.visitPermitPlayground, {}, { user_type: type.id }))}
              data-testid="type-permits-check"
            >
              {t('check_link')}
            </Button>
          </Group>

          <AssignPermitCard
            kind="type"
            exclude={given}
            pending={assign.isPending}
            onAssign={(permitId) =>
              assign
                .mutateAsync({ typeId: type.id, permitId })
                .then((entry) => notifySuccess(t('toasts.assigned', { permit: entry.permit.name, name: type.name })))
            }
          />

          <PermitsTable kind="type" count={query.data.count} thirdColumn={t('table.period')} minWidth={720}>
            {query.data.data.map((entry) => (
              <Table.Tr key={entry.permit.id} data-testid="type-permit-row" data-name={entry.permit.name}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {entry.permit.name}
                  </Text>
                  {entry.permit.description && (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {entry.permit.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <PermitSchedule schedule={entry.permit} withDates />
                </Table.Td>
                <Table.Td>
                  <PeriodBadge period={entry.permit.period} />
                </Table.Td>
                <Table.Td w={150}>
                  <StatusSwitch
                    status={entry.status}
                    label={t('assign.for', { permit: entry.permit.name, name: type.name })}
                    onChange={(status) =>
                      setStatus.mutate(
                        { typeId: type.id, permitId: entry.permit.id, status },
                        {
                          onSuccess: () => notifySuccess(t(`toasts.status_${status}`, { name: entry.permit.name })),
                        },
                      )
                    }
                    testId="type-permit-status"
                  />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={t('type.remove', { name: entry.permit.name })} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('type.remove', { name: entry.permit.name })}
                      onClick={() =>
                        unassign.mutate(
                          { typeId: type.id, permitId: entry.permit.id },
                          { onSuccess: () => notifySuccess(t('toasts.removed', { name: entry.permit.name })) },
                        )
                      }
                      data-testid="type-permit-remove"
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </PermitsTable>
        </>
      )}
    </Stack>
  );
}
