import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useOnSite } from '../use-on-site';
import { PlaceCard } from './place-card';

/** "Find my location", then the places of the holder's remote journeys, nearest first. */
export function OnSitePanel() {
  const { t } = useTranslation();
  const { state, acting, failures, locate, act } = useOnSite();
  const locating = state.status === 'locating';

  return (
    <Stack gap="md">
      <Button
        leftSection={<IconCurrentLocation size={18} aria-hidden />}
        loading={locating}
        onClick={() => void locate()}
        variant={state.status === 'ready' ? 'default' : 'filled'}
        data-testid="on-site-locate"
      >
        {state.status === 'ready' ? t('on_site.locate_again') : t('on_site.locate')}
      </Button>
      {state.status === 'idle' && <Text c="dimmed">{t('on_site.privacy')}</Text>}
      {state.status === 'no-position' && (
        <Alert color="orange" variant="light" role="alert" data-testid="on-site-no-position">
          {t(`on_site.position_failed.${state.reason}`)}
        </Alert>
      )}
      {state.status === 'error' && <ErrorAlert error={state.error} />}
      {state.status === 'ready' && state.places.length === 0 && (
        <Text c="dimmed" data-testid="on-site-none">
          {t('on_site.none')}
        </Text>
      )}
      {state.status === 'ready' && state.places.length > 0 && (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {state.places.map((place) => (
            <li key={place.site.id}>
              <PlaceCard
                place={place}
                acting={acting === place.site.id}
                failure={failures[place.site.id]}
                onAct={(action) => void act(place, action)}
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
