import { Alert, Badge, Button, Paper, Select, Stack, Text } from '@mantine/core';
import type { HolderPlace } from '@app/shared/passport/holder';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyHeading } from '../../../components/company-heading';
import { formatDateTimeIn } from '../../../lib/dates';
import { formatDistance } from '../distance';
import type { PlaceAction } from '../use-on-site';

type PlaceCardProps = {
  place: HolderPlace;
  acting: boolean;
  failure?: string;
  onAct: (action: PlaceAction) => void;
};

/** Where the phone stands against one site's fence, and Sign in or Sign out when inside it. */
export function PlaceCard({ place, acting, failure, onAct }: PlaceCardProps) {
  const { t, i18n } = useTranslation();
  const [areaId, setAreaId] = useState(place.areas[0]?.id ?? null);
  const [userTypeId, setUserTypeId] = useState(place.journeys[0]?.user_type_id ?? null);
  const distance = (m: number) => formatDistance(m, i18n.language);
  const where = place.inside
    ? t('on_site.inside', { distance: distance(place.distance) })
    : place.inexact
      ? t('on_site.inexact', { radius: distance(place.radius) })
      : t('on_site.away', { away: distance(place.distance - place.radius), radius: distance(place.radius) });

  return (
    <Paper withBorder radius="md" p="md" data-testid="place-card">
      <Stack gap="sm">
        <CompanyHeading
          logo={place.company.logo_url}
          company={place.company.name}
          title={place.site.name}
          lines={[
            place.site.location_name ? `${place.company.name} · ${place.site.location_name}` : place.company.name,
          ]}
          aside={
            <Badge color={place.inside ? 'green' : 'gray'} variant="light">
              {place.inside ? t('on_site.badge_inside') : t('on_site.badge_outside')}
            </Badge>
          }
        />
        <Text size="sm" data-testid="place-distance">
          {where}
        </Text>
        {place.on_site ? (
          <>
            <Text size="sm">
              {t('on_site.signed_in', {
                area: place.on_site.area,
                at: formatDateTimeIn(place.on_site.signed_in_at, i18n.language, place.timezone),
              })}
            </Text>
            <Button
              color="orange"
              loading={acting}
              disabled={!place.inside}
              onClick={() => onAct({ kind: 'out', visitId: place.on_site!.visit_id })}
              data-testid="place-sign-out"
            >
              {t('on_site.sign_out')}
            </Button>
          </>
        ) : (
          <>
            {place.areas.length > 1 && (
              <Select
                label={t('on_site.area')}
                data={place.areas.map((a) => ({ value: a.id, label: a.name }))}
                value={areaId}
                onChange={setAreaId}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
              />
            )}
            {place.journeys.length > 1 && (
              <Select
                label={t('on_site.journey')}
                data={place.journeys.map((j) => ({ value: j.user_type_id, label: `${j.name} · ${j.user_type}` }))}
                value={userTypeId}
                onChange={setUserTypeId}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
              />
            )}
            <Button
              loading={acting}
              disabled={!place.inside || !areaId || !userTypeId}
              onClick={() => onAct({ kind: 'in', areaId: areaId!, userTypeId: userTypeId! })}
              data-testid="place-sign-in"
            >
              {t('on_site.sign_in')}
            </Button>
          </>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="place-error">
            {failure}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
