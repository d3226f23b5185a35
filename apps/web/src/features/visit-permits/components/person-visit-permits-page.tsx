import { ActionIcon, Alert, Badge, Button, Group, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconPlayerPlay, IconUserMinus } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PersonPermit } from '@app/shared/visit-permits/schemas';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { usePersonPermits } from '../api/get-person-permits';
import {
  useAssignPersonPermit,
  useSetPersonPermitStatus,
  useUnassignPersonPermit,
} from '../api/person-permit-mutations';
import { AssignPermitCard, PermitsTable } from './permits-table';
import { StatusSwitch } from './assignment-status';
import { PermitSchedule } from './permit-schedule';
import { PermitSources } from './permit-sources';
import { BackLink } from '@/components/ui/back-link';

/** /users/visit-permits/:id: the permits that apply to one person, their own and their user types'. */
export function PersonVisitPermitsPage() {
  const { t } = useTranslation('visit-permits');
  const { id = '' } = useParams({ strict: false });
  const query = usePersonPermits(id);
  const assign = useAssignPersonPermit();
  const setStatus = useSetPersonPermitStatus();
  const unassign = useUnassignPersonPermit();
  const person = query.data?.person;
  const own = new Set(
    (query.data?.data ?? []).filter((p) => p.sources.some((s) => s.kind === 'person')).map((p) => p.permit.id),
  );

  const statusHint = (entry: PersonPermit) =>
    entry.sources.some((s) => s.kind === 'person') ? t('person.own_hint') : t('person.inherited_hint');

  return (
    <Stack gap="lg" maw={1100} data-testid="person-permits-page">
      <BackLink to={paths.users} testId="person-permits-back">
        {t('person.back')}
      </BackLink>
      {query.isPending ? (
        <Skeleton h={220} radius="md" />
      ) : query.isError || !person ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('person.load_failed')}
        </Alert>
      ) : (
        <>
          <Group justify="space-between" align="flex-end">
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Title order={2} data-testid="person-permits-title">
                {t('person.title', { name: person.full_name })}
              </Title>
              <Group gap={6}>
                {person.email && (
                  <Text size="sm" c="dimmed" dir="ltr">
                    {person.email}
                  </Text>
                )}
                {person.status === 'archived' && (
                  <Badge color="gray" variant="light">
                    {t('person.archived')}
                  </Badge>
                )}
                {person.user_types.map((type) => (
                  <Badge
                    key={type.id}
                    variant="light"
                    color="grape"
                    style={{ textTransform: 'none' }}
                    renderRoot={(props) => (
                      <Link to={hrefFor(paths.userTypeVisitPermits, { id: type.id })} {...props} />
                    )}
                    data-testid="person-user-type"
                  >
                    {type.name}
                  </Badge>
                ))}
              </Group>
            </Stack>
            <Button
              variant="default"
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => navigateTo(hrefFor(paths.visitPermitPlayground, {}, { person: person.id }))}
              data-testid="person-permits-check"
            >
              {t('check_link')}
            </Button>
          </Group>

          {person.status === 'active' && (
            <AssignPermitCard
              kind="person"
              exclude={own}
              pending={assign.isPending}
              onAssign={(permitId) =>
                assign
                  .mutateAsync({ personId: person.id, permitId })
                  .then((entry) =>
                    notifySuccess(t('toasts.assigned', { permit: entry.permit.name, name: person.full_name })),
                  )
              }
            />
          )}

          <PermitsTable kind="person" count={query.data.count} thirdColumn={t('table.from')} minWidth={760}>
            {query.data.data.map((entry) => {
              const hasOwn = entry.sources.some((s) => s.kind === 'person');
              return (
                <Table.Tr key={entry.permit.id} data-testid="person-permit-row" data-name={entry.permit.name}>
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
                    <PermitSources sources={entry.sources} />
                  </Table.Td>
                  <Table.Td w={150}>
                    <StatusSwitch
                      status={entry.status}
                      label={t('assign.for', { permit: entry.permit.name, name: person.full_name })}
                      hint={statusHint(entry)}
                      onChange={(status) =>
                        setStatus.mutate(
                          { personId: person.id, permitId: entry.permit.id, status },
                          {
                            onSuccess: () => notifySuccess(t(`toasts.status_${status}`, { name: entry.permit.name })),
                          },
                        )
                      }
                      testId="person-permit-status"
                    />
                  </Table.Td>
                  <Table.Td>
                    {hasOwn && (
                      <Tooltip
                        label={entry.sources.length > 1 ? t('person.remove_own_keep_types') : t('person.remove_own')}
                        withArrow
                        multiline
                        maw={260}
                      >
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('person.remove_own')}
                          onClick={() =>
                            unassign.mutate(
                              { personId: person.id, permitId: entry.permit.id },
                              {
                                onSuccess: () => notifySuccess(t('toasts.removed', { name: entry.permit.name })),
                              },
                            )
                          }
                          data-testid="person-permit-remove"
                        >
                          <IconUserMinus size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </PermitsTable>
        </>
      )}
    </Stack>
  );
}
