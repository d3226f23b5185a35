import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';
import type { Visit } from '@app/shared/visits/schemas';
import type { VisitDecision } from '@app/shared/visits/stages';
import { notifySuccess } from '@/lib/notify';
import { decideExpectedVisit } from '../api/decide-expected-visit';
import { deleteExpectedVisit } from '../api/delete-expected-visit';
import { formatClockReading } from '../utils/expected-visits-query';

export type VisitAction = 'delete' | VisitDecision;

/** Refusing or deleting is said in red; approving is not. */
const DESTRUCTIVE: Record<VisitAction, boolean> = {
  delete: true,
  reject: true,
  reject_approved: true,
  approve: false,
  approve_rejected: false,
};

/**
 * Asks before deleting a visit or deciding on it (spec §4 Visit lifecycle actions); on success shows
 * the server's message (spec §8) and calls `onDone`. A refusal is shown by the API client.
 */
export function confirmVisitAction(visit: Visit, action: VisitAction, onDone: () => Promise<unknown> | void) {
  const t = i18next.getFixedT(null, 'expected-visits');
  const vars = {
    name: visit.person.full_name,
    place: `${visit.site.name}, ${visit.area.name}`,
    when: `\u2066${visit.expected ? formatClockReading(visit.expected.local) : ''}\u2069`,
  };
  modals.openConfirmModal({
    title: t(`confirm.${action}.title`),
    centered: true,
    children: (
      <Stack gap="xs">
        <Text size="sm">{t(`confirm.${action}.body`, vars)}</Text>
        {action !== 'delete' && (
          <Text size="sm" c="dimmed">
            {t('confirm.hosts_told')}
          </Text>
        )}
      </Stack>
    ),
    labels: { confirm: t(`confirm.${action}.confirm`), cancel: i18next.t('common:actions.cancel') },
    confirmProps: {
      color: DESTRUCTIVE[action] ? 'red' : 'teal',
      'data-testid': `expected-visit-${action.replaceAll('_', '-')}-confirm`,
    },
    onConfirm: () => {
      const request =
        action === 'delete' ? deleteExpectedVisit(visit.id) : decideExpectedVisit(visit.id, { decision: action });
      request
        .then(async (res) => {
          notifySuccess(res.message);
          await onDone();
        })
        .catch(() => undefined);
    },
  });
}
