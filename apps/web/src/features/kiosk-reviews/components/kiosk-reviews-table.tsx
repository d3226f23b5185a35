import { Anchor, Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChecks, IconHistory } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { KioskReview, KioskReviewStatus } from '@app/shared/kiosks/reviews';
import { paths } from '@/config/paths';
import { formatLocalReading } from '@/lib/dates';
import { historySearchOf, placeOf } from '../utils/kiosk-reviews-page';

type KioskReviewsTableProps = {
  status: KioskReviewStatus;
  reviews: readonly KioskReview[];
  /** A newer page is being read while this one is still shown. */
  fetching: boolean;
  /** The reader may open the History report, where a visit is told in full. */
  canOpenHistory: boolean;
  onResolve: (review: KioskReview) => void;
};

/** What happened and when: signed in or out, and the moment on this browser's clock (DD/MM/YYYY HH:mm, left to right). */
function WhenCell({ review }: { review: KioskReview }) {
  const { t } = useTranslation('kiosk-reviews');
  return (
    <Stack gap={4} align="flex-start">
      <Badge
        variant="light"
        color={review.action === 'sign_in' ? 'blue' : 'grape'}
        tt="none"
        style={{ flexShrink: 0, minWidth: 'max-content' }}
        data-testid="kiosk-review-action"
      >
        {t(`actions.${review.action}`)}
      </Badge>
      <Text size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }} data-testid="kiosk-review-when">
        {formatLocalReading(review.occurred_local)}
      </Text>
    </Stack>
  );
}

/** Who, and the visit recorded for it. */
function PersonCell({ review, canOpenHistory }: { review: KioskReview; canOpenHistory: boolean }) {
  const { t } = useTranslation('kiosk-reviews');
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} data-testid="kiosk-review-person">
        <bdi>{review.person.name}</bdi>
      </Text>
      {review.person.id === null && (
        <Text size="xs" c="dimmed">
          {t('person_gone')}
        </Text>
      )}
      <VisitLink review={review} canOpenHistory={canOpenHistory} />
    </Stack>
  );
}

function KioskCell({ review }: { review: KioskReview }) {
  const place = placeOf(review);
  return (
    <Stack gap={0}>
      <Text size="sm" data-testid="kiosk-review-kiosk">
        <bdi>{review.kiosk.name}</bdi>
      </Text>
      {place && (
        <Text size="xs" c="dimmed">
          <bdi>{place}</bdi>
        </Text>
      )}
    </Stack>
  );
}

function ReasonsCell({ review }: { review: KioskReview }) {
  const { t } = useTranslation('kiosk-reviews');
  if (review.reasons.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('no_reason')}
      </Text>
    );
  // The server says why in the reader's language; several reasons read one under the other.
  return (
    <Stack gap={4} data-testid="kiosk-review-reasons">
      {review.reasons.map((reason) => (
        <Text size="sm" key={`${reason.field}:${reason.code}`} data-code={reason.code}>
          {reason.message}
        </Text>
      ))}
    </Stack>
  );
}

/** The visit recorded for the review: a link to its story in the History report when the reader may open it. */
function VisitLink({ review, canOpenHistory }: { review: KioskReview; canOpenHistory: boolean }) {
  const { t } = useTranslation('kiosk-reviews');
  if (!review.visit_id)
    return (
      <Text size="xs" c="dimmed" data-testid="kiosk-review-no-visit">
        {t('visit.none')}
      </Text>
    );
  const search = canOpenHistory ? historySearchOf(review) : null;
  if (!search)
    return (
      <Text size="xs" c="dimmed">
        {t('visit.recorded')}
      </Text>
    );
  return (
    <Anchor
      size="xs"
      renderRoot={(props) => <Link to={paths.reportingHistory} search={search} {...props} />}
      aria-label={t('visit.open_for', { name: review.person.name })}
      style={{ whiteSpace: 'nowrap' }}
      data-testid="kiosk-review-visit"
    >
      <IconHistory size={12} style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} aria-hidden />
      {t('visit.open')}
    </Anchor>
  );
}

function ResolutionCell({ review }: { review: KioskReview }) {
  const { t } = useTranslation('kiosk-reviews');
  const when = review.resolved_local ? formatLocalReading(review.resolved_local) : '';
  const by = review.resolved_by?.name;
  return (
    <Stack gap={2} data-testid="kiosk-review-resolution">
      {review.note ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="kiosk-review-note">
          <bdi>{review.note}</bdi>
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('resolution.no_note')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {by ? t('resolution.by', { name: by, date: when }) : t('resolution.at', { date: when })}
      </Text>
    </Stack>
  );
}

/**
 * The reviews of one status, newest first: signed in or out and when, who (with the visit recorded),
 * at which kiosk, why the server would have refused it; then the way to resolve an open one, or how a
 * resolved one was resolved.
 */
export function KioskReviewsTable({ status, reviews, fetching, canOpenHistory, onResolve }: KioskReviewsTableProps) {
  const { t } = useTranslation('kiosk-reviews');
  const open = status === 'open';
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="sm"
        highlightOnHover
        aria-busy={fetching || undefined}
        style={{ opacity: fetching ? 0.6 : 1 }}
        data-testid="kiosk-reviews-table"
        data-status={status}
      >
        <VisuallyHidden component="caption">{t(`table.caption.${status}`)}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.happened')}</Table.Th>
            <Table.Th>{t('table.person')}</Table.Th>
            <Table.Th>{t('table.kiosk')}</Table.Th>
            <Table.Th w="34%">{t('table.reason')}</Table.Th>
            {open ? (
              <Table.Th>
                <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
              </Table.Th>
            ) : (
              <Table.Th>{t('table.resolution')}</Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reviews.map((review) => (
            <Table.Tr
              key={review.id}
              data-testid="kiosk-review-row"
              data-id={review.id}
              data-name={review.person.name}
              data-action={review.action}
            >
              <Table.Td>
                <WhenCell review={review} />
              </Table.Td>
              <Table.Td>
                <PersonCell review={review} canOpenHistory={canOpenHistory} />
              </Table.Td>
              <Table.Td>
                <KioskCell review={review} />
              </Table.Td>
              <Table.Td>
                <ReasonsCell review={review} />
              </Table.Td>
              {open ? (
                <Table.Td ta="end">
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconChecks size={14} />}
                    onClick={() => onResolve(review)}
                    aria-label={t('resolve.for', { name: review.person.name })}
                    data-testid="kiosk-review-resolve"
                  >
                    {t('resolve.action')}
                  </Button>
                </Table.Td>
              ) : (
                <Table.Td>
                  <ResolutionCell review={review} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
