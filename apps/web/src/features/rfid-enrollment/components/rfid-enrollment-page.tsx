import { Button, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconIdBadge2, IconSend, IconTrash } from '@tabler/icons-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardEnding, type RfidPerson } from '@app/shared/rfid/schemas';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRfidPeople } from '../api/list-rfid-people';
import { useRemoveRfidCard } from '../api/remove-rfid-card';
import { RFID_GRID, isRfidState, rfidPeopleQuery } from '../utils/rfid-query';
import { useRfidColumns } from './rfid-columns';
import { RfidStateFilter } from './rfid-state-filter';
import { SendInstructionsModal, type SendState } from './send-instructions-modal';

const fullName = (person: RfidPerson) => `${person.first_name} ${person.last_name}`.trim();

/**
 * /rfid-enrollment (spec §2): the company's people with their card state, in the shared grid; send
 * people a link to enrol their card at a kiosk, or remove a card.
 */
export function RfidEnrollmentPage() {
  const { t } = useTranslation('rfid');
  const grid = usePreferredGrid('rfid-enrollment', useRfidColumns(), RFID_GRID);
  const { preference } = grid;
  const list = useRfidPeople(rfidPeopleQuery(preference), preference.ready);
  const remove = useRemoveRfidCard();
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [sending, setSending] = useState<SendState>(null);

  const stateFilter = preference.state.filters.state;
  const filtered = isRfidState(stateFilter) || preference.search !== '';

  const confirmRemove = (person: RfidPerson) =>
    modals.openConfirmModal({
      title: t('admin.remove.title', { name: fullName(person) }),
      children: (
        <Text size="sm">
          {t('admin.remove.body', { name: fullName(person), ending: cardEnding(person.rfid ?? '') })}
        </Text>
      ),
      labels: { confirm: t('admin.remove.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'rfid-remove-confirm' },
      onConfirm: () =>
        remove.mutate(person.id, {
          onSuccess: () => notifySuccess(t('admin.remove.done')),
          onError: (error) => {
            if (error instanceof ApiError && error.status === 404) notifyError(error.message);
          },
        }),
    });

  return (
    <Stack gap="lg" data-testid="rfid-enrollment-page">
      <Stack gap={4}>
        <Title order={2}>{t('admin.title')}</Title>
        <Text c="dimmed">{t('admin.description')}</Text>
      </Stack>

      <DataGrid
        testId="rfid"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(person) => person.id}
        getRowLabel={fullName}
        loadFailedTitle={t('admin.load_failed')}
        searchLabel={t('admin.search')}
        countLabel={(count) => t('admin.count', { count })}
        filters={
          <RfidStateFilter
            value={isRfidState(stateFilter) ? stateFilter : null}
            onChange={(value) => preference.setFilter('state', value)}
          />
        }
        empty={{
          icon: IconIdBadge2,
          title: filtered ? t('admin.empty.filtered_title') : t('admin.empty.title'),
          description: filtered ? t('admin.empty.filtered_body') : t('admin.empty.body'),
        }}
        selection={{
          selected,
          onChange: setSelected,
          actions: (people) => (
            <Button
              size="compact-sm"
              leftSection={<IconSend size={14} />}
              onClick={() => setSending(people)}
              data-testid="rfid-send"
            >
              {t('admin.actions.send')}
            </Button>
          ),
        }}
        rowProps={(person) => ({ 'data-name': fullName(person), 'data-state': person.state })}
        rowActions={(person) => (
          <GridRowActions>
            <GridRowAction
              label={t('admin.actions.send_to', { name: fullName(person) })}
              icon={<IconSend size={16} />}
              onClick={() => setSending([person])}
              testId="rfid-send-one"
            />
            {person.rfid && (
              <GridRowAction
                label={t('admin.actions.remove_for', { name: fullName(person) })}
                icon={<IconTrash size={16} />}
                color="red"
                onClick={() => confirmRemove(person)}
                testId="rfid-remove"
              />
            )}
          </GridRowActions>
        )}
      />

      <SendInstructionsModal state={sending} onClose={() => setSending(null)} onSent={() => setSelected({})} />
    </Stack>
  );
}
