import { SegmentedControl } from '@mantine/core';
import { IconArrowRight, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '@/components/data-grid/data-grid';
import { gridListProps } from '@/components/data-grid/grid-list';
import { GridRowAction, GridRowActions } from '@/components/data-grid/grid-row-action';
import { usePreferredGrid } from '@/components/data-grid/use-table-preference';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { useSessions } from '../../api/list-sessions';
import { SESSION_KINDS, SESSIONS_GRID, sessionKindOf, sessionsQuery } from '../utils/sessions-query';
import { useSessionsColumns } from './sessions-columns';

/** Past sessions, newest first: real emergencies and drills together or apart, each opening its page. */
export function SessionsHistory() {
  const { t } = useTranslation('emergency');
  const grid = usePreferredGrid('emergency-sessions', useSessionsColumns(), SESSIONS_GRID);
  const { preference } = grid;
  const kind = sessionKindOf(preference.state.filters.kind);
  const list = useSessions(sessionsQuery(preference), preference.ready);

  return (
    <DataGrid
      testId="sessions"
      columns={grid.columns}
      {...gridListProps(list)}
      preference={preference}
      getRowId={(row) => row.id}
      getRowLabel={(row) => row.name}
      rowProps={(row) => ({ 'data-name': row.name, 'data-drill': row.is_drill ? 'true' : 'false' })}
      searchLabel={t('sessions.search')}
      countLabel={(count) => t('sessions.count', { count })}
      loadFailedTitle={t('sessions.load_failed')}
      filters={
        <SegmentedControl
          value={kind}
          onChange={(value) => preference.setFilter('kind', value === 'all' ? null : value)}
          disabled={!preference.ready}
          aria-label={t('sessions.kind_label')}
          data={SESSION_KINDS.map((k) => ({ value: k, label: t(`sessions.kinds.${k}`) }))}
          data-testid="sessions-kind"
        />
      }
      empty={{
        icon: IconHistory,
        title: t('sessions.empty_title'),
        description: kind !== 'all' || preference.search ? t('sessions.empty_filtered') : t('sessions.empty_body'),
      }}
      rowActionsWidth={90}
      rowActions={(row) => (
        <GridRowActions>
          <GridRowAction
            label={t('sessions.view')}
            icon={<IconArrowRight size={16} className="mirror-rtl" />}
            withLabel
            onClick={() => navigateTo(hrefFor(paths.emergencySession, { sessionName: row.name, sessionId: row.id }))}
            testId="sessions-row-view"
          />
        </GridRowActions>
      )}
    />
  );
}
