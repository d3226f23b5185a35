import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClipboardCheck, IconDownload, IconHourglassHigh, IconQrcode } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreRegistrationDone } from '@app/shared/pre-registration/schemas';
import { hrefFor, paths } from '@/config/paths';
import { usePreRegistration } from '../api/get-pre-registration';
import { formatVisitTime } from '../utils/visit-clock';
import { readVisitDone } from '../utils/visit-done';
import classes from './pre-registration.module.css';
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

function Done({ done }: { done: PreRegistrationDone }) {
  const { t, i18n } = useTranslation('pre-registration');
  const when = formatVisitTime(done.expectedDateTime, i18n.language);
  const awaiting = done.approval === 'awaiting';
  const compliance = done.compliance_url ? pathOf(done.compliance_url) : null;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={72} radius={999} variant="light" color={awaiting ? 'orange' : 'teal'}>
            {awaiting ? <IconHourglassHigh size={40} stroke={1.5} /> : <IconCircleCheck size={42} stroke={1.5} />}
          </ThemeIcon>
          <Title order={1} size="h2" data-testid="success-title">
            {t(`success.title.${done.approval}`)}
          </Title>
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
        </Stack>
      </Paper>

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
    </Stack>
  );
}

/**
 * /pre-registration/:id/success (spec §2, reached with add_visitor=true after creating or confirming a
 * visit): the visit's QR to show at the kiosk, and what happens next. The answer is kept for the tab,
 * so a reload or a change of language still shows it.
 */
export function PreRegistrationSuccessPage() {
  const { t } = useTranslation('pre-registration');
  const { id = '' } = useParams({ from: '/pre-registration/{-$id}/success' });
  const done = useMemo(() => (id ? readVisitDone(id) : null), [id]);
  // The company's name and logo for the header (an expired confirmation link still names its company).
  const info = usePreRegistration(id);

  return (
    <PublicScreen company={info.data?.company} narrow testId="pre-registration-success-page">
      {done ? (
        <Done done={done} />
      ) : (
        <Paper withBorder radius="lg" p="xl" shadow="sm" data-testid="success-missing">
          <Stack align="center" gap="md" ta="center">
            <ThemeIcon size={72} radius={999} variant="light" color="gray">
              <IconQrcode size={40} stroke={1.5} />
            </ThemeIcon>
            <Title order={1} size="h3">
              {t('success.missing_title')}
            </Title>
            <Text c="dimmed">{t('success.missing_body')}</Text>
            {id && (
              <Anchor href={hrefFor(paths.preRegistration, { id })} data-testid="success-back">
                {t('success.back')}
              </Anchor>
            )}
          </Stack>
        </Paper>
      )}
    </PublicScreen>
  );
}
