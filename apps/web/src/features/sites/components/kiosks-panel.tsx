import { Alert, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArrowsExchange,
  IconDeviceRemote,
  IconDeviceTabletOff,
  IconLock,
  IconPencil,
  IconPlus,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Kiosk } from '@app/shared/kiosks/schemas';
import type { SiteTree } from '@app/shared/sites/schemas';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { LiveStatus } from '@/components/ui/live-status';
import type { PreferredGrid } from '@/components/data-grid/use-table-preference';
import { notifySuccess } from '@/lib/notify';
import { useDeregisterKiosk } from '../api/deregister-kiosk';
import { useKiosks } from '../api/list-kiosks';
import { useKioskEvents } from '../hooks/use-kiosk-events';
import { placeLabel } from '../utils/kiosk-areas';
import { kioskFilters, kiosksQuery } from '../utils/kiosks-query';
import { KiosksFetchedAt } from './kiosk-columns';
import { KioskFilterSelects } from './kiosk-filters';
import { KioskRemoteDrawer } from './kiosk-remote-drawer';
import { KioskSettingsModal, type KioskSettingsState } from './kiosk-settings-modal';
import { MoveKiosksModal, type MoveKiosksState } from './move-kiosks-modal';
import { RenameKioskModal, type RenameKioskState } from './rename-kiosk-modal';

const EMPTY_TREE: SiteTree = [];

type KiosksPanelProps = {
  grid: PreferredGrid<Kiosk>;
  tree: SiteTree | undefined;
  onAdd: () => void;
  /** Standalone: only renaming is allowed. */
  standalone: boolean;
};

/** A button that stays in view when locked: disabled, with the reason on hover and focus. */
function Guarded({ locked, children }: { locked: string | null; children: ReactNode }) {
  if (!locked) return children;
  return (
    <Tooltip label={locked} withArrow multiline maw={260}>
      {/* A disabled button fires no pointer events: the wrapper keeps the tooltip working. */}
      <span>{children}</span>
    </Tooltip>
  );
}

/** The company's kiosks in the shared grid: filters by site, area and status; mass settings and moves. */
export function KiosksPanel({ grid, tree, onAdd, standalone }: KiosksPanelProps) {
  const { t } = useTranslation('kiosks');
  const { preference } = grid;
  const filters = kioskFilters(preference.state.filters, tree);
  const list = useKiosks(kiosksQuery(preference, filters), preference.ready);
  const live = useKioskEvents();
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [settingsState, setSettingsState] = useState<KioskSettingsState>(null);
  const [moveState, setMoveState] = useState<MoveKiosksState>(null);
  const [renameState, setRenameState] = useState<RenameKioskState>(null);
  // The drawer follows the kiosk as the list shows it now (online, logging); the row it was opened from
  // stands in while the list reads again.
  const [remote, setRemote] = useState<Kiosk | null>(null);
  const remoteKiosk = remote && (list.data?.data.find((kiosk) => kiosk.id === remote.id) ?? remote);
  const deregister = useDeregisterKiosk();

  const filtered = !!(preference.search || filters.siteId || filters.areaId || filters.status);
  const locked = standalone ? t('standalone.locked') : null;
  const sites = tree ?? EMPTY_TREE;

  const confirmDeregister = (kiosk: Kiosk) =>
    modals.openConfirmModal({
      title: t('deregister.title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {t('deregister.body', { name: kiosk.name, place: placeLabel(kiosk.site_name, kiosk.area_name) })}
          </Text>
          <Text size="sm" c="red" fw={500}>
            {t('deregister.warning')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('deregister.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'kiosk-deregister-confirm' },
      onConfirm: () =>
        deregister.mutate(kiosk.id, {
          onSuccess: () => {
            notifySuccess(t('toasts.deleted'));
            setSelected(({ [kiosk.id]: _gone, ...rest }) => rest);
          },
        }),
    });

  // Settings and move act on one kiosk from its row, or on every selected kiosk from the selection bar.
  const kioskActions = (kiosks: Kiosk[]) => ({
    settings: () => setSettingsState({ kiosks }),
    move: () => setMoveState({ kiosks }),
  });

  return (
    <Stack gap="md" data-testid="kiosks-panel">
      <Group justify="flex-end">
        <LiveStatus view={live} hint={t('live_hint')} testId="kiosks-live" />
      </Group>
      {standalone && (
        <Alert variant="light" color="yellow" icon={<IconLock size={18} />} data-testid="kiosks-standalone">
          {t('standalone.locked')}
        </Alert>
      )}
      <KiosksFetchedAt value={list.dataUpdatedAt}>
        <DataGrid
          testId="kiosks"
          columns={grid.columns}
          {...gridListProps(list)}
          preference={preference}
          getRowId={(kiosk) => kiosk.id}
          getRowLabel={(kiosk) => kiosk.name}
          rowProps={(kiosk) => ({ 'data-name': kiosk.name })}
          searchLabel={t('search')}
          countLabel={(count) => t('count', { count })}
          loadFailedTitle={t('load_failed')}
          filters={
            <KioskFilterSelects
              filters={filters}
              tree={sites}
              disabled={!preference.ready}
              onChange={(next) => preference.update((state) => ({ ...state, filters: next(state.filters) }))}
            />
          }
          empty={{
            icon: IconDeviceTabletOff,
            title: filtered ? t('empty.filtered_title') : t('empty.title'),
            description: filtered ? t('empty.filtered_body') : t('empty.body'),
            action: !filtered && (
              <Guarded locked={locked}>
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd} disabled={!!locked}>
                  {t('actions.add_first')}
                </Button>
              </Guarded>
            ),
          }}
          selection={{
            selected,
            onChange: setSelected,
            actions: (kiosks) => {
              const act = kioskActions(kiosks);
              const bulk = [
                { key: 'settings', icon: <IconSettings size={14} />, onClick: act.settings },
                { key: 'move', icon: <IconArrowsExchange size={14} />, onClick: act.move },
              ] as const;
              return (
                <Guarded locked={locked}>
                  <Button.Group>
                    {bulk.map(({ key, icon, onClick }) => (
                      <Button
                        key={key}
                        size="compact-sm"
                        variant="light"
                        leftSection={icon}
                        disabled={!!locked}
                        onClick={onClick}
                        data-testid={`kiosks-bulk-${key}`}
                      >
                        {t(`actions.${key}`)}
                      </Button>
                    ))}
                  </Button.Group>
                </Guarded>
              );
            },
          }}
          rowActionsWidth={170}
          rowActions={(kiosk) => {
            const act = kioskActions([kiosk]);
            // Standalone: renaming is the one action left.
            const actions = [
              { key: 'remote', icon: <IconDeviceRemote size={16} />, onClick: () => setRemote(kiosk), locked: null },
              { key: 'settings', icon: <IconSettings size={16} />, onClick: act.settings, locked },
              { key: 'move', icon: <IconArrowsExchange size={16} />, onClick: act.move, locked },
              { key: 'rename', icon: <IconPencil size={16} />, onClick: () => setRenameState({ kiosk }), locked: null },
              { key: 'deregister', icon: <IconTrash size={16} />, onClick: () => confirmDeregister(kiosk), locked },
            ] as const;
            return (
              <GridRowActions>
                {actions.map((action) => (
                  <GridRowAction
                    key={action.key}
                    label={t(`actions.${action.key}`)}
                    icon={action.icon}
                    color={action.key === 'deregister' ? 'red' : undefined}
                    onClick={action.onClick}
                    disabledReason={action.locked}
                    testId={`kiosk-${action.key}`}
                  />
                ))}
              </GridRowActions>
            );
          }}
        />
      </KiosksFetchedAt>

      {/* After a change the selected kiosks' snapshot is stale: the selection starts over. */}
      <KioskSettingsModal
        state={settingsState}
        onClose={() => setSettingsState(null)}
        onSaved={() => setSelected({})}
      />
      <MoveKiosksModal
        state={moveState}
        tree={sites}
        onClose={() => setMoveState(null)}
        onSaved={() => setSelected({})}
      />
      <RenameKioskModal state={renameState} onClose={() => setRenameState(null)} />
      <KioskRemoteDrawer kiosk={remoteKiosk} tree={sites} onClose={() => setRemote(null)} />
    </Stack>
  );
}
