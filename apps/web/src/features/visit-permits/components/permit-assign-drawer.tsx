import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Drawer,
  Group,
  MultiSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Tooltip,
  useDirection,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserMinus, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import type { AssignmentStatus, AssignResult, VisitPermit } from '@app/shared/visit-permits/schemas';
import { hrefFor, paths } from '@/config/paths';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useAssignPermitPeople } from '../api/assign-permit-people';
import { useAssignPermitUserTypes } from '../api/assign-permit-user-types';
import { usePermitPeople } from '../api/list-permit-people';
import { usePermitUserTypes } from '../api/list-permit-user-types';
import { useUserTypeOptions } from '../api/list-user-types';
import { useSetPersonPermitStatus, useUnassignPersonPermit } from '../api/person-permit-mutations';
import { useSetUserTypePermitStatus, useUnassignUserTypePermit } from '../api/user-type-permit-mutations';
import { StatusSwitch } from './assignment-status';
import { PeopleMultiSelect, type PersonOption } from '@/components/people-picker/people-picker';
import { PermitSchedule } from './permit-schedule';

const PAGE_SIZE = 10;

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** Says what an assignment did: how many were given the permit, and who was left out and why. */
function reportAssigned(result: AssignResult, names: Map<string, string>, t: Translate) {
  if (result.done.length > 0) notifySuccess(t('assign.done', { count: result.done.length }));
  if (result.skipped.length > 0)
    notifyError(result.skipped.map((s) => `${names.get(s.id) ?? s.id}: ${s.message}`).join('\n'));
}

/** The status switch and the remove button of one assignment (a person's or a user type's), with their toasts. */
function AssignmentCells(props: {
  permit: VisitPermit;
  name: string;
  status: AssignmentStatus;
  removeLabel: string;
  onStatus: (status: AssignmentStatus, onSuccess: () => void) => void;
  onRemove: (onSuccess: () => void) => void;
  testId: string;
}) {
  const { t } = useTranslation('visit-permits');
  const { permit, name, removeLabel, testId } = props;
  return (
    <>
      <Table.Td w={150}>
        <StatusSwitch
          status={props.status}
          label={t('assign.for', { permit: permit.name, name })}
          onChange={(status) => props.onStatus(status, () => notifySuccess(t(`toasts.status_${status}`, { name })))}
          testId={`${testId}-status`}
        />
      </Table.Td>
      <Table.Td w={48}>
        <Tooltip label={removeLabel} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={removeLabel}
            onClick={() => props.onRemove(() => notifySuccess(t('toasts.removed', { name })))}
            data-testid={`${testId}-remove`}
          >
            <IconUserMinus size={16} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </>
  );
}

function PeopleTab({ permit }: { permit: VisitPermit }) {
  const { t } = useTranslation('visit-permits');
  const [chosen, setChosen] = useState<PersonOption[]>([]);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const people = usePermitPeople(permit.id, { page, limit: PAGE_SIZE, ...(term ? { search: term } : {}) });
  const assign = useAssignPermitPeople();
  const setStatus = useSetPersonPermitStatus();
  const unassign = useUnassignPersonPermit();
  const pages = Math.max(1, Math.ceil((people.data?.count ?? 0) / PAGE_SIZE));

  const submit = () =>
    assign.mutate(
      { permitId: permit.id, person_ids: chosen.map((p) => p.id) },
      {
        onSuccess: (result) => {
          reportAssigned(result, new Map(chosen.map((p) => [p.id, p.full_name])), t);
          setChosen([]);
        },
      },
    );

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          <PeopleMultiSelect
            label={t('assign.people_label')}
            value={chosen}
            onChange={setChosen}
            testId="permit-assign-people-picker"
          />
        </div>
        <Button
          onClick={submit}
          disabled={chosen.length === 0}
          loading={assign.isPending}
          data-testid="permit-assign-people"
        >
          {t('assign.submit')}
        </Button>
      </Group>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('assign.search_people')}
        aria-label={t('assign.search_people')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        data-testid="permit-people-search"
      />
      {people.isPending ? (
        <Skeleton h={120} radius="md" />
      ) : people.data && people.data.count === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md" data-testid="permit-people-empty">
          {term ? t('assign.no_people_found') : t('assign.no_people')}
        </Text>
      ) : (
        <Table verticalSpacing="xs" data-testid="permit-people">
          <Table.Tbody>
            {people.data?.data.map((person) => (
              <Table.Tr key={person.id} data-testid="permit-person-row" data-name={person.full_name}>
                <Table.Td>
                  <Anchor
                    size="sm"
                    renderRoot={(props) => <Link to={hrefFor(paths.userVisitPermits, { id: person.id })} {...props} />}
                  >
                    {person.full_name}
                  </Anchor>
                  {person.email && (
                    <Text size="xs" c="dimmed" dir="ltr" ta="start">
                      {person.email}
                    </Text>
                  )}
                </Table.Td>
                <AssignmentCells
                  permit={permit}
                  name={person.full_name}
                  status={person.status}
                  removeLabel={t('assign.remove_person', { name: person.full_name })}
                  onStatus={(status, onSuccess) =>
                    setStatus.mutate({ personId: person.id, permitId: permit.id, status }, { onSuccess })
                  }
                  onRemove={(onSuccess) => unassign.mutate({ personId: person.id, permitId: permit.id }, { onSuccess })}
                  testId="permit-person"
                />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} size="sm" />}
    </Stack>
  );
}

function UserTypesTab({ permit }: { permit: VisitPermit }) {
  const { t } = useTranslation('visit-permits');
  const canListTypes = isAllowed(useSession()?.permissions, 'show_user_types_list');
  const options = useUserTypeOptions(canListTypes);
  const assigned = usePermitUserTypes(permit.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const assign = useAssignPermitUserTypes();
  const setStatus = useSetUserTypePermitStatus();
  const unassign = useUnassignUserTypePermit();
  const taken = new Set(assigned.data?.data.map((type) => type.id));
  const names = new Map((options.data?.data ?? []).map((type) => [type.id, type.name]));

  const submit = () =>
    assign.mutate(
      { permitId: permit.id, user_type_ids: chosen },
      {
        onSuccess: (result) => {
          reportAssigned(result, names, t);
          setChosen([]);
        },
      },
    );

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="nowrap">
        <MultiSelect
          style={{ flex: 1, minWidth: 0 }}
          label={t('assign.types_label')}
          description={canListTypes ? undefined : t('assign.types_no_access')}
          placeholder={chosen.length === 0 ? t('assign.types_placeholder') : undefined}
          data={(options.data?.data ?? [])
            .filter((type) => !taken.has(type.id))
            .map((type) => ({ value: type.id, label: type.name }))}
          value={chosen}
          onChange={setChosen}
          searchable
          clearable
          disabled={!canListTypes}
          nothingFoundMessage={t('assign.types_none')}
          comboboxProps={{ withinPortal: true }}
          data-testid="permit-assign-types-picker"
        />
        <Button
          onClick={submit}
          disabled={chosen.length === 0}
          loading={assign.isPending}
          data-testid="permit-assign-types"
        >
          {t('assign.submit')}
        </Button>
      </Group>
      {assigned.isPending ? (
        <Skeleton h={80} radius="md" />
      ) : assigned.data?.count === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md" data-testid="permit-types-empty">
          {t('assign.no_types')}
        </Text>
      ) : (
        <Table verticalSpacing="xs" data-testid="permit-types">
          <Table.Tbody>
            {assigned.data?.data.map((type) => (
              <Table.Tr key={type.id} data-testid="permit-type-row" data-name={type.name}>
                <Table.Td>
                  <Anchor
                    size="sm"
                    renderRoot={(props) => (
                      <Link to={hrefFor(paths.userTypeVisitPermits, { id: type.id })} {...props} />
                    )}
                  >
                    {type.name}
                  </Anchor>
                </Table.Td>
                <AssignmentCells
                  permit={permit}
                  name={type.name}
                  status={type.status}
                  removeLabel={t('assign.remove_type', { name: type.name })}
                  onStatus={(status, onSuccess) =>
                    setStatus.mutate({ typeId: type.id, permitId: permit.id, status }, { onSuccess })
                  }
                  onRemove={(onSuccess) => unassign.mutate({ typeId: type.id, permitId: permit.id }, { onSuccess })}
                  testId="permit-type"
                />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Who a permit applies to: people and user types, each active or suspended; assign more or remove. */
export function PermitAssignDrawer({ permit, onClose }: { permit: VisitPermit | null; onClose: () => void }) {
  const { t } = useTranslation('visit-permits');
  const { dir } = useDirection();
  return (
    <Drawer
      opened={permit !== null}
      onClose={onClose}
      // It comes in from the end of the line: the right, or the left in Arabic.
      position={dir === 'rtl' ? 'left' : 'right'}
      size="lg"
      title={permit ? t('assign.title', { name: permit.name }) : ''}
      data-testid="permit-assign-drawer"
    >
      {permit && (
        <Stack gap="md">
          <PermitSchedule schedule={permit} withDates />
          {permit.outside_scope && (
            <Alert variant="light" color="gray">
              {t('assign.outside_scope')}
            </Alert>
          )}
          <Tabs defaultValue="people" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="people" leftSection={<IconUsers size={16} />} data-testid="permit-tab-people">
                {t('assign.people_tab', { count: permit.people_count })}
              </Tabs.Tab>
              <Tabs.Tab value="types" leftSection={<IconUsersGroup size={16} />} data-testid="permit-tab-types">
                {t('assign.types_tab', { count: permit.user_type_count })}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="people" pt="md">
              <PeopleTab permit={permit} />
            </Tabs.Panel>
            <Tabs.Panel value="types" pt="md">
              <UserTypesTab permit={permit} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Drawer>
  );
}
