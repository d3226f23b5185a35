import { Badge, Button, Paper, Stack } from '@mantine/core';
import type { HolderVisit } from '@app/shared/passport/holder';
import { useTranslation } from 'react-i18next';
import { AppLink, linkProps } from '../../../components/app-link';
import { CompanyHeading } from '../../../components/company-heading';
import { formatDateTimeIn } from '../../../lib/dates';
import { paths } from '../../../lib/router';

const STATE_COLORS: Record<HolderVisit['state'], string> = {
  expected: 'blue',
  on_site: 'green',
  checked_in: 'teal',
  left: 'gray',
  cancelled: 'gray',
};

/** When the visit happens or happened, on the company's clock. */
function visitMoment(visit: HolderVisit) {
  if (visit.state === 'expected')
    return visit.expected_at ? { key: 'visits.expected_at', at: visit.expected_at } : null;
  if (visit.signed_out_at && visit.signed_in_at)
    return { key: 'visits.between', at: visit.signed_in_at, until: visit.signed_out_at };
  return visit.signed_in_at ? { key: 'visits.signed_in_at', at: visit.signed_in_at } : null;
}

/** One visit: the company, the place, when, its state, and Confirm (filled from the passport) while its link waits. */
export function VisitCard({ visit }: { visit: HolderVisit }) {
  const { t, i18n } = useTranslation();
  const moment = visitMoment(visit);
  const at = (iso: string) => formatDateTimeIn(iso, i18n.language, visit.timezone);
  return (
    <Paper withBorder radius="md" p="md" data-testid="visit-card">
      <Stack gap="sm">
        <CompanyHeading
          logo={visit.company.logo_url}
          company={visit.company.name}
          title={visit.company.name}
          lines={[
            t('visits.place', { site: visit.site.name, area: visit.area.name }),
            ...(moment ? [t(moment.key, { at: at(moment.at), until: moment.until ? at(moment.until) : '' })] : []),
          ]}
          aside={
            <Badge color={STATE_COLORS[visit.state]} variant="light">
              {t(`visits.state.${visit.state}`)}
            </Badge>
          }
        />
        {visit.confirm_link && (
          <Button
            {...linkProps(`${paths.share}?${new URLSearchParams({ link: visit.confirm_link }).toString()}`)}
            variant="light"
            data-testid="visit-confirm"
          >
            {t('visits.confirm')}
          </Button>
        )}
        {visit.state === 'on_site' && (
          <AppLink href={paths.onSite} size="sm">
            {t('visits.sign_out_here')}
          </AppLink>
        )}
      </Stack>
    </Paper>
  );
}
