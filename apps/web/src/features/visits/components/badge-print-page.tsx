import { Alert, Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconPrinter } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Badge } from '@app/shared/visits/schemas';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useBadge } from '../api/get-badge';
import { useMarkBadgePrinted } from '../api/mark-badge-printed';
import { useQueueBadgePrint } from '../api/queue-badge-print';
import { fieldValueText, formatLocalStamp, temperatureText } from '../utils/visit-display';
import classes from './badge-print.module.css';

const uuid = z.uuid();

/** One printed badge: only what the flow's checks let the server put in it. */
function BadgeCard({ badge, company, copy }: { badge: Badge; company: string; copy: number }) {
  const { t } = useTranslation('visits');
  const words = { yes: t('badge.yes'), no: t('badge.no') };
  const since = badge.signed_in ? formatLocalStamp(badge.signed_in.local, undefined) : null;
  const fields = badge.custom_fields
    .map((field) => ({ ...field, text: fieldValueText(field.value, words) }))
    .filter((field) => field.text !== '');
  // Each copy after the first is printed only; the screen shows one.
  const testId = copy === 0 ? 'badge-card' : 'badge-copy';
  return (
    <article className={classes.card} data-copy={copy > 0 || undefined} data-testid={testId}>
      <header className={classes.header}>
        {badge.logo_url ? (
          <img className={classes.logo} src={badge.logo_url} alt={company} data-testid="badge-logo" />
        ) : (
          <span className={classes.company}>{company}</span>
        )}
        <span className={classes.label} data-label={badge.label} data-testid="badge-label">
          {t(`badge.labels.${badge.label}`)}
        </span>
      </header>

      {badge.photo_url !== null && (
        <img
          className={classes.photo}
          src={badge.photo_url}
          alt={t('logbook.photo_alt', { name: badge.name ?? '' })}
          data-testid="badge-photo"
        />
      )}
      {badge.name && (
        <div className={classes.name} data-testid="badge-name">
          {badge.name}
        </div>
      )}
      {badge.user_type && (
        <div className={classes.type} data-testid="badge-user-type">
          {badge.user_type}
        </div>
      )}

      <dl className={classes.facts}>
        {badge.host && (
          <div data-testid="badge-host">
            <dt>{t('badge.host')}</dt>
            <dd>{badge.host}</dd>
          </div>
        )}
        {badge.temperature_c !== null && (
          <div data-testid="badge-temperature">
            <dt>{t('badge.temperature')}</dt>
            <dd dir="ltr">{temperatureText(badge.temperature_c)}</dd>
          </div>
        )}
        {fields.map((field) => (
          <div key={field.id} data-testid="badge-field">
            <dt>
              <bdi>{field.name}</bdi>
            </dt>
            <dd>{field.text}</dd>
          </div>
        ))}
        {badge.late_sign_in_reason && (
          <div data-testid="badge-late-reason">
            <dt>{t('badge.late_reason')}</dt>
            <dd>{badge.late_sign_in_reason}</dd>
          </div>
        )}
        {badge.early_sign_out_reason && (
          <div data-testid="badge-early-reason">
            <dt>{t('badge.early_reason')}</dt>
            <dd>{badge.early_sign_out_reason}</dd>
          </div>
        )}
      </dl>

      <img className={classes.qr} src={badge.qr_image} alt={t('badge.qr_alt')} data-testid="badge-qr" />
      <footer className={classes.footer}>
        <span data-testid="badge-place">
          {badge.site} › {badge.area}
        </span>
        {since && (
          <span dir="ltr" data-testid="badge-since">
            {since.full}
          </span>
        )}
      </footer>
    </article>
  );
}

/**
 * A visit's printable badge (spec "Print badge"), opened in its own tab from the logbook: badge-sized,
 * with nothing of the page around it on paper. Printing puts it in the print queue first, so the
 * queue keeps the badge as printed.
 */
export function BadgePrintPage() {
  const { t } = useTranslation('visits');
  const session = useSession();
  const params: { id?: string } = useParams({ strict: false });
  const id = params.id && uuid.safeParse(params.id).success ? params.id : null;
  const badge = useBadge(id);
  const queue = useQueueBadgePrint();
  const printed = useMarkBadgePrinted();
  const data = badge.data;
  const arrived = !!data?.signed_in;
  const copies = Math.max(1, data?.copies ?? 1);

  const print = () => {
    if (!id) return;
    queue.mutate(id, {
      onSuccess: (queued) => {
        window.print();
        // print() returns when the dialog closes; browsers do not say whether it printed, so a closed
        // dialog counts as printed (a print that never came out is reprinted from the print queue).
        printed.mutate(queued.id);
        // After the print dialog: a toast shown before it could end up on the badge.
        notifySuccess(t('badge.queued'));
      },
    });
  };

  return (
    <div className={classes.page} data-testid="badge-page">
      <Container size="sm" className={classes.noPrint} mb="lg" px={0}>
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={2}>{t('badge.title')}</Title>
            <Text c="dimmed" size="sm">
              {data ? t('badge.copies', { count: copies }) : t('badge.preparing')}
            </Text>
          </Stack>
          <Button
            leftSection={<IconPrinter size={16} />}
            onClick={print}
            loading={queue.isPending}
            disabled={!data || !arrived}
            data-testid="badge-print"
          >
            {t('badge.print')}
          </Button>
        </Group>
        {data && !arrived && (
          <Alert mt="md" color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('badge.not_arrived')}
          </Alert>
        )}
        {data && arrived && !data.print_badge && (
          <Alert mt="md" color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="badge-not-asked">
            {t('badge.not_asked')}
          </Alert>
        )}
      </Container>

      {!id ? (
        <Container size="sm" px={0}>
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="badge-invalid">
            {t('badge.invalid')}
          </Alert>
        </Container>
      ) : badge.isError ? (
        <Container size="sm" px={0}>
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('badge.failed')}
          </Alert>
        </Container>
      ) : !data ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <section className={classes.sheet} aria-label={t('badge.title')}>
          {Array.from({ length: copies }, (_, copy) => (
            <BadgeCard key={copy} badge={data} company={session?.entity.name ?? ''} copy={copy} />
          ))}
        </section>
      )}
    </div>
  );
}
