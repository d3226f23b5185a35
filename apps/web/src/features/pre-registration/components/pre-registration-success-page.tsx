import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarX,
  IconCircleCheck,
  IconClipboardCheck,
  IconDownload,
  IconHourglassHigh,
  IconId,
  IconQrcode,
} from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreRegistrationDone } from '@app/shared/pre-registration/schemas';
import { hrefFor, paths } from '@/config/paths';
import { PublicNotice } from '@/components/ui/public-notice';
import { useSearchText } from '@/lib/search-param';
import { usePublicPassport } from '../api/get-public-passport';
import { useVisitPass } from '../api/get-visit-pass';
import { passportVisitsUrl } from '../utils/passport-fill';
import { formatVisitTime } from '../utils/visit-clock';
import { readVisitDone } from '../utils/visit-done';
import classes from './pre-registration.module.css';
import { FaceConsentCard } from './face-consent-card';
import { PublicLoading } from './public-loading';
import { PublicScreen } from './public-screen';

/** The compliance page of the answer's link, on this app's own address. */
const pathOf = (url: string) => {
  try {
    const parsed = new URL(url, window.location.origin);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
};

type Place = { site: string | null; area: string | null };

function Done({
  done,
  place,
  token,
  company,
}: {
  done: PreRegistrationDone;
  place: Place | null;
  /** The visit's link, when the server answered the page: face sign-in is asked through it. */
  token?: string;
  company?: string;
}) {
  const { t, i18n } = useTranslation('pre-registration');
  const when = formatVisitTime(done.expectedDateTime, i18n.language);
  const awaiting = done.approval === 'awaiting';
  const compliance = done.compliance_url ? pathOf(done.compliance_url) : null;
  return (
    <Stack gap="lg">
      <PublicNotice
        icon={awaiting ? IconHourglassHigh : IconCircleCheck}
        color={awaiting ? 'orange' : 'teal'}
        title={t(`success.title.${done.approval}`)}
        titleTestId="success-title"
      >
        <Text c="dimmed" data-testid="success-next">
          {/* The compliance asked before arriving comes first, whatever the approval. */}
          {done.stage === 'compliance_pending' && compliance
            ? t('success.next.compliance_pending')
            : t(`success.next.${done.approval}`)}
        </Text>
        {when && (
          <Badge size="lg" variant="light" radius="sm" tt="none" data-testid="success-when">
            {t('summary.when_value', { date: when.date, time: `\u2066${when.time}\u2069` })}
          </Badge>
        )}
        {place?.site && place.area && (
          <Text size="sm" data-testid="success-place">
            <bdi>{t('visit.place', { site: place.site, area: place.area })}</bdi>
          </Text>
        )}
      </PublicNotice>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        <Stack align="center" gap="sm" ta="center">
          <Group gap={8}>
            <IconQrcode size={20} />
            <Title order={2} size="h4">
              {t('success.qr_title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('success.qr_hint')}
          </Text>
          <Text size="sm" c="dimmed" data-testid="success-keep">
            {t('success.keep_hint')}
          </Text>
          <img src={done.qr} alt={t('success.qr_alt')} className={classes.qr} data-testid="success-qr" />
          <Stack gap={0} align="center">
            <Text size="xs" c="dimmed">
              {t('success.code')}
            </Text>
            <Text component="output" dir="ltr" className={classes.code} data-testid="success-code">
              {done.link_code}
            </Text>
          </Stack>
          <Button
            component="a"
            href={done.qr}
            download={`visit-${done.link_code}.png`}
            variant="light"
            leftSection={<IconDownload size={16} />}
            data-testid="success-download"
          >
            {t('success.download')}
          </Button>
        </Stack>
      </Paper>

      {compliance && (
        <Alert
          variant="light"
          color="indigo"
          radius="lg"
          icon={<IconClipboardCheck size={22} />}
          title={t('success.compliance_title')}
          data-testid="success-compliance"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('success.compliance_body')}</Text>
            <Button component="a" href={compliance} size="sm" data-testid="success-compliance-link">
              {t('success.compliance_open')}
            </Button>
          </Stack>
        </Alert>
      )}
      {token && <FaceConsentCard token={token} company={company ?? ''} />}
    </Stack>
  );
}

/** Back to the holder's visits in their passport, when they came from it (comingFromPassport=true). */
function BackToPassport() {
  const { t } = useTranslation('pre-registration');
  const passport = usePublicPassport(true);
  const url = passport.data?.passport_url;
  if (!url) return null;
  return (
    <Button
      component="a"
      href={passportVisitsUrl(url)}
      variant="light"
      size="md"
      fullWidth
      mt="lg"
      leftSection={<IconId size={18} />}
      data-testid="success-back-to-passport"
    >
      {t('success.back_to_passport')}
    </Button>
  );
}

function Ended({ message }: { message: string }) {
  const { t } = useTranslation('pre-registration');
  return (
    <PublicNotice
      icon={IconCalendarX}
      color="orange"
      title={t('success.ended_title')}
      titleSize="h3"
      testId="success-ended"
    >
      <Text c="dimmed" data-testid="success-ended-message">
        {message}
      </Text>
    </PublicNotice>
  );
}

function Missing({ id }: { id: string }) {
  const { t } = useTranslation('pre-registration');
  return (
    <PublicNotice
      icon={IconQrcode}
      color="gray"
      title={t('success.missing_title')}
      titleSize="h3"
      testId="success-missing"
    >
      <Text c="dimmed">{t('success.missing_body')}</Text>
      {id && (
        <Anchor href={hrefFor(paths.preRegistration, { id })} data-testid="success-back">
          {t('success.back')}
        </Anchor>
      )}
    </PublicNotice>
  );
}

/**
 * /pre-registration/:id/success (spec §2, reached with add_visitor=true after creating or confirming a
 * visit, and comingFromPassport=true when the form was filled from the passport, which it then leads
 * back to): the visit's QR to show at the kiosk, and where the visit stands now. The id is the visit's
 * link token, so the server answers the page (GET /public/visits/{token}/pass) after a reload, on
 * another device or from the confirmation email, until the visit is over. While it loads, the answer
 * kept for this tab is shown.
 */
export function PreRegistrationSuccessPage() {
  const { id = '' } = useParams({ from: '/pre-registration/{-$id}/success' });
  const stored = useMemo(() => (id ? readVisitDone(id) : null), [id]);
  const pass = useVisitPass(id);
  const fromPassport = useSearchText('comingFromPassport') === 'true';
  const meta = pass.data?.visitMetadata;

  let body;
  if (pass.data?.visit) {
    body = <Done done={pass.data.visit} place={pass.data.visit} token={id} company={pass.data.company?.name} />;
  } else if (meta?.is_expired && meta.reason !== 'LINK_INVALID') {
    body = <Ended message={meta.message ?? ''} />;
  } else if (stored) {
    body = <Done done={stored} place={null} />;
  } else if (pass.isPending && id) {
    body = <PublicLoading />;
  } else {
    body = <Missing id={id} />;
  }

  return (
    <PublicScreen company={pass.data?.company} narrow testId="pre-registration-success-page">
      {body}
      {fromPassport && <BackToPassport />}
    </PublicScreen>
  );
}
