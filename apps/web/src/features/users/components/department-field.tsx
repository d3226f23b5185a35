import { ActionIcon, Button, Group, Popover, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERSON_LIMITS, departmentBodySchema } from '@app/shared/people/schemas';
import { ApiError, joinErrorMessages } from '@/lib/api-client';
import { zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCreateDepartment } from '../api/create-department';
import { useDepartments } from '../api/list-departments';

type DepartmentFieldProps = { value: string | null; onChange: (id: string | null) => void; error?: string };

/** The person's department, with "add department" right beside it. */
export function DepartmentField({ value, onChange, error }: DepartmentFieldProps) {
  const { t } = useTranslation('users');
  const departments = useDepartments();
  const create = useCreateDepartment();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const errors = zodFormErrors(departmentBodySchema, { name }, t);
    if (errors.name) return setProblem(errors.name);
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (department) => {
          onChange(department.id);
          notifySuccess(t('toasts.department_added', { name: department.name }));
          setName('');
          setProblem(null);
          setOpened(false);
        },
        onError: (failure) => {
          if (failure instanceof ApiError) setProblem(joinErrorMessages(failure.fields) || failure.message);
        },
      },
    );
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        style={{ flex: 1 }}
        label={t('form.department')}
        placeholder={t('form.department_placeholder')}
        data={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
        value={value}
        onChange={onChange}
        searchable
        clearable
        nothingFoundMessage={t('filters.nothing_found')}
        error={error}
        data-testid="person-department"
      />
      <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={280} trapFocus>
        <Popover.Target>
          <Tooltip label={t('form.department_add')}>
            <ActionIcon
              variant="light"
              size="input-sm"
              onClick={() => setOpened((o) => !o)}
              aria-label={t('form.department_add')}
              mb={error ? 22 : 0}
              data-testid="person-department-add"
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <TextInput
              label={t('form.department_name')}
              value={name}
              maxLength={PERSON_LIMITS.departmentNameMax}
              onChange={(event) => setName(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
              error={problem}
              data-autofocus
              data-testid="department-name"
            />
            <Group justify="flex-end">
              <Button size="xs" onClick={add} loading={create.isPending} data-testid="department-save">
                {t('form.department_add')}
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
