import { Button, Card, Group, Modal, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconLogin, IconUsersGroup } from '@tabler/icons-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person } from '@app/shared/people/schemas';
import { VISIT_LIMITS } from '@app/shared/visits/schemas';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { useSiteTree } from '../api/get-site-tree';
import { usePeople } from '../api/list-people';
import { SIGN_IN_PEOPLE_GRID, signInPeopleQuery } from '../utils/people-grid';
import { placeOf } from '../utils/visit-groups';
import { AreaSelect } from './area-select';
import { SignInFlow } from './sign-in-flow';
import { useSignInPeopleColumns } from './sign-in-people-columns';

/**
 * The mass sign-in page (spec /multiple-signin): an area and several people, the flow run for all of
 * them, and everyone signed in together (all or nothing).
 */
export function MultipleSignInPage() {
  const { t } = useTranslation('sign-in');
  const grid = usePreferredGrid('multiple-signin', useSignInPeopleColumns(), SIGN_IN_PEOPLE_GRID);
  const { preference } = grid;
  const list = usePeople(signInPeopleQuery(preference), preference.ready);
  const tree = useSiteTree();
  const [areaId, setAreaId] = useState<string | null>(null);
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [running, setRunning] = useState<Person[] | null>(null);
  const [areaError, setAreaError] = useState<string | undefined>();

  const start = (people: Person[]) => {
    if (!areaId) return setAreaError(t('page.area_first'));
    setRunning(people);
  };

  const filtered = preference.search !== '';

  return (
    <Stack gap="lg" data-testid="multiple-sign-in-page">
      <Stack gap={4}>
        <Title order={2}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.description')}</Text>
      </Stack>

      <Card withBorder radius="md" p="md" maw={520}>
        <AreaSelect
          value={areaId}
          onChange={(value) => {
            setAreaId(value);
            setAreaError(undefined);
          }}
          error={areaError}
          testId="multiple-sign-in-area"
        />
      </Card>

      <DataGrid
        testId="multiple-sign-in"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(person) => person.id}
        getRowLabel={(person) => person.full_name}
        loadFailedTitle={t('page.load_failed')}
        searchLabel={t('page.search')}
        countLabel={(count) => t('page.count', { count })}
        empty={{
          icon: IconUsersGroup,
          title: filtered ? t('page.empty.filtered_title') : t('page.empty.title'),
          description: filtered ? t('page.empty.filtered_body') : t('page.empty.body'),
        }}
        selection={{
          selected,
          onChange: setSelected,
          actions: (people) => {
            const tooMany = people.length > VISIT_LIMITS.peopleMax;
            const reason = tooMany
              ? t('page.over_limit', { max: VISIT_LIMITS.peopleMax })
              : !areaId
                ? t('page.area_first')
                : null;
            return (
              <Tooltip label={reason} disabled={!reason} multiline maw={260}>
                <Button
                  size="compact-sm"
                  variant="white"
                  leftSection={<IconLogin size={14} />}
                  onClick={() => start(people)}
                  disabled={tooMany}
                  data-testid="multiple-sign-in-start"
                >
                  {t('page.sign_in', { count: people.length })}
                </Button>
              </Tooltip>
            );
          },
        }}
        rowProps={(person) => ({ 'data-name': person.full_name })}
      />

      <Modal
        opened={running !== null && areaId !== null}
        onClose={() => setRunning(null)}
        title={
          <Group gap={6}>
            <Text fw={600}>{t('page.flow_title', { count: running?.length ?? 0 })}</Text>
            {areaId && tree.data && (
              <Text c="dimmed" size="sm">
                {placeOf(tree.data, areaId)}
              </Text>
            )}
          </Group>
        }
        size="xl"
        scrollAreaComponent={ScrollArea.Autosize}
        data-testid="multiple-sign-in-modal"
      >
        {running && areaId && (
          <SignInFlow
            areaId={areaId}
            personIds={running.map((p) => p.id)}
            onCancel={() => setRunning(null)}
            onDone={() => {
              setRunning(null);
              setSelected({});
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
