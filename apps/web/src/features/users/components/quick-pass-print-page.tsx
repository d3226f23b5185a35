import { Alert, Button, Center, Container, EmptyState, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconIdBadge2, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { parseQuickPassIds, type QuickPass } from '@app/shared/quick-passes/schemas';
import { ApiError } from '@/lib/api-client';
import { useSearchText } from '@/lib/search-param';
import { useQuickPasses } from '../api/print-quick-passes';
import classes from './quick-pass-print.module.css';

const initials = (pass: QuickPass) => `${pass.first_name.charAt(0)}${pass.last_name.charAt(0)}`.toUpperCase();

function PassCard({ pass, company }: { pass: QuickPass; company: { name: string; logo: string | null } }) {
  const { t } = useTranslation('users');
  const name = `${pass.first_name} ${pass.last_name}`;
  return (
    <article className={classes.card} data-testid="quick-pass-card" aria-label={name}>
      <div className={classes.company}>
        {company.logo && <img className={classes.logo} src={company.logo} alt="" />}
        <span className={classes.companyName}>{company.name}</span>
      </div>
      {pass.photo ? (
        <img className={classes.photo} src={pass.photo} alt={t('photo.alt', { name })} />
      ) : (
        <div className={classes.initials} aria-hidden>
          {initials(pass)}
        </div>
      )}
      <div className={classes.name}>{name}</div>
      {pass.user_types.length > 0 && <div className={classes.types}>{pass.user_types.join(' · ')}</div>}
      <img
        className={classes.qr}
        src={pass.qr_image}
        alt={t('quick_pass.qr_alt', { name })}
        data-testid="quick-pass-qr"
      />
      <div className={classes.label}>{t('quick_pass.label')}</div>
    </article>
  );
}

/**
 * The printable QuickPasses of `?ids=` (spec §7 POST /quick-passes): one badge-sized card per person
 * with photo, name, user types, company and QR, laid out for A4 paper. Opened in its own tab, without
 * the dashboard around it.
 */
export function QuickPassPrintPage() {
  const { t } = useTranslation('users');
  const ids = parseQuickPassIds(useSearchText('ids'));
  const passes = useQuickPasses(ids);
  const data = passes.data;
  const refused = passes.error instanceof ApiError && passes.error.status === 422 ? passes.error.message : null;

  return (
    <div className={classes.page} data-testid="quick-pass-page">
      <Container size="lg" className={classes.noPrint} mb="lg" px={0}>
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={2}>{t('quick_pass.title')}</Title>
            <Text c="dimmed" size="sm">
              {data ? t('quick_pass.count', { count: data.passes.length }) : t('quick_pass.preparing')}
            </Text>
          </Stack>
          <Button
            leftSection={<IconPrinter size={16} />}
            onClick={() => window.print()}
            disabled={!data || data.passes.length === 0}
            data-testid="quick-pass-print"
          >
            {t('quick_pass.print')}
          </Button>
        </Group>
        {data && data.skipped.length > 0 && (
          <Alert
            mt="md"
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('mass.skipped', { count: data.skipped.length })}
            data-testid="quick-pass-skipped"
          >
            <List size="sm" spacing={2}>
              {data.skipped.map((skip) => (
                <List.Item key={skip.user_id}>
                  <Text span size="sm" fw={500}>
                    {skip.name ?? t('mass.someone')}
                  </Text>
                  {': '}
                  {skip.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Container>

      {ids.length === 0 ? (
        <EmptyState
          icon={<IconIdBadge2 size={28} />}
          title={t('quick_pass.none_title')}
          description={t('quick_pass.none_body')}
          py="xl"
          data-testid="quick-pass-none"
        />
      ) : refused ? (
        <Container size="sm">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="quick-pass-refused">
            {refused}
          </Alert>
        </Container>
      ) : passes.isError ? (
        <Container size="sm">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('quick_pass.failed')}
          </Alert>
        </Container>
      ) : !data ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <Container size="lg" px={0}>
          <section className={classes.sheet} aria-label={t('quick_pass.title')}>
            {data.passes.map((pass) => (
              <PassCard key={pass.id} pass={pass} company={data.company} />
            ))}
          </section>
        </Container>
      )}
    </div>
  );
}
