import { Group, Select, Text } from '@mantine/core';
import {
  IconCalendarOff,
  IconCircleCheck,
  IconCircleX,
  IconMailForward,
  IconPencil,
  IconRotateClockwise,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpectedVisitOptions } from '@app/shared/expected-visits/form-options';
import type { Visit } from '@app/shared/visits/schemas';
import { JOURNEY_STAGES, decisionsFor, mayArrive, type VisitDecision } from '@app/shared/visits/stages';
import { toLocalDateTime } from '@app/shared/announcements/times';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { LiveStatus } from '@/components/ui/live-status';
import { notifySuccess } from '@/lib/notify';
import { invalidateExpectedVisits } from '../api/expected-visits-query-key';
import { useExpectedVisits } from '../api/list-expected-visits';
import { sendInvitation } from '../api/send-invitation';
import { useExpectedVisitEvents } from '../hooks/use-expected-visit-events';
import { EXPECTED_VISITS_GRID, expectedVisitsQuery, stageFilterOf } from '../utils/expected-visits-query';
import { confirmVisitAction } from './confirm-visit-action';
import { EditExpectedVisitModal } from './edit-expected-visit-modal';
import { useExpectedVisitColumns } from './expected-visit-columns';

const DECISION_ICON: Record<VisitDecision, typeof IconCircleCheck> = {
  approve: IconCircleCheck,
  reject: IconCircleX,
  approve_rejected: IconRotateClockwise,
  reject_approved: IconCircleX,
};
const DECISION_COLOR: Record<VisitDecision, string> = {
  approve: 'teal',
  reject: 'red',
  approve_rejected: 'teal',
  reject_approved: 'red',
};

/**
 * The upcoming expected visits (from today on the company's clock) in the shared grid with the
 * member's saved columns: edit, delete and the decisions that apply at each visit's stage (spec §4).
 * The list follows every change of the company's visits as it happens.
 */
export function ExpectedVisitsGrid({ options }: { options: ExpectedVisitOptions }) {
  const { t } = useTranslation('expected-visits');
  const queryClient = useQueryClient();
  const grid = usePreferredGrid('expected-visits', useExpectedVisitColumns(), EXPECTED_VISITS_GRID);
  const { preference } = grid;
  const today = toLocalDateTime(new Date(), options.timezone).slice(0, 10);
  const list = useExpectedVisits(preference.ready ? expectedVisitsQuery(preference, today) : null);
  const [editing, setEditing] = useState<string | null>(null);
  const live = useExpectedVisitEvents();

  const stage = stageFilterOf(preference);
  const filtered = stage !== null || preference.search !== '';
  const refresh = () => invalidateExpectedVisits(queryClient);

  return (
    <>
      <Group justify="flex-end">
        <LiveStatus view={live} hint={t('list.live_hint')} testId="expected-visits-live" />
      </Group>
      <DataGrid
        testId="expected-visits"
        columns={grid.columns}
        {...gridListProps(list)}
        preference={preference}
        getRowId={(v) => v.id}
        getRowLabel={(v) => v.person.full_name}
        rowProps={(v) => ({ 'data-name': v.person.full_name, 'data-stage': v.stage ?? '' })}
        searchLabel={t('list.search')}
        countLabel={(count) => t('list.count', { count })}
        loadFailedTitle={t('list.load_failed')}
        filters={
          <Select
            aria-label={t('list.stage_filter')}
            placeholder={t('list.all_stages')}
            data={JOURNEY_STAGES.map((s) => ({ value: s, label: t(`stages.${s}`) }))}
            value={stage}
            onChange={(value) => preference.setFilter('stage', value)}
            clearable
            w={260}
            comboboxProps={{ withinPortal: true }}
            data-testid="expected-visits-filter-stage"
          />
        }
        empty={{
          icon: IconCalendarOff,
          title: filtered ? t('list.empty.filtered_title') : t('list.empty.title'),
          description: filtered ? t('list.empty.filtered_body') : t('list.empty.body'),
        }}
        rowActionsWidth={180}
        rowActions={(visit: Visit) =>
          // Without people management, a member changes only the visits they added or host (decision 018).
          visit.can_change ? (
            <GridRowActions>
              {(visit.stage ? decisionsFor(visit.stage) : []).map((decision) => {
                const Icon = DECISION_ICON[decision];
                return (
                  <GridRowAction
                    key={decision}
                    label={t(`actions.${decision}`)}
                    icon={<Icon size={16} />}
                    color={DECISION_COLOR[decision]}
                    onClick={() => confirmVisitAction(visit, decision, refresh)}
                    testId={`expected-visit-${decision.replaceAll('_', '-')}`}
                  />
                );
              })}
              {/* Its link confirms the visit: once confirmed it would open as expired (decision 014). */}
              {visit.person.email && mayArrive(visit.stage) && !visit.confirmed && (
                <GridRowAction
                  label={t('actions.send_invitation')}
                  icon={<IconMailForward size={16} />}
                  onClick={() =>
                    sendInvitation(visit.id)
                      .then((res) => notifySuccess(res.message))
                      .catch(() => undefined)
                  }
                  testId="expected-visit-send-invitation"
                />
              )}
              <GridRowAction
                label={t('actions.edit')}
                icon={<IconPencil size={16} />}
                onClick={() => setEditing(visit.id)}
                testId="expected-visit-edit"
              />
              <GridRowAction
                label={t('actions.delete')}
                icon={<IconTrash size={16} />}
                color="red"
                onClick={() => confirmVisitAction(visit, 'delete', refresh)}
                testId="expected-visit-delete"
              />
            </GridRowActions>
          ) : null
        }
      />
      {list.data && (
        <Text size="xs" c="dimmed" data-testid="expected-visits-timezone">
          {t('list.timezone_note', { timezone: list.data.timezone })}
        </Text>
      )}
      <EditExpectedVisitModal visitId={editing} options={options} onClose={() => setEditing(null)} />
    </>
  );
}
